#pragma once
// What the erosion test files share (erosion_test.cpp: both stages;
// thermal_test.cpp; droplets_test.cpp): their ground, a run of a stage on
// it, values with a few set, and the sums and checks their claims read.
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <utility>
#include <vector>

#include "core/nodes/modifiers/droplets.hpp"
#include "core/nodes/modifiers/thermal.hpp"
#include "core/nodes/registry.hpp"
#include "tests/core/test_support.hpp"

namespace terrain::testing::erosion {

// Diamond-square ground of that size (seed 3); `wraps` makes it a torus
// (the erosion does not care that its edges do not match).
inline Heightfield ground(int size, bool wraps = false) {
  const SourceStage& ds = sourceStage("diamond-square");
  ParamValues values = ds.defaults();
  values[ds.sizeIndex()] = size;
  Heightfield field = ds.generate(3, values, testing::control(1));
  field.wraps = wraps;
  return field;
}

inline Heightfield run(const ModifierStage& stage, const Heightfield& in, const ParamValues& values,
                       int threads = 1, std::uint64_t seed = 7) {
  RunControl control;
  control.exec.threads = threads;
  return stage.apply(in, StageContext{seed, {}}, values, control);
}

inline ParamValues with(const ModifierStage& stage,
                        std::initializer_list<std::pair<std::string_view, double>> params) {
  ParamValues values = stage.defaults();
  for (const auto& [key, value] : params) values[testing::paramIndex(stage, key)] = value;
  return values;
}

inline double sum(const std::vector<float>& v) {
  double s = 0.0;
  for (float x : v) s += static_cast<double>(x);
  return s;
}

inline bool allFinite(const Heightfield& field) {
  for (float h : field.heights) {
    if (!std::isfinite(h)) return false;
  }
  return true;
}

// Both erosion stages, for the claims they share.
inline const ModifierStage* const kStages[] = {&thermalModifier(), &dropletsModifier()};

}  // namespace terrain::testing::erosion
