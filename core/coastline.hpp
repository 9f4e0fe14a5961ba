#pragma once
#include "core/generator.hpp"

namespace terrain {

class CoastlineGenerator final : public Generator {
 public:
  GeneratorId id() const override { return GeneratorId::Coastline; }
  Heightfield generate(const TerrainSpec& spec, const Execution& exec) const override;
};

}  // namespace terrain
