#include "core/look/masks.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/base/error.hpp"

namespace terrain {
namespace {

constexpr std::string_view kMaskNames[] = {"slope", "flow", "wear", "deposition"};

const std::vector<float>* recorded(const Heightfield& field, MaskKind kind) {
  if (!field.erosion) return nullptr;
  const ErosionMaps& maps = *field.erosion;
  const std::vector<float>* cells = kind == MaskKind::Flow   ? &maps.flow
                                    : kind == MaskKind::Wear ? &maps.wear
                                                             : &maps.deposition;
  return cells->size() == field.size() ? cells : nullptr;
}

// Neighbour columns/rows of a cell: wrapped on a torus, clamped otherwise
// (with the distance between them, 1 or 2 cells, 0 on a 1-cell side).
struct Span {
  int low;
  int high;
  int cells;
};

Span neighbours(int i, int n, bool wraps) {
  if (n == 1) return {0, 0, 0};
  if (wraps) return {(i + n - 1) % n, (i + 1) % n, 2};
  const int low = std::max(i - 1, 0);
  const int high = std::min(i + 1, n - 1);
  return {low, high, high - low};
}

}  // namespace

std::vector<float> slopeMask(const Heightfield& field, double cell, double rise,
                             const Execution& exec) {
  std::vector<float> out(field.size());
  constexpr double kRadiansToMask = 2.0 / 3.14159265358979323846;  // 90 degrees -> 1
  parallelFor(exec, 0, field.height, 16, [&](std::int64_t begin, std::int64_t end) {
    for (auto y = static_cast<int>(begin); y < end; ++y) {
      const Span rows = neighbours(y, field.height, field.wraps);
      for (int x = 0; x < field.width; ++x) {
        const Span cols = neighbours(x, field.width, field.wraps);
        const double gx =
            cols.cells == 0 ? 0.0
                            : static_cast<double>(field.at(cols.high, y) - field.at(cols.low, y)) *
                                  rise / (cols.cells * cell);
        const double gy =
            rows.cells == 0 ? 0.0
                            : static_cast<double>(field.at(x, rows.high) - field.at(x, rows.low)) *
                                  rise / (rows.cells * cell);
        out[field.index(x, y)] =
            static_cast<float>(std::atan(std::sqrt(gx * gx + gy * gy)) * kRadiansToMask);
      }
    }
  });
  return out;
}

namespace {

std::vector<float> flowMask(const std::vector<float>& flow) {
  const double scale = 1.0 / std::log1p(static_cast<double>(flow.size()));
  std::vector<float> out(flow.size());
  for (std::size_t i = 0; i < flow.size(); ++i) {
    out[i] = static_cast<float>(
        std::clamp(static_cast<double>(std::log1p(std::max(0.0f, flow[i]))) * scale, 0.0, 1.0));
  }
  return out;
}

std::vector<float> percentileMask(const std::vector<float>& cells) {
  std::vector<float> nonZero;
  for (const float v : cells) {
    if (v > 0.0f) nonZero.push_back(v);
  }
  if (nonZero.empty()) return std::vector<float>(cells.size(), 0.0f);
  const auto rank = static_cast<std::ptrdiff_t>(static_cast<double>(nonZero.size() - 1) *
                                                0.99);  // the 99th percentile
  std::nth_element(nonZero.begin(), nonZero.begin() + rank, nonZero.end());
  const float top = nonZero[static_cast<std::size_t>(rank)];
  std::vector<float> out(cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) {
    out[i] = std::clamp(cells[i] / top, 0.0f, 1.0f);
  }
  return out;
}

}  // namespace

std::span<const std::string_view> maskNames() {
  return kMaskNames;
}

std::string_view maskUnavailable(const Heightfield& field, MaskKind kind) {
  if (field.isProfile()) return "a profile has no map to mask";
  if (kind == MaskKind::Slope || recorded(field, kind) != nullptr) return {};
  switch (kind) {
    case MaskKind::Flow:
      return "no stage recorded flow: add stream-power or droplets";
    case MaskKind::Wear:
      return "no stage recorded wear: add an erosion stage";
    default:
      return "no stage recorded deposition: add droplets, or stream-power's lakes";
  }
}

std::vector<float> computeMask(const Heightfield& field, MaskKind kind, const World& world,
                               const Execution& exec) {
  if (const auto why = maskUnavailable(field, kind); !why.empty()) {
    throw InputError(std::string(kMaskNames[static_cast<int>(kind)]) +
                     " mask: " + std::string(why));
  }
  switch (kind) {
    case MaskKind::Slope:
      return slopeMask(field, metresPerCell(world, field.width, field.wraps), world.heightRange,
                       exec);
    case MaskKind::Flow:
      return flowMask(*recorded(field, kind));
    default:
      return percentileMask(*recorded(field, kind));
  }
}

}  // namespace terrain
