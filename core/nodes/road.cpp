// Road: a strip along a drawn course levelled to a smooth grade (the
// terrain under it averaged over a grade length, so it rises and falls
// gently), flat across its width, with shoulders that blend into the
// terrain. The second output is its footprint, a mask. The grade depends
// on the terrain along the whole course: a whole-map node.
#include <memory>

#include "core/nodes/cells.hpp"
#include "core/nodes/nodes.hpp"
#include "core/nodes/paths.hpp"

namespace terrain {
namespace {

struct RoadParams {
  double path = noStrokesId();
  double width = 12.0;         // metres of flat road
  double shoulders = 30.0;     // metres over which the ground blends back to the terrain
  double gradeLength = 400.0;  // metres of terrain averaged into the road's level
};

constexpr std::string_view kKey = "road";

// The profile averaged over `window` samples either side (fewer at the ends).
std::vector<double> smoothed(const std::vector<double>& profile, std::size_t window) {
  std::vector<double> out(profile.size());
  for (std::size_t k = 0; k < profile.size(); ++k) {
    const std::size_t first = k >= window ? k - window : 0;
    const std::size_t last = std::min(profile.size() - 1, k + window);
    double sum = 0.0;
    for (std::size_t j = first; j <= last; ++j) sum += profile[j];
    out[k] = sum / static_cast<double>(last - first + 1);
  }
  return out;
}

void buildRoad(Heightfield& field, Heightfield& mask, const StrokeGrid& grid,
               const PathPoints& course, const RoadParams& p) {
  const double spacing = profileSpacing(grid, course);
  const auto window = static_cast<std::size_t>(std::lround(0.5 * p.gradeLength / spacing));
  const std::vector<double> level = smoothed(terrainProfile(field, grid, course, spacing), window);
  const double half = 0.5 * p.width;
  forEachPathCell(course, grid, half + p.shoulders, [&](const PathCell& c) {
    const double road = profileAt(level, spacing, c.along);
    const double onRoad = c.distance <= half ? 1.0 : fallOff((c.distance - half) / p.shoulders);
    float& h = field.heights[c.index];
    h = static_cast<float>(road + (static_cast<double>(h) - road) * (1.0 - onRoad));
    mask.heights[c.index] = std::max(mask.heights[c.index], static_cast<float>(onRoad));
  });
}

const ParamTable<RoadParams>& table() {
  static const ParamTable<RoadParams> rows({
      TERRAIN_BIND(RoadParams, path,
                   (strokesParam("path", "Course",
                                 "Where the road runs: draw it on the Map view with the node "
                                 "selected",
                                 kCourseStrokes))),
      TERRAIN_BIND(RoadParams, width,
                   (ParamInfo{"width",
                              "Width",
                              "m",
                              "How wide the flat road is",
                              ParamType::Real,
                              1.0,
                              500.0,
                              {},
                              true})),
      TERRAIN_BIND(RoadParams, shoulders,
                   (ParamInfo{"shoulders",
                              "Shoulders",
                              "m",
                              "How far beyond the road the ground blends back into the terrain: "
                              "cuttings and embankments",
                              ParamType::Real,
                              1.0,
                              5000.0,
                              {},
                              true})),
      TERRAIN_BIND(RoadParams, gradeLength,
                   (ParamInfo{"grade-length",
                              "Grade length",
                              "m",
                              "How smooth the road's rise and fall is: the length of terrain "
                              "averaged into its level at each point",
                              ParamType::Real,
                              1.0,
                              50000.0,
                              {},
                              true})),
  });
  return rows;
}

std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext& context,
                           const ParamValues& values, const RunControl& control) {
  const RoadParams p = table().unpack(values);
  return runCourses(kKey, std::move(in[0]), context, strokesOf(p.path), control,
                    [&](Heightfield& field, Heightfield& mask, const StrokeGrid& grid,
                        const PathPoints& points) { buildRoad(field, mask, grid, points, p); });
}

}  // namespace

const NodeType& roadNode() {
  static const NodeType node({
      .key = kKey,
      .title = "Road",
      .help = "Levels a road along a drawn course: flat across, a smooth grade along, shoulders "
              "blending into the terrain; gives its footprint as a mask",
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
