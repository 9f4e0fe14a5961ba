// Heights a designer reads in metres (issue 38 item 2): every parameter
// that is a height of the world's range (its help says "of the height
// range") is marked so the panel shows it in metres, and every marked one
// is a real number inside 0..1, which the panel's metres map back onto.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "core/graph/node_registry.hpp"
#include "core/graph/node_type.hpp"
#include "core/look/look.hpp"
#include "core/nodes/registry.hpp"

namespace terrain {
namespace {

void expectHeightsMarked(std::span<const ParamInfo> infos, std::string_view owner, int& marked) {
  for (const ParamInfo& info : infos) {
    const std::string what = std::string(owner) + " " + std::string(info.key);
    if (std::string_view(info.help).find("of the height range") != std::string_view::npos) {
      EXPECT_NE(info.height, HeightMeaning::None) << what << " is a height: shown in metres";
    }
    if (info.height == HeightMeaning::None) continue;
    ++marked;
    EXPECT_EQ(info.type, ParamType::Real) << what;
    EXPECT_GE(info.min, 0.0) << what;
    EXPECT_LE(info.max, 1.0) << what;
  }
}

TEST(HeightsInMetres, EveryHeightOfTheRangeIsMarkedForThePanelsMetres) {
  int marked = 0;
  expectHeightsMarked(lookTable().infos(), "look", marked);
  for (const ModifierStage* stage : modifiers()) {
    expectHeightsMarked(stage->params(), stage->key(), marked);
  }
  for (const NodeType* type : nodeTypes()) expectHeightsMarked(type->params(), type->key(), marked);
  // The look's water level and snow line at least.
  EXPECT_GE(marked, 2);
  EXPECT_EQ(lookTable().infos()[*lookTable().indexOf("water")].height, HeightMeaning::Level);
  EXPECT_EQ(lookTable().infos()[*lookTable().indexOf("snow-line")].height, HeightMeaning::Level);
}

}  // namespace
}  // namespace terrain
