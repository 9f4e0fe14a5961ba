// Grow / shrink mask: widens a mask by a distance in metres (each cell takes
// the largest value within it) or narrows it (the smallest), so "the high
// ground and 200 m around it" or "the valley floors, not their edges". The
// neighbourhood is a square, by a running maximum along rows and columns:
// O(1) per cell whatever the distance.
#include <cmath>
#include <deque>
#include <memory>

#include "core/nodes/cells.hpp"
#include "core/nodes/lines.hpp"
#include "core/nodes/nodes.hpp"
#include "core/world.hpp"

namespace terrain {
namespace {

struct GrowMaskParams {
  double distance = 50.0;  // metres; negative shrinks
};

constexpr PortInfo kInputs[] = {{"mask", "Mask", PortKind::Mask, false}};
constexpr PortInfo kOutputs[] = {{"mask", "Mask", PortKind::Mask, false}};

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

class GrowMaskNode final : public TypedStage<NodeType, GrowMaskParams> {
 public:
  GrowMaskNode()
      : TypedStage({
            TERRAIN_BIND(GrowMaskParams, distance,
                         (ParamInfo{"distance", "Distance", "m",
                                    "How far the mask reaches out (positive) or pulls back "
                                    "(negative), in the world's metres",
                                    ParamType::Real, -5000, 5000})),
        }) {}
  std::string_view key() const override { return "grow-mask"; }
  std::string_view title() const override { return "Grow / shrink mask"; }
  std::string_view help() const override {
    return "Widens a mask by a distance in metres, or narrows it when the distance is negative";
  }
  std::span<const PortInfo> inputs() const override { return kInputs; }
  std::span<const PortInfo> outputs() const override { return kOutputs; }
  Locality locality(const ParamValues&) const override { return Locality::Neighbourhood; }
  int reach(const ParamValues& values, double cell) const override {
    return halfWidth(unpack(values).distance, cell);
  }
  bool usesSeed() const override { return false; }
  std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext& context,
                             const ParamValues& values, const RunControl& control) const override {
    Heightfield mask = takePort(std::move(in[0]));
    if (mask.isProfile()) throw InputError("grow-mask: a profile has no map to grow");
    const double distance = unpack(values).distance;
    const int k = halfWidth(distance, cellMetres(context, mask));
    if (k == 0) return {makePort(std::move(mask))};
    const bool wraps = mask.wraps;
    const bool grow = distance > 0.0;
    filterRowsThenColumns(mask, control, [=](const float* line, float* out, int n) {
      extremePass(line, out, n, k, wraps, grow);
    });
    return {makePort(std::move(mask))};
  }
};

}  // namespace

const NodeType& growMaskNode() {
  static const GrowMaskNode node;
  return node;
}

}  // namespace terrain
