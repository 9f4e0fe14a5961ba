// Grow / shrink mask: widens a mask by a distance in metres (each cell takes
// the largest value within it) or narrows it (the smallest), so "the high
// ground and 200 m around it" or "the valley floors, not their edges". The
// neighbourhood is a square, by a running maximum along rows and columns:
// O(1) per cell whatever the distance.
#include <cmath>
#include <deque>
#include <memory>

#include "core/base/world.hpp"
#include "core/nodes/cells.hpp"
#include "core/nodes/lines.hpp"
#include "core/nodes/nodes.hpp"

namespace terrain {
namespace {

struct GrowMaskParams {
  double distance = 50.0;  // metres; negative shrinks
};

// out[i] = the largest (grow) or smallest of in[i - k .. i + k], ends
// clamped or wrapped: a deque of candidates, each cell pushed and popped
// once.
void extremePass(const float* in, float* out, int n, int k, bool wraps, bool grow) {
  auto better = [grow](float a, float b) { return grow ? a >= b : a <= b; };
  std::deque<int> window;  // positions j, their values in order of preference
  auto value = [&](int j) { return in[lineIndex(j, n, wraps)]; };
  for (int j = -k; j < k; ++j) {
    while (!window.empty() && better(value(j), value(window.back()))) window.pop_back();
    window.push_back(j);
  }
  for (int i = 0; i < n; ++i) {
    const int entering = i + k;
    while (!window.empty() && better(value(entering), value(window.back()))) window.pop_back();
    window.push_back(entering);
    while (window.front() < i - k) window.pop_front();
    out[i] = value(window.front());
  }
}

// Cells the mask moves by along each axis.
int halfWidth(double distance, double cell) {
  return static_cast<int>(std::lround(std::abs(distance) / cell));
}

const ParamTable<GrowMaskParams>& table() {
  static const ParamTable<GrowMaskParams> rows({
      TERRAIN_BIND(GrowMaskParams, distance,
                   (ParamInfo{"distance", "Distance", "m",
                              "How far the mask reaches out (positive) or pulls back (negative), "
                              "in the world's metres",
                              ParamType::Real, -5000, 5000})),
  });
  return rows;
}

int reach(const ParamValues& values, double cell) {
  return halfWidth(table().unpack(values).distance, cell);
}

std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext& context,
                           const ParamValues& values, const RunControl& control) {
  Heightfield mask = takePort(std::move(in[0]));
  if (mask.isProfile()) throw InputError("grow-mask: a profile has no map to grow");
  const double distance = table().unpack(values).distance;
  const int k = halfWidth(distance, cellMetres(context, mask));
  if (k == 0) return {makePort(std::move(mask))};
  const bool wraps = mask.wraps;
  const bool grow = distance > 0.0;
  filterRowsThenColumns(mask, control, [=](const float* line, float* out, int n) {
    extremePass(line, out, n, k, wraps, grow);
  });
  return {makePort(std::move(mask))};
}

}  // namespace

const NodeType& growMaskNode() {
  static const NodeType node({
      .key = "grow-mask",
      .title = "Grow / shrink mask",
      .help = "Widens a mask by a distance in metres, or narrows it when the distance is negative",
      .inputs = {{"mask", "Mask", PortKind::Mask, false}},
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
