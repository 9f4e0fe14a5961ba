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

constexpr PortInfo kInputs[] = {{"in", "In", PortKind::Heights, false},
                                {"mask", "Mask", PortKind::Mask, true}};
constexpr PortInfo kOutputs[] = {{"heights", "Heights", PortKind::Heights, false}};

constexpr double kSmoothShare = 0.25;  // the smoothing blur's radius, of the brush's

bool sculpts(StrokeMode mode) {
  return mode == StrokeMode::Raise || mode == StrokeMode::Lower || mode == StrokeMode::Smooth ||
         mode == StrokeMode::Flatten;
}

int blurCells(const Stroke& stroke, double cellMetres) {
  return std::max(1, static_cast<int>(std::lround(stroke.radius * kSmoothShare / cellMetres)));
}

// The map's sample at (x, y), the edge repeated outside (a torus wraps).
float sampleAt(const Heightfield& f, std::int64_t x, std::int64_t y) {
  x = worldSample(x, f.width, f.wraps);
  y = worldSample(y, f.height, f.wraps);
  return f.heights[static_cast<std::size_t>(y * f.width + x)];
}

// Each brushed cell moved towards the box blur (radius `b`) of the heights
// before the stroke, by the brush's weight. Sums are taken in one order per
// cell, so a window's cells equal the world's.
void smoothStroke(Heightfield& field, const std::vector<std::pair<std::size_t, float>>& cells,
                  int b) {
  std::int64_t x0 = field.width, y0 = field.height, x1 = -1, y1 = -1;
  for (const auto& [i, w] : cells) {
    const auto x = static_cast<std::int64_t>(i % static_cast<std::size_t>(field.width));
    const auto y = static_cast<std::int64_t>(i / static_cast<std::size_t>(field.width));
    x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
  }
  const std::int64_t w = x1 - x0 + 1;
  const std::int64_t rows = y1 - y0 + 1 + 2 * b;
  std::vector<double> across(static_cast<std::size_t>(w * rows));  // rows y0-b .. y1+b
  for (std::int64_t r = 0; r < rows; ++r) {
    for (std::int64_t x = x0; x <= x1; ++x) {
      double sum = 0.0;
      for (std::int64_t k = -b; k <= b; ++k) {
        sum += static_cast<double>(sampleAt(field, x + k, y0 - b + r));
      }
      across[static_cast<std::size_t>(r * w + (x - x0))] = sum;
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
      sum += across[static_cast<std::size_t>((y - y0 + b + k) * w + (x - x0))];
    }
    blurred[c] = static_cast<float>(sum / area);
  }
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

class SculptNode final : public TypedStage<NodeType, SculptParams> {
 public:
  SculptNode()
      : TypedStage({
            TERRAIN_BIND(SculptParams, strokes,
                         (ParamInfo{"strokes",
                                    "Strokes",
                                    "",
                                    "The brush strokes, in the order drawn: raise and lower by "
                                    "their height in metres, smooth, flatten to their height",
                                    ParamType::Strokes,
                                    0,
                                    0,
                                    {},
                                    false,
                                    false,
                                    false,
                                    "raise, lower, smooth and flatten strokes: a JSON array "
                                    "[{\"mode\": \"raise\", \"radius\": metres, \"height\": "
                                    "metres, \"points\": [[x, y], ...]}, ...]"})),
        }) {}
  std::string_view key() const override { return "sculpt"; }
  std::string_view title() const override { return "Sculpt"; }
  std::string_view help() const override {
    return "Brush strokes on the terrain: select the node and drag on the Map or 3D view to "
           "raise, lower, smooth or flatten (ctrl lowers where raising)";
  }
  void validate(const ParamValues& values) const override {
    Stage::validate(values);
    const Strokes& strokes = strokesOf(values[0]);
    for (std::size_t s = 0; s < strokes.size(); ++s) {
      if (!sculpts(strokes[s].mode)) {
        throw InputError("sculpt: stroke " + std::to_string(s + 1) + " is a " +
                         std::string(strokeModeName(strokes[s].mode)) +
                         " stroke; sculpting takes raise, lower, smooth and flatten strokes");
      }
    }
  }
  std::span<const PortInfo> inputs() const override { return kInputs; }
  std::span<const PortInfo> outputs() const override { return kOutputs; }
  Locality locality(const ParamValues& values) const override {
    for (const Stroke& stroke : strokesOf(values[0])) {
      if (stroke.mode == StrokeMode::Smooth) return Locality::Neighbourhood;
    }
    return Locality::PerCell;
  }
  // Each smoothing stroke reads its blur's radius past the cells it
  // changes, from heights earlier strokes changed: their reaches add up.
  int reach(const ParamValues& values, double cellMetres) const override {
    int cells = 0;
    for (const Stroke& stroke : strokesOf(values[0])) {
      if (stroke.mode == StrokeMode::Smooth) cells += blurCells(stroke, cellMetres);
    }
    return cells;
  }
  bool usesSeed() const override { return false; }
  std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext& context,
                             const ParamValues& values, const RunControl& control) const override {
    const PortValue mask = in[1];
    if (mask) requireSameSize(key(), "in", *in[0], "mask", *mask);
    control.checkpoint(0.0f);
    const Strokes& strokes = strokesOf(values[0]);
    const StrokeGrid grid = strokeGrid(context, *in[0]);
    // A map a stroke may be drawn on keeps its last run; a larger one (an
    // export) is taken over without a copy where it can be.
    const bool interactive = in[0]->size() <= StrokePrefixCache::kMaxCells;
    const PortValue input = interactive || mask ? in[0] : nullptr;
    const StrokePrefixCache::Key cacheKey{input, grid, context.world.heightRange};
    std::optional<Heightfield> start =
        interactive ? cache_.find(cacheKey, strokes) : std::optional<Heightfield>();
    const std::size_t first = start ? strokes.size() - 1 : 0;
    Heightfield field = start   ? std::move(*start)
                        : input ? Heightfield(*input)
                                : takePort(std::move(in[0]));
    for (std::size_t i = first; i < strokes.size(); ++i) {
      control.checkpoint();
      if (interactive && i + 1 == strokes.size()) cache_.keep(cacheKey, strokes, field);
      applyStroke(field, strokes[i], grid, context.world.heightRange);
    }
    if (mask) limitToMask(field, *input, *mask, control);
    control.checkpoint(1.0f);
    return {makePort(std::move(field))};
  }

 private:
  mutable StrokePrefixCache cache_;
};

}  // namespace

const NodeType& sculptNode() {
  static const SculptNode node;
  return node;
}

}  // namespace terrain
