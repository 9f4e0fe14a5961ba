#pragma once
// What the two stream-power test files share: the stage, its values with
// a few set, and a run of it as the pipeline makes one (seed 1).
#include <initializer_list>
#include <string_view>
#include <utility>

#include "core/nodes/modifiers/stream_power.hpp"
#include "tests/core/test_support.hpp"

namespace terrain::testing::stream_power {

inline const ModifierStage& stage() {
  return streamPowerModifier();
}

inline ParamValues values(std::initializer_list<std::pair<std::string_view, double>> set = {}) {
  return valuesWith(stage(), set);
}

inline Heightfield erode(const Heightfield& in, const ParamValues& v, int threads = 0,
                         const World& world = {}) {
  return stage().apply(in, StageContext{1, world}, v, control(threads));
}

}  // namespace terrain::testing::stream_power
