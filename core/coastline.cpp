#include "core/coastline.hpp"

namespace terrain {

Heightfield CoastlineGenerator::generate(const TerrainSpec& spec, const Execution& /*exec*/) const {
  return Heightfield(spec.size, generatorInfo(spec.generator).profile ? 1 : spec.size);
}

}  // namespace terrain
