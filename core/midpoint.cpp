#include "core/midpoint.hpp"

namespace terrain {

Heightfield MidpointGenerator::generate(const TerrainSpec& spec, const Execution& /*exec*/) const {
  return Heightfield(spec.size, generatorInfo(spec.generator).profile ? 1 : spec.size);
}

}  // namespace terrain
