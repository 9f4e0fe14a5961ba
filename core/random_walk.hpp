#pragma once
#include "core/generator.hpp"

namespace terrain {

class RandomWalkGenerator final : public Generator {
 public:
  GeneratorId id() const override { return GeneratorId::RandomWalk; }
  Heightfield generate(const TerrainSpec& spec, const Execution& exec) const override;
};

}  // namespace terrain
