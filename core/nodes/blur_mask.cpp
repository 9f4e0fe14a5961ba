// Blur mask: softens a mask's edges over a radius in metres, so a hard
// height or slope band fades into its surroundings the same way at 257 and
// at 4097. Three box passes along rows and columns approximate a Gaussian of
// that radius at O(1) per cell.
#include <cmath>
#include <memory>

#include "core/nodes/cells.hpp"
#include "core/nodes/lines.hpp"
#include "core/nodes/nodes.hpp"
#include "core/world.hpp"

namespace terrain {
namespace {

struct BlurMaskParams {
  double radius = 100.0;  // metres: the Gaussian's standard deviation
};

constexpr PortInfo kInputs[] = {{"mask", "Mask", PortKind::Mask, false}};
constexpr PortInfo kOutputs[] = {{"mask", "Mask", PortKind::Mask, false}};

// A box of half-width k has variance k(k + 1) / 3; three passes k(k + 1).
int boxHalfWidth(double sigmaCells) {
  return static_cast<int>(
      std::lround((std::sqrt(1.0 + 4.0 * sigmaCells * sigmaCells) - 1.0) / 2.0));
}

// The mean over [i - k, i + k], ends clamped or wrapped; a running sum in
// double, in one order per line.
void boxPass(const float* in, float* out, int n, int k, bool wraps) {
  double sum = 0.0;
  for (int j = -k; j <= k; ++j) sum += static_cast<double>(in[lineIndex(j, n, wraps)]);
  const double width = 2.0 * k + 1.0;
  for (int i = 0; i < n; ++i) {
    out[i] = static_cast<float>(sum / width);
    sum += static_cast<double>(in[lineIndex(i + k + 1, n, wraps)]) -
           static_cast<double>(in[lineIndex(i - k, n, wraps)]);
  }
}

class BlurMaskNode final : public TypedStage<NodeType, BlurMaskParams> {
 public:
  BlurMaskNode()
      : TypedStage({
            TERRAIN_BIND(BlurMaskParams, radius,
                         (ParamInfo{"radius", "Radius", "m",
                                    "How far the edges spread, in the world's metres (the "
                                    "blur's standard deviation); 0 leaves the mask as it is",
                                    ParamType::Real, 0, 5000})),
        }) {}
  std::string_view key() const override { return "blur-mask"; }
  std::string_view title() const override { return "Blur mask"; }
  std::string_view help() const override {
    return "Softens a mask's edges over a radius in metres";
  }
  std::span<const PortInfo> inputs() const override { return kInputs; }
  std::span<const PortInfo> outputs() const override { return kOutputs; }
  Locality locality(const ParamValues&) const override { return Locality::Neighbourhood; }
  bool usesSeed() const override { return false; }
  std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext& context,
                             const ParamValues& values, const RunControl& control) const override {
    Heightfield mask = takePort(std::move(in[0]));
    if (mask.isProfile()) throw InputError("blur-mask: a profile has no map to blur");
    const double cell = metresPerCell(context.world, mask.width, mask.wraps);
    const int k = boxHalfWidth(unpack(values).radius / cell);
    if (k == 0) return {makePort(std::move(mask))};
    const bool wraps = mask.wraps;
    filterRowsThenColumns(mask, control, [k, wraps](const float* line, float* out, int n) {
      std::vector<float> a(line, line + n);
      std::vector<float> b(static_cast<std::size_t>(n));
      boxPass(a.data(), b.data(), n, k, wraps);
      boxPass(b.data(), a.data(), n, k, wraps);
      boxPass(a.data(), out, n, k, wraps);
    });
    return {makePort(std::move(mask))};
  }
};

}  // namespace

const NodeType& blurMaskNode() {
  static const BlurMaskNode node;
  return node;
}

}  // namespace terrain
