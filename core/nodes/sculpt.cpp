// Sculpt: the designer's brush strokes on the terrain, in the order drawn:
// raise and lower by metres, smooth, flatten to a level (a building plot, a
// lake bed). Strokes are stored in the world's metres, so a 257 preview and
// a 4097 export change the same place; smoothing blurs over a quarter of
// the brush's radius in metres, which makes it a neighbourhood node.
#include <cmath>
#include <memory>

#include "core/nodes/cells.hpp"
#include "core/nodes/nodes.hpp"
#include "core/nodes/stroke_cache.hpp"

namespace terrain {
namespace {

struct SculptParams {
  double strokes = noStrokesId();
};

constexpr double kSmoothShare = 0.25;  // the smoothing blur's radius, of the brush's
// Blurs up to this many cells either side sum their samples in order (the
// bits they always had, ~4 b additions a cell); wider ones in fixed point
// (a few additions a cell, whatever their width).
constexpr int kDirectBlurCells = 64;
// Fixed point: heights in steps of 2^-23 (float's at 1), in 128-bit sums:
// heights up to +-2^60 (any a brush or a world makes; beyond, clipped) over
// a blur of 32771^2 samples sum within 2^113.
constexpr double kFixedScale = 8388608.0;
constexpr double kFixedLimit = 1152921504606846976.0;  // 2^60
__extension__ using FixedSum = __int128;  // GCC's and clang's; -Wpedantic asks for __extension__

bool sculpts(StrokeMode mode) {
  return mode == StrokeMode::Raise || mode == StrokeMode::Lower || mode == StrokeMode::Smooth ||
         mode == StrokeMode::Flatten;
}

// The blur's half-width in cells: a quarter of the radius, at most the
// largest map's side (a brush wider than any world blurs as wide as one).
int blurCells(const Stroke& stroke, double cellMetres) {
  const double cells =
      std::min(stroke.radius * kSmoothShare / cellMetres, static_cast<double>(kMaxMapSide));
  return std::max(1, static_cast<int>(std::lround(cells)));
}

// The map's sample at (x, y), the edge repeated outside (a torus wraps).
float sampleAt(const Heightfield& f, std::int64_t x, std::int64_t y) {
  x = worldSample(x, f.width, f.wraps);
  y = worldSample(y, f.height, f.wraps);
  return f.heights[static_cast<std::size_t>(y * f.width + x)];
}

// The cells' box on the map (inclusive).
struct CellBox {
  std::int64_t x0, y0, x1, y1;
};

CellBox boxOf(const Heightfield& field, const std::vector<std::pair<std::size_t, float>>& cells) {
  CellBox box{field.width, field.height, -1, -1};
  for (const auto& [i, w] : cells) {
    const auto x = static_cast<std::int64_t>(i % static_cast<std::size_t>(field.width));
    const auto y = static_cast<std::int64_t>(i / static_cast<std::size_t>(field.width));
    box = {std::min(box.x0, x), std::min(box.y0, y), std::max(box.x1, x), std::max(box.y1, y)};
  }
  return box;
}

// The box blur (radius `b`) at each brushed cell, each sum taken in one
// order, so a window's cells equal the world's.
std::vector<float> directBlur(const Heightfield& field,
                              const std::vector<std::pair<std::size_t, float>>& cells,
                              const CellBox& box, int b) {
  const std::int64_t w = box.x1 - box.x0 + 1;
  const std::int64_t rows = box.y1 - box.y0 + 1 + 2 * b;
  std::vector<double> across(static_cast<std::size_t>(w * rows));  // rows y0-b .. y1+b
  for (std::int64_t r = 0; r < rows; ++r) {
    for (std::int64_t x = box.x0; x <= box.x1; ++x) {
      double sum = 0.0;
      for (std::int64_t k = -b; k <= b; ++k) {
        sum += static_cast<double>(sampleAt(field, x + k, box.y0 - b + r));
      }
      across[static_cast<std::size_t>(r * w + (x - box.x0))] = sum;
    }
  }
  const double area = static_cast<double>((2 * b + 1) * (2 * b + 1));
  std::vector<float> blurred(cells.size());
  for (std::size_t c = 0; c < cells.size(); ++c) {
    const auto x =
        static_cast<std::int64_t>(cells[c].first % static_cast<std::size_t>(field.width));
    const auto y =
        static_cast<std::int64_t>(cells[c].first / static_cast<std::size_t>(field.width));
    double sum = 0.0;
    for (std::int64_t k = -b; k <= b; ++k) {
      sum += across[static_cast<std::size_t>((y - box.y0 + b + k) * w + (x - box.x0))];
    }
    blurred[c] = static_cast<float>(sum / area);
  }
  return blurred;
}

// The sum of a line's 2b + 1 values centred on c, its end values repeated
// beyond its ends (a torus: wrapped), from prefix(i), the sum of its first
// i values (i = 0..n).
template <class Prefix>
FixedSum windowSum(const Prefix& prefix, std::int64_t n, bool wraps, std::int64_t c,
                   std::int64_t b) {
  if (wraps) {
    const std::int64_t count = 2 * b + 1;
    const std::int64_t start = ((c - b) % n + n) % n;
    const std::int64_t rest = count % n;
    const FixedSum partial = start + rest <= n
                                 ? prefix(start + rest) - prefix(start)
                                 : prefix(n) - prefix(start) + prefix(start + rest - n);
    return static_cast<FixedSum>(count / n) * prefix(n) + partial;
  }
  const std::int64_t first = std::max<std::int64_t>(0, c - b);
  const std::int64_t last = std::min(n - 1, c + b);
  const std::int64_t before = std::max<std::int64_t>(0, b - c);
  const std::int64_t after = std::max<std::int64_t>(0, c + b - (n - 1));
  return static_cast<FixedSum>(before) * prefix(1) + prefix(last + 1) - prefix(first) +
         static_cast<FixedSum>(after) * (prefix(n) - prefix(n - 1));
}

// directBlur's blur with every sample in fixed point: the sums are exact,
// so any order gives the same bits (a window's equal the world's), and
// each is a difference of prefix sums: a few additions a cell.
std::vector<float> fixedPointBlur(const Heightfield& field,
                                  const std::vector<std::pair<std::size_t, float>>& cells,
                                  const CellBox& box, int b) {
  const std::int64_t width = field.width, height = field.height;
  // The rows the blur reads, as one line: on a torus all of them when they
  // go round, else the band around the box (which never reaches its ends
  // unless they are the map's).
  const bool allRows = field.wraps && box.y1 - box.y0 + 1 + 2 * b >= height;
  const std::int64_t first = allRows       ? 0
                             : field.wraps ? box.y0 - b
                                           : std::max<std::int64_t>(0, box.y0 - b);
  const std::int64_t last = allRows       ? height - 1
                            : field.wraps ? box.y1 + b
                                          : std::min(height - 1, box.y1 + b);
  const std::int64_t rows = last - first + 1, w = box.x1 - box.x0 + 1;
  // down[(r + 1) w + x]: the sum over the band's rows up to r of each row's horizontal sum.
  std::vector<FixedSum> down(static_cast<std::size_t>((rows + 1) * w), 0);
  std::vector<FixedSum> along(static_cast<std::size_t>(width + 1), 0);
  for (std::int64_t r = 0; r < rows; ++r) {
    const float* row = &field.heights[static_cast<std::size_t>(
        worldSample(first + r, height, field.wraps) * width)];
    for (std::int64_t x = 0; x < width; ++x) {
      const double h = std::fmin(std::fmax(static_cast<double>(row[x]), -kFixedLimit), kFixedLimit);
      along[static_cast<std::size_t>(x + 1)] =
          along[static_cast<std::size_t>(x)] + static_cast<FixedSum>(std::round(h * kFixedScale));
    }
    const auto prefix = [&](std::int64_t i) { return along[static_cast<std::size_t>(i)]; };
    for (std::int64_t x = box.x0; x <= box.x1; ++x) {
      const auto at = static_cast<std::size_t>((r + 1) * w + (x - box.x0));
      down[at] =
          down[at - static_cast<std::size_t>(w)] + windowSum(prefix, width, field.wraps, x, b);
    }
  }
  const double scale = kFixedScale * static_cast<double>((2 * b + 1) * (2 * b + 1));
  std::vector<float> blurred(cells.size());
  for (std::size_t c = 0; c < cells.size(); ++c) {
    const auto x = static_cast<std::int64_t>(cells[c].first % static_cast<std::size_t>(width));
    const auto y = static_cast<std::int64_t>(cells[c].first / static_cast<std::size_t>(width));
    const auto prefix = [&](std::int64_t i) {
      return down[static_cast<std::size_t>(i * w + (x - box.x0))];
    };
    const FixedSum sum = windowSum(prefix, rows, allRows, allRows ? y : y - first, b);
    blurred[c] = static_cast<float>(static_cast<double>(sum) / scale);
  }
  return blurred;
}

// Each brushed cell moved towards the box blur (radius `b`) of the heights
// before the stroke, by the brush's weight. The blur's work and memory are
// the box's cells (a blur past the map's edge reads the edge, counted, not
// copied): not the radius.
void smoothStroke(Heightfield& field, const std::vector<std::pair<std::size_t, float>>& cells,
                  int b) {
  const CellBox box = boxOf(field, cells);
  const std::vector<float> blurred = b <= kDirectBlurCells ? directBlur(field, cells, box, b)
                                                           : fixedPointBlur(field, cells, box, b);
  for (std::size_t c = 0; c < cells.size(); ++c) {
    float& h = field.heights[cells[c].first];
    h += (blurred[c] - h) * cells[c].second;
  }
}

void applyStroke(Heightfield& field, const Stroke& stroke, const StrokeGrid& grid,
                 double heightRange) {
  float* h = field.heights.data();
  const auto level = static_cast<float>(stroke.height / heightRange);
  switch (stroke.mode) {
    case StrokeMode::Raise:
      forEachBrushCell(stroke, grid, [=](std::size_t i, float w) {
        h[i] = std::clamp(h[i] + w * level, 0.0f, 1.0f);
      });
      return;
    case StrokeMode::Lower:
      forEachBrushCell(stroke, grid, [=](std::size_t i, float w) {
        h[i] = std::clamp(h[i] - w * level, 0.0f, 1.0f);
      });
      return;
    case StrokeMode::Flatten: {
      const float target = std::clamp(level, 0.0f, 1.0f);
      forEachBrushCell(stroke, grid, [=](std::size_t i, float w) { h[i] += (target - h[i]) * w; });
      return;
    }
    case StrokeMode::Smooth: {
      std::vector<std::pair<std::size_t, float>> cells;
      forEachBrushCell(stroke, grid, [&](std::size_t i, float w) { cells.emplace_back(i, w); });
      if (!cells.empty()) smoothStroke(field, cells, blurCells(stroke, grid.cellMetres));
      return;
    }
    case StrokeMode::Paint:
    case StrokeMode::Erase:
    case StrokeMode::Path:
      break;  // refused by validate
  }
}

const ParamTable<SculptParams>& table() {
  static const ParamTable<SculptParams> rows({
      TERRAIN_BIND(SculptParams, strokes,
                   (strokesParam("strokes", "Strokes",
                                 "The brush strokes, in the order drawn: raise and lower by their "
                                 "height in metres, smooth, flatten to their height",
                                 "raise, lower, smooth and flatten strokes: a JSON array "
                                 "[{\"mode\": \"raise\", \"radius\": metres, \"height\": "
                                 "metres, \"points\": [[x, y], ...]}, ...]"))),
  });
  return rows;
}

void validateValues(const ParamValues& values) {
  const Strokes& strokes = strokesOf(values[0]);
  for (std::size_t s = 0; s < strokes.size(); ++s) {
    if (!sculpts(strokes[s].mode)) {
      throw InputError("sculpt: stroke " + std::to_string(s + 1) + " is a " +
                       std::string(strokeModeName(strokes[s].mode)) +
                       " stroke; sculpting takes raise, lower, smooth and flatten strokes");
    }
  }
}

Locality locality(const ParamValues& values) {
  for (const Stroke& stroke : strokesOf(values[0])) {
    if (stroke.mode == StrokeMode::Smooth) return Locality::Neighbourhood;
  }
  return Locality::PerCell;
}

// Each smoothing stroke reads its blur's radius past the cells it
// changes, from heights earlier strokes changed: their reaches add up.
// Exact up to a map's side, and that side beyond it (each blur is at most
// one, so the sum stays an int): either way a tile is its window of the
// world or is refused. A world no wider than a map is read whole around
// any tile; around a tile of a wider one (or of a torus) the window would
// be wider than a map, and window evaluation refuses it naming the limit
// (exit 2). Tests: tests/core/strokes/sculpt_reach_test.cpp.
int reach(const ParamValues& values, double cellMetres) {
  std::int64_t cells = 0;
  for (const Stroke& stroke : strokesOf(values[0])) {
    if (stroke.mode == StrokeMode::Smooth) {
      cells = std::min(cells + blurCells(stroke, cellMetres), kMaxMapSide);
    }
  }
  return static_cast<int>(cells);
}

// The field before its last stroke: sculpting adds one stroke at a time.
StrokePrefixCache& cache() {
  static StrokePrefixCache kept;
  return kept;
}

std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext& context,
                           const ParamValues& values, const RunControl& control) {
  const PortValue mask = in[1];
  if (mask) requireSameSize("sculpt", "in", *in[0], "mask", *mask);
  control.checkpoint(0.0f);
  const Strokes& strokes = strokesOf(values[0]);
  const StrokeGrid grid = strokeGrid(context, *in[0]);
  // A map a stroke may be drawn on keeps its last run; a larger one (an
  // export) is taken over without a copy where it can be.
  const bool interactive = in[0]->size() <= StrokePrefixCache::kMaxCells;
  const PortValue input = interactive || mask ? in[0] : nullptr;
  const StrokePrefixCache::Key cacheKey{input, grid, context.world.heightRange};
  std::optional<Heightfield> start =
      interactive ? cache().find(cacheKey, strokes) : std::optional<Heightfield>();
  const std::size_t first = start ? strokes.size() - 1 : 0;
  Heightfield field = start   ? std::move(*start)
                      : input ? Heightfield(*input)
                              : takePort(std::move(in[0]));
  for (std::size_t i = first; i < strokes.size(); ++i) {
    control.checkpoint();
    if (interactive && i + 1 == strokes.size()) cache().keep(cacheKey, strokes, field);
    applyStroke(field, strokes[i], grid, context.world.heightRange);
  }
  if (mask) limitToMask(field, *input, *mask, control);
  control.checkpoint(1.0f);
  return {makePort(std::move(field))};
}

}  // namespace

const NodeType& sculptNode() {
  static const NodeType node({
      .key = "sculpt",
      .title = "Sculpt",
      .help = "Brush strokes on the terrain: select the node and drag on the Map or 3D view to "
              "raise, lower, smooth or flatten (ctrl lowers where raising)",
      .inputs = {{"in", "In", PortKind::Heights, false}, {"mask", "Mask", PortKind::Mask, true}},
      .outputs = {{"heights", "Heights", PortKind::Heights, false}},
      .params = table().schema(),
      .validate = validateValues,
      .localityOf = locality,
      .reach = reach,
      .usesSeed = false,
      .run = run,
  });
  return node;
}

}  // namespace terrain
