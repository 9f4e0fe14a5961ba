// River: a channel carved along a course the designer draws, flowing from
// its higher end to its lower: the bed follows the terrain less the depth
// but never rises along the flow, and the banks slope back up to the
// terrain. The second output is its footprint, a mask (1 in the channel,
// falling to 0 across the banks): it can hold stream power's outlets, so
// the valleys around drain into the river. The bed depends on the terrain
// along the whole course: a whole-map node.
#include <algorithm>
#include <memory>
#include <string_view>
#include <vector>

#include "core/nodes/cells.hpp"
#include "core/nodes/graded_profile.hpp"
#include "core/nodes/nodes.hpp"
#include "core/nodes/paths.hpp"

namespace terrain {
namespace {

struct RiverParams {
  double path = noStrokesId();
  double width = 40.0;  // metres across the bed
  double depth = 8.0;   // metres below the terrain at the deepest
  double banks = 80.0;  // metres over which the banks rise to the terrain
  double bed = 1.0;     // kBedNames: 0 follows the terrain, 1 graded
};

constexpr std::string_view kBedNames[] = {"terrain", "graded"};

constexpr std::string_view kKey = "river";

// The bed along the course from its first point, flowing downhill: the
// lowest ground across the channel at each step less the depth, each step
// no higher than the one before, so the bed never rises along the flow and
// never stands above the ground it replaces.
// `uphill`: the course was drawn from its lower end, so is taken backwards.
std::vector<double> bedProfile(std::vector<double> ground, const PathPoints& course, bool uphill,
                               const StrokeGrid& grid, const Heightfield& field, double spacing,
                               double half, double reach, double depth) {
  forEachPathCell(
      course, grid, reach,
      [&](const PathCell& c) {
        if (c.distance > half) return;
        const auto k = std::min(static_cast<std::size_t>(c.along / spacing), ground.size() - 1);
        ground[k] = std::min(ground[k], static_cast<double>(field.heights[c.index]));
      },
      nullptr, uphill);
  double lowest = ground.front() - depth;
  for (double& h : ground) {
    lowest = std::min(lowest, h - depth);
    h = std::max(0.0, lowest);
  }
  return ground;
}

void carveRiver(Heightfield& field, Heightfield& mask, const StrokeGrid& grid,
                const PathPoints& drawn, const RiverParams& p, double heightRange) {
  const double spacing = profileSpacing(grid, drawn);
  std::vector<double> ground = terrainProfile(field, grid, drawn, spacing);
  // It flows from its higher end: a course drawn uphill is taken backwards
  // (no reversed copy: a long course's was 0.3 of a 1025 map).
  const bool uphill = ground.back() > ground.front();
  if (uphill) std::reverse(ground.begin(), ground.end());
  const double half = 0.5 * p.width;
  // The channel's cells: a hair past its half-width, so every cell whose
  // distance rounds to it is among them (the rest are passed over inside).
  std::vector<double> bed = bedProfile(std::move(ground), drawn, uphill, grid, field, spacing, half,
                                       half * (1.0 + 1e-9), p.depth / heightRange);
  // Corners rounded by a quarter of the depth: the bed lies a little
  // deeper than the hull (river valley: 0.17 of the depth), and the corner
  // where a steep head meets the valley floor bends instead of creasing it.
  if (p.bed >= 1.0) bed = gradedProfile(bed, 0.25 * p.depth / heightRange);
  forEachPathCell(
      drawn, grid, half + p.banks,
      [&](const PathCell& c) {
        const double level = profileAt(bed, spacing, c.along);
        const double inChannel = c.distance <= half ? 1.0 : fallOff((c.distance - half) / p.banks);
        float& h = field.heights[c.index];
        const double carved = level + (static_cast<double>(h) - level) * (1.0 - inChannel);
        h = std::min(h, static_cast<float>(carved));
        mask.heights[c.index] = std::max(mask.heights[c.index], static_cast<float>(inChannel));
      },
      nullptr, uphill);
}

const ParamTable<RiverParams>& table() {
  static const ParamTable<RiverParams> rows({
      TERRAIN_BIND(RiverParams, path,
                   (strokesParam("path", "Course",
                                 "Where the river runs: draw it on the Map view with the node "
                                 "selected; it flows from its higher end",
                                 kCourseStrokes))),
      TERRAIN_BIND(RiverParams, width,
                   (ParamInfo{"width",
                              "Width",
                              "m",
                              "How wide the river's bed is",
                              ParamType::Real,
                              1.0,
                              5000.0,
                              {},
                              true})),
      TERRAIN_BIND(RiverParams, depth,
                   (ParamInfo{"depth", "Depth", "m",
                              "How deep the bed lies below the terrain where the course runs "
                              "downhill; it never rises along the flow, so it cuts deeper "
                              "through any rise",
                              ParamType::Real, 0.0, 1000.0})),
      TERRAIN_BIND(RiverParams, banks,
                   (ParamInfo{"banks",
                              "Banks",
                              "m",
                              "How far the banks reach from the bed before they meet the "
                              "terrain: short for a gorge, long for a wide valley",
                              ParamType::Real,
                              1.0,
                              20000.0,
                              {},
                              true})),
      TERRAIN_BIND(
          RiverParams, bed,
          (ParamInfo{.key = "bed",
                     .label = "Bed",
                     .unit = "",
                     .help = "'graded' wears the bed to a river's long profile: steepest at the "
                             "head, its slope only easing towards the mouth, cutting gorges "
                             "through steps in the terrain; 'terrain' follows the ground down, "
                             "rapids and all, and lies flat through rises (projects saved "
                             "before this existed)",
                     .type = ParamType::Choice,
                     .max = 1,
                     .choices = kBedNames,
                     .whenAbsent = 0.0})),
  });
  return rows;
}

std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext& context,
                           const ParamValues& values, const RunControl& control) {
  const RiverParams p = table().unpack(values);
  return runCourses(
      kKey, std::move(in[0]), context, strokesOf(p.path), control,
      [&](Heightfield& field, Heightfield& mask, const StrokeGrid& grid, const PathPoints& points) {
        carveRiver(field, mask, grid, points, p, context.world.heightRange);
      });
}

}  // namespace

const NodeType& riverNode() {
  static const NodeType node({
      .key = kKey,
      .title = "River",
      .help = "Carves a river along a drawn course, its bed never rising along the flow; gives "
              "its footprint as a mask (connect it to stream power's outlets so the valleys "
              "drain into it)",
      .inputs = {{"in", "In", PortKind::Heights, false}},
      .outputs = {{"heights", "Heights", PortKind::Heights, false},
                  {"mask", "Footprint", PortKind::Mask, false}},
      .params = table().schema(),
      .validate = [](const ParamValues& values) { requirePaths(kKey, strokesOf(values[0])); },
      .locality = Locality::WholeMap,
      .usesSeed = false,
      .run = run,
  });
  return node;
}

}  // namespace terrain
