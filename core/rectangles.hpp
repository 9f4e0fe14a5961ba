#pragma once
#include "core/generator.hpp"

namespace terrain {

class RectanglesGenerator final : public Generator {
 public:
  GeneratorId id() const override { return GeneratorId::Rectangles; }
  Heightfield generate(const TerrainSpec& spec, const Execution& exec) const override;
};

}  // namespace terrain
