// Thermal erosion: rock and scree slide off slopes steeper than the talus
// angle and pile up at their foot, until every slope rests at that angle.
//
// The talus is a slope in metres per metre, tan(angle); between neighbours
// one cell apart (d metres, diagonals d sqrt 2) it is a height difference
// t = tan(angle) * distance / heightRange in height units. Each iteration:
//   e_ij = max(0, h_i - h_j - t_ij)            the excess of i over neighbour j
//   s_i  = strength / 2 * max_j e_ij / sum_j e_ij
//   i gives j the amount s_i e_ij
// so a cell moves at most strength/2 of its largest excess (half of it ends
// level with that neighbour), shared out by excess. Jacobi style: pass 1
// finds every s_i from the old heights, pass 2 gives each cell its inflows
// minus its outflows, again from the old heights. The amount i gives j is
// the same expression s_i * max(0, h_i - h_j - t) on both sides (j reads
// h_i - h_j as -(h_j - h_i), which IEEE gives exactly), so material is moved,
// never made, to float rounding; and no cell's result depends on the order
// cells are visited in, so the bits never depend on the thread count.
// Interior columns run in thermal_kernel.cpp's vector code (the CPU's
// widest: 16, 8 or 4 floats) with the same operations in the same order as
// the scalar code here, so every SIMD path gives the same bits too.
//
// Maps that wrap erode across their edges; others treat the edge as a wall
// nothing slides through (a neighbour beyond it is never lower).
#include "core/nodes/modifiers/thermal.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <vector>

#include "core/nodes/modifiers/thermal_kernel.hpp"

namespace terrain {
namespace {

constexpr double kPreviewCells = 256.0;  // a 257-sample preview has 256 cells across
// Beyond a wall: never lower than a cell (no outflow), and with a scale of
// 0 it gives nothing (0 * FLT_MAX = 0).
constexpr float kWall = std::numeric_limits<float>::max();
constexpr std::int64_t kBlockCells = std::int64_t{1} << 22;  // cells between cancel checks
constexpr std::int64_t kMinChunkCells = std::int64_t{1} << 14;

// Talus thresholds in height units per step: straight and diagonal.
struct Talus {
  float straight = 0.0f;
  float diagonal = 0.0f;
};

// The eight neighbours in the order every sum runs in: the row above left
// to right, left, right, the row below left to right.
constexpr int kNeighbours = 8;
constexpr int kDx[kNeighbours] = {-1, 0, 1, -1, 1, -1, 0, 1};
constexpr int kDy[kNeighbours] = {-1, -1, -1, 0, 0, 1, 1, 1};
constexpr bool kDiagonal[kNeighbours] = {true, false, true, false, false, true, false, true};

// max(a, b) as a < b ? b : a (a NaN b gives a): what the vector kernel
// (thermal_kernel.cpp) computes too.
inline float larger(float a, float b) {
  return a < b ? b : a;
}

float excess(float from, float to, float talus) {
  return larger(0.0f, from - to - talus);
}

float thresholdOf(const Talus& t, int k) {
  return kDiagonal[k] ? t.diagonal : t.straight;
}

// s_i from the cell's height and its neighbours' (n in kDx order). With no
// excess, max and sum are 0 and so is s.
float outflowScale(float c, const float (&n)[kNeighbours], const Talus& t, float half) {
  float sum = 0.0f;
  float most = 0.0f;
  for (int k = 0; k < kNeighbours; ++k) {
    const float e = excess(c, n[k], thresholdOf(t, k));
    sum += e;
    most = larger(most, e);
  }
  return half * most / larger(sum, std::numeric_limits<float>::min());
}

// The cell's new height: inflows minus outflows, neighbour by neighbour.
float relaxed(float c, float sc, const float (&n)[kNeighbours], const float (&sn)[kNeighbours],
              const Talus& t) {
  float delta = 0.0f;
  for (int k = 0; k < kNeighbours; ++k) {
    // n - c and c - n are exact negatives in IEEE arithmetic: one
    // subtraction serves both directions, and the neighbour's own pass
    // (with the roles swapped) computes the same two products.
    const float tk = thresholdOf(t, k);
    const float up = n[k] - c;
    delta += sn[k] * larger(0.0f, up - tk) - sc * larger(0.0f, -up - tk);
  }
  return c + delta;
}

// One field-sized grid read through rows: the row above the first and below
// the last are the far edge (wrap) or a wall row.
class Grid {
 public:
  Grid(int width, int height, bool wraps) : width_(width), height_(height), wraps_(wraps) {}
  int width() const { return width_; }
  int height() const { return height_; }
  bool wraps() const { return wraps_; }
  // Row y of `cells`, y in -1..height; nullptr beyond a wall.
  const float* row(const float* cells, int y) const {
    if (y < 0 || y >= height_) {
      if (!wraps_) return nullptr;
      y = (y + height_) % height_;
    }
    return cells + static_cast<std::ptrdiff_t>(y) * width_;
  }
  // Column x in -1..width, or -1 beyond a wall.
  int column(int x) const {
    if (x >= 0 && x < width_) return x;
    if (!wraps_) return -1;
    return (x + width_) % width_;
  }

 private:
  int width_;
  int height_;
  bool wraps_;
};

// The three rows around row y of a grid, walls as rows of `wall`.
ThermalRows rowsAround(const Grid& grid, const float* cells, int y,
                       const std::vector<float>& wall) {
  ThermalRows rows{};
  for (int k = 0; k < 3; ++k) {
    const float* p = grid.row(cells, y - 1 + k);
    rows.r[k] = p != nullptr ? p : wall.data();
  }
  return rows;
}

// The neighbours of column x (any x: edge columns wrap or see the wall).
void gatherAt(const Grid& grid, const ThermalRows& rows, int x, float wall,
              float (&n)[kNeighbours]) {
  for (int k = 0; k < kNeighbours; ++k) {
    const int col = grid.column(x + kDx[k]);
    n[k] = col < 0 ? wall : rows.r[kDy[k] + 1][col];
  }
}

// Interior columns: the same gather with no tests.
void gatherInner(const ThermalRows& rows, int x, float (&n)[kNeighbours]) {
  for (int k = 0; k < kNeighbours; ++k) n[k] = rows.r[kDy[k] + 1][x + kDx[k]];
}

// The edge columns of a row, which wrap or see walls.
template <class Fn>
void forEdgeColumns(int width, const Fn& fn) {
  fn(0);
  if (width > 1) fn(width - 1);
}

// Iterations over a field. A task relaxes a band of rows, finding the
// scales s of its rows and the one either side into a ring of three rows
// just ahead of the heights that use them, so s never goes through memory
// (its value depends on the old heights alone, so the bands' borders get
// the same s twice).
class Relaxation {
 public:
  Relaxation(Heightfield& field, const Talus& talus)
      : grid_(field.width, field.height, field.wraps),
        talus_(talus),
        wallHeights_(static_cast<std::size_t>(field.width), kWall),
        wallScales_(static_cast<std::size_t>(field.width), 0.0f),
        next_(field.size()) {}

  // One iteration of the given strength; the field's heights are replaced.
  // Returns early (the field untouched) when the run was cancelled.
  void iterate(Heightfield& field, float strength, const RunControl& control) {
    const float half = 0.5f * strength;
    vectorWidth_ = thermalKernelWidth(control.exec.vectorWidth);
    const float* h = field.heights.data();
    const std::int64_t width = std::max(1, grid_.width());
    const std::int64_t blockRows = std::max<std::int64_t>(1, kBlockCells / width);
    const std::int64_t minRows = std::max<std::int64_t>(4, kMinChunkCells / width);
    for (std::int64_t first = 0; first < grid_.height(); first += blockRows) {
      if (control.cancelled()) return;
      const std::int64_t last = std::min<std::int64_t>(grid_.height(), first + blockRows);
      parallelFor(control.exec, first, last, minRows, [&](std::int64_t begin, std::int64_t end) {
        relaxBand(h, static_cast<int>(begin), static_cast<int>(end), half);
      });
    }
    field.heights.swap(next_);
  }

  // The scratch buffer, for abandonRun.
  std::vector<float> release() { return std::move(next_); }

 private:
  void relaxBand(const float* h, int begin, int end, float half) {
    const auto width = static_cast<std::size_t>(grid_.width());
    std::vector<float> ring(3 * width);
    // Row y's scales (y in begin-1..end) sit in slot (y + 1) % 3.
    const auto slot = [&](int y) {
      return ring.data() + static_cast<std::size_t>((y + 1) % 3) * width;
    };
    const auto scalesOf = [&](int y) -> const float* {
      if ((y < 0 || y >= grid_.height()) && !grid_.wraps()) return wallScales_.data();
      return slot(y);
    };
    const auto fill = [&](int y) {
      if (y >= 0 && y < grid_.height()) {
        scaleRow(h, y, half, slot(y));
      } else if (grid_.wraps()) {
        scaleRow(h, (y + grid_.height()) % grid_.height(), half, slot(y));
      }
    };
    fill(begin - 1);
    fill(begin);
    for (int y = begin; y < end; ++y) {
      fill(y + 1);
      relaxRow(h, y, ThermalRows{{scalesOf(y - 1), scalesOf(y), scalesOf(y + 1)}});
    }
  }

  // The interior columns in the vector kernel, then whatever it left and
  // the edge columns here.
  void scaleRow(const float* h, int y, float half, float* s) const {
    const ThermalRows rows = rowsAround(grid_, h, y, wallHeights_);
    const float* mid = rows.r[1];
    const int inner = grid_.width() - 1;  // interior columns are 1..inner-1
    for (int x = thermalScaleRow(rows, constants(half), s, grid_.width(), vectorWidth_); x < inner;
         ++x) {
      float n[kNeighbours];
      gatherInner(rows, x, n);
      s[x] = outflowScale(mid[x], n, talus_, half);
    }
    forEdgeColumns(grid_.width(), [&](int col) {
      float n[kNeighbours];
      gatherAt(grid_, rows, col, kWall, n);
      s[col] = outflowScale(mid[col], n, talus_, half);
    });
  }

  void relaxRow(const float* h, int y, const ThermalRows& scales) {
    const ThermalRows rows = rowsAround(grid_, h, y, wallHeights_);
    float* out = next_.data() + static_cast<std::ptrdiff_t>(y) * grid_.width();
    const float* mid = rows.r[1];
    const float* sMid = scales.r[1];
    const int inner = grid_.width() - 1;
    for (int x = thermalRelaxRow(rows, scales, constants(0.0f), out, grid_.width(), vectorWidth_);
         x < inner; ++x) {
      float n[kNeighbours];
      float sn[kNeighbours];
      gatherInner(rows, x, n);
      gatherInner(scales, x, sn);
      out[x] = relaxed(mid[x], sMid[x], n, sn, talus_);
    }
    forEdgeColumns(grid_.width(), [&](int col) {
      float n[kNeighbours];
      float sn[kNeighbours];
      gatherAt(grid_, rows, col, kWall, n);
      gatherAt(grid_, scales, col, 0.0f, sn);
      out[col] = relaxed(mid[col], sMid[col], n, sn, talus_);
    });
  }

  ThermalConstants constants(float half) const { return {talus_.straight, talus_.diagonal, half}; }

  Grid grid_;
  Talus talus_;
  std::vector<float> wallHeights_;
  std::vector<float> wallScales_;
  std::vector<float> next_;  // the heights being made
  int vectorWidth_ = 1;      // floats per vector in the row kernels (thermal_kernel.hpp)
};

Talus talusFor(const ThermalParams& params, const World& world, const Heightfield& field) {
  const double slope = std::tan(params.talus * std::numbers::pi / 180.0);  // metres per metre
  const double step = metresPerCell(world, field.width, field.wraps) / world.heightRange;
  return {static_cast<float>(slope * step), static_cast<float>(slope * step * std::numbers::sqrt2)};
}

// Where the ground went down and up overall, in height units.
ErosionMaps netChange(const std::vector<float>& before, const Heightfield& after,
                      const Execution& exec) {
  ErosionMaps maps;
  maps.wear.resize(before.size());
  maps.deposition.resize(before.size());
  parallelFor(exec, 0, static_cast<std::int64_t>(before.size()), kMinChunkCells,
              [&](std::int64_t begin, std::int64_t end) {
                for (std::int64_t i = begin; i < end; ++i) {
                  const float d = after.heights[static_cast<std::size_t>(i)] -
                                  before[static_cast<std::size_t>(i)];
                  maps.wear[static_cast<std::size_t>(i)] = std::max(0.0f, -d);
                  maps.deposition[static_cast<std::size_t>(i)] = std::max(0.0f, d);
                }
              });
  return maps;
}

}  // namespace

double thermalIterationCount(int iterations, int samples, bool wraps) {
  const double cells = std::max(1, wraps ? samples : samples - 1);
  const double k = cells / kPreviewCells;
  return std::max(0, iterations) * k * k;
}

void relaxTalus(Heightfield& field, const ThermalParams& params, const World& world, double count,
                const RunControl& control) {
  if (field.heights.empty() || count <= 0.0) return;
  Relaxation relaxation(field, talusFor(params, world, field));
  const double whole = std::floor(count);
  const double tail = count - whole;
  const auto total = static_cast<std::int64_t>(whole) + (tail > 0.0 ? 1 : 0);
  const auto strength = static_cast<float>(params.strength);
  for (std::int64_t i = 0; i < total; ++i) {
    const float s = i < static_cast<std::int64_t>(whole)
                        ? strength
                        : static_cast<float>(params.strength * tail);
    relaxation.iterate(field, s, control);
    if (control.cancelled()) abandonRun(std::move(field), {relaxation.release()});
    control.checkpoint(static_cast<float>(static_cast<double>(i + 1) / static_cast<double>(total)));
  }
}

namespace {

const ParamTable<ThermalParams>& table() {
  static const ParamTable<ThermalParams> rows({
      TERRAIN_BIND(ThermalParams, talus,
                   (ParamInfo{"talus", "Talus angle", "degrees",
                              "The steepest slope loose rock rests at (10..60 degrees; "
                              "scree ~33): steeper slopes crumble and pile up at their foot. "
                              "Measured in metres, so it depends on the world's width and "
                              "height range",
                              ParamType::Real, 10, 60})),
      TERRAIN_BIND(ThermalParams, strength,
                   (ParamInfo{"strength", "Strength", "",
                              "How fast slopes give way: the fraction of a slope's excess "
                              "over the talus that slides each iteration (0..1; 1 is fastest, "
                              "lower is smoother)",
                              ParamType::Real, 0, 1})),
      TERRAIN_BIND(ThermalParams, iterations,
                   (ParamInfo{"iterations",
                              "Iterations",
                              "",
                              "How far the slopes settle: iterations as they look on a 257 "
                              "preview, as far in metres at every size (a map k times finer "
                              "runs k^2 times as many, so a 4097 export takes 256x the "
                              "preview's iterations)",
                              ParamType::Integer,
                              0,
                              200,
                              {},
                              true})),
  });
  return rows;
}

std::string_view idleReason(std::size_t param, const ParamValues& values) {
  const ThermalParams p = table().unpack(values);
  if (table().infos()[param].key != "iterations" && p.iterations == 0) {
    return "With 0 iterations nothing slides";
  }
  if (table().infos()[param].key != "strength" && p.strength == 0.0) {
    return "With strength 0 nothing slides";
  }
  return {};
}

Heightfield apply(Heightfield field, const StageContext& context, const ParamValues& values,
                  const RunControl& control) {
  const ThermalParams p = table().unpack(values);
  control.checkpoint(0.0f);
  const std::vector<float> before = field.heights;
  relaxTalus(field, p, context.world, thermalIterationCount(p.iterations, field.width, field.wraps),
             control);
  addErosion(field, netChange(before, field, control.exec));
  control.checkpoint(1.0f);
  return field;
}

}  // namespace

const ModifierStage& thermalModifier() {
  static const ModifierStage node(
      {
          .key = "thermal",
          .title = "Thermal erosion",
          .help = "Crumbles slopes steeper than the talus angle into scree that piles up at "
                  "their foot: sharp peaks and cliffs soften into slopes of that angle",
          .params = table().schema(),
          .paramTable = &table(),
          .idleReason = idleReason,
      },
      {.apply = apply, .appliesToProfiles = false});
  return node;
}

}  // namespace terrain
