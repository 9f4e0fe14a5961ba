// Blur mask: softens a mask's edges over a radius in metres, so a hard
// height or slope band fades into its surroundings the same way at 257 and
// at 4097. Three box passes along rows and columns approximate a Gaussian of
// that radius at O(1) per cell.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>

#include "core/base/world.hpp"
#include "core/nodes/cells.hpp"
#include "core/nodes/lines.hpp"
#include "core/nodes/nodes.hpp"

namespace terrain {
namespace {

struct BlurMaskParams {
  double radius = 100.0;  // metres: the Gaussian's standard deviation
};

// A box of half-width k has variance k(k + 1) / 3; three passes k(k + 1).
// At most 2^20 cells: the sums of 64-bit steps stay exact.
int boxHalfWidth(double sigmaCells) {
  const double k = (std::sqrt(1.0 + 4.0 * sigmaCells * sigmaCells) - 1.0) / 2.0;
  return static_cast<int>(std::lround(std::min(k, 1048576.0)));
}

// The sums count in steps of 2^-24 of a mask's unit, as whole numbers: a
// running sum of whole numbers is exact, so a cell's mean is the same
// wherever its line starts (a tile's window and the whole map agree bit for
// bit), which a running float sum is not.
constexpr double kStepsPerUnit = 16777216.0;
constexpr double kLargestValue = 65536.0;  // keeps a line's sum inside 64 bits

std::int64_t toSteps(float value) {
  return std::llround(std::clamp(static_cast<double>(value), -kLargestValue, kLargestValue) *
                      kStepsPerUnit);
}

// sum / width to the nearest whole step, halves away from zero.
std::int64_t roundedMean(std::int64_t sum, std::int64_t width) {
  return sum >= 0 ? (sum + width / 2) / width : -((-sum + width / 2) / width);
}

// The mean over [i - k, i + k], ends clamped or wrapped.
void boxPass(const std::int64_t* in, std::int64_t* out, int n, int k, bool wraps) {
  std::int64_t sum = 0;
  for (int j = -k; j <= k; ++j) sum += in[lineIndex(j, n, wraps)];
  const std::int64_t width = 2 * std::int64_t{k} + 1;
  for (int i = 0; i < n; ++i) {
    out[i] = roundedMean(sum, width);
    sum += in[lineIndex(i + k + 1, n, wraps)] - in[lineIndex(i - k, n, wraps)];
  }
}

const ParamTable<BlurMaskParams>& table() {
  static const ParamTable<BlurMaskParams> rows({
      TERRAIN_BIND(BlurMaskParams, radius,
                   (ParamInfo{"radius", "Radius", "m",
                              "How far the edges spread, in the world's metres (the blur's "
                              "standard deviation); 0 leaves the mask as it is",
                              ParamType::Real, 0, 5000})),
  });
  return rows;
}

// Three passes of half-width k.
int reach(const ParamValues& values, double cell) {
  return 3 * boxHalfWidth(table().unpack(values).radius / cell);
}

std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext& context,
                           const ParamValues& values, const RunControl& control) {
  Heightfield mask = takePort(std::move(in[0]));
  if (mask.isProfile()) throw InputError("blur-mask: a profile has no map to blur");
  const int k = boxHalfWidth(table().unpack(values).radius / cellMetres(context, mask));
  if (k == 0) return {makePort(std::move(mask))};
  const bool wraps = mask.wraps;
  filterRowsThenColumns(mask, control, [k, wraps](const float* line, float* out, int n) {
    std::vector<std::int64_t> a(static_cast<std::size_t>(n));
    std::vector<std::int64_t> b(a.size());
    for (int i = 0; i < n; ++i) a[static_cast<std::size_t>(i)] = toSteps(line[i]);
    boxPass(a.data(), b.data(), n, k, wraps);
    boxPass(b.data(), a.data(), n, k, wraps);
    boxPass(a.data(), b.data(), n, k, wraps);
    for (int i = 0; i < n; ++i) {
      out[i] =
          static_cast<float>(static_cast<double>(b[static_cast<std::size_t>(i)]) / kStepsPerUnit);
    }
  });
  return {makePort(std::move(mask))};
}

}  // namespace

const NodeType& blurMaskNode() {
  static const NodeType node({
      .key = "blur-mask",
      .title = "Blur mask",
      .help = "Softens a mask's edges over a radius in metres",
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
