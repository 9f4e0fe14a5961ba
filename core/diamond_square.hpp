#pragma once
#include "core/generator.hpp"

namespace terrain {

class DiamondSquareGenerator final : public Generator {
 public:
  GeneratorId id() const override { return GeneratorId::DiamondSquare; }
  Heightfield generate(const TerrainSpec& spec, const Execution& exec) const override;
};

}  // namespace terrain
