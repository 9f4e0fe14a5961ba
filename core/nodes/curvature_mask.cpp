// Curvature mask: ridges and crests (convex ground, standing above what is
// around it) or valleys and hollows (concave), measured in the world's
// metres: a cell's height against the mean of eight points a radius away.
// Snow on the crests, sediment and forest in the hollows.
#include <cmath>
#include <memory>

#include "core/base/world.hpp"
#include "core/nodes/cells.hpp"
#include "core/nodes/lines.hpp"
#include "core/nodes/nodes.hpp"

namespace terrain {
namespace {

enum class Shape : std::uint8_t { Convex, Concave };
constexpr std::string_view kShapeNames[] = {"convex", "concave"};

struct CurvatureMaskParams {
  Shape shape = Shape::Convex;
  double radius = 100.0;  // metres: how broad a ridge or valley counts
  double depth = 10.0;    // metres above (below) the ring where the mask is full
};

// The ring's radius in cells along the axes, at least one.
int ringCells(double radius, double cell) {
  return std::max(1, static_cast<int>(std::lround(radius / cell)));
}

const ParamTable<CurvatureMaskParams>& table() {
  static const ParamTable<CurvatureMaskParams> rows({
      TERRAIN_BIND(CurvatureMaskParams, shape,
                   (ParamInfo{"shape", "Shape", "",
                              "convex (ridges, crests, the tops of hills) or concave (valleys, "
                              "hollows, the feet of slopes)",
                              ParamType::Choice, 0, 1, kShapeNames})),
      TERRAIN_BIND(CurvatureMaskParams, radius,
                   (ParamInfo{"radius", "Radius", "m",
                              "How broad a ridge or valley counts: the ground this far around a "
                              "cell is what it stands above or sinks below",
                              ParamType::Real, 1, 5000})),
      TERRAIN_BIND(CurvatureMaskParams, depth,
                   (ParamInfo{"depth", "Full at", "m",
                              "How far above (convex) or below (concave) its surroundings a cell "
                              "must be for the mask to be full",
                              ParamType::Real, 0.1, 1000})),
  });
  return rows;
}

// The ring's axis points are the farthest it reads.
int reach(const ParamValues& values, double cell) {
  return ringCells(table().unpack(values).radius, cell);
}

std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext& context,
                           const ParamValues& values, const RunControl& control) {
  const Heightfield& h = *in[0];
  if (h.isProfile()) throw InputError("curvature-mask: a profile has no map to measure");
  const CurvatureMaskParams p = table().unpack(values);
  const double cell = cellMetres(context, h);
  const int axis = ringCells(p.radius, cell);
  const int diagonal = std::max(1, static_cast<int>(std::lround(p.radius / cell / std::sqrt(2.0))));
  const auto metresPerUnit = static_cast<float>(context.world.heightRange / p.depth);
  const float sign = p.shape == Shape::Convex ? 1.0f : -1.0f;
  const int offsets[8][2] = {{axis, 0},
                             {-axis, 0},
                             {0, axis},
                             {0, -axis},
                             {diagonal, diagonal},
                             {-diagonal, diagonal},
                             {diagonal, -diagonal},
                             {-diagonal, -diagonal}};
  Heightfield mask(h.width, h.height);
  mask.wraps = h.wraps;
  forEachCell(mask.size(), control, [&](std::size_t i) {
    const int x = static_cast<int>(i % static_cast<std::size_t>(h.width));
    const int y = static_cast<int>(i / static_cast<std::size_t>(h.width));
    float ring = 0.0f;
    for (const auto& o : offsets) {
      ring += h.at(lineIndex(x + o[0], h.width, h.wraps), lineIndex(y + o[1], h.height, h.wraps));
    }
    const float standsAbove = h.heights[i] - ring / 8.0f;
    mask.heights[i] = std::clamp(sign * standsAbove * metresPerUnit, 0.0f, 1.0f);
  });
  return {makePort(std::move(mask))};
}

}  // namespace

const NodeType& curvatureMaskNode() {
  static const NodeType node({
      .key = "curvature-mask",
      .title = "Curvature mask",
      .help = "Ridges (convex) or valleys (concave): where the ground stands above or sinks below "
              "its surroundings, in metres",
      .inputs = {{"heights", "Heights", PortKind::Heights, false}},
      .outputs = {{"mask", "Mask", PortKind::Mask, false}},
      .params = table().schema(),
      .locality = Locality::Neighbourhood,
      .reach = reach,
      .usesSeed = false,
      .run = run,
  });
  return node;
}

}  // namespace terrain
