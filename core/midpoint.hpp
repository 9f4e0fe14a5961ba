#pragma once
#include "core/generator.hpp"

namespace terrain {

class MidpointGenerator final : public Generator {
 public:
  GeneratorId id() const override { return GeneratorId::Midpoint; }
  Heightfield generate(const TerrainSpec& spec, const Execution& exec) const override;
};

}  // namespace terrain
