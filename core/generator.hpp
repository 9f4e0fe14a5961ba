#pragma once
// One interface for the five article generators; one file each.
#include "core/heightfield.hpp"
#include "core/parallel.hpp"
#include "core/spec.hpp"

namespace terrain {

class Generator {
 public:
  virtual ~Generator() = default;
  virtual GeneratorId id() const = 0;
  // Raw heights for a validated spec, smoothing applied; any range (the
  // pipeline normalises). Must be a pure function of the spec: the same
  // bits for every Execution::threads.
  virtual Heightfield generate(const TerrainSpec& spec, const Execution& exec) const = 0;
};

const Generator& generatorFor(GeneratorId id);

// validate -> generate -> normalise to [0, 1]. Throws InputError.
Heightfield generateTerrain(const TerrainSpec& spec, const Execution& exec = {});

}  // namespace terrain
