// Paint mask: a mask the designer paints in the Map or 3D view ("snow
// here", "the river valley", "keep the village flat"). Its strokes are
// stored in the world's metres, so every size and every tile sees them in
// the same place; each cell's value depends on its position alone.
#include <memory>

#include "core/nodes/cells.hpp"
#include "core/nodes/nodes.hpp"
#include "core/nodes/stroke_cache.hpp"

namespace terrain {
namespace {

struct PaintMaskParams {
  double strokes = noStrokesId();
};

const ParamTable<PaintMaskParams>& table() {
  static const ParamTable<PaintMaskParams> rows({
      TERRAIN_BIND(PaintMaskParams, strokes,
                   (strokesParam("strokes", "Strokes",
                                 "What is painted: paint strokes raise the mask towards 1, erase "
                                 "strokes lower it towards 0, in the order drawn",
                                 "paint and erase strokes: a JSON array [{\"mode\": \"paint\", "
                                 "\"radius\": metres, \"points\": [[x, y], ...]}, ...]"))),
  });
  return rows;
}

void validateValues(const ParamValues& values) {
  const Strokes& strokes = strokesOf(values[0]);
  for (std::size_t s = 0; s < strokes.size(); ++s) {
    if (strokes[s].mode != StrokeMode::Paint && strokes[s].mode != StrokeMode::Erase) {
      throw InputError("paint-mask: stroke " + std::to_string(s + 1) + " is a " +
                       std::string(strokeModeName(strokes[s].mode)) +
                       " stroke; a mask takes paint and erase strokes");
    }
  }
}

// The mask before its last stroke: painting adds one stroke at a time.
StrokePrefixCache& cache() {
  static StrokePrefixCache kept;
  return kept;
}

std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext& context,
                           const ParamValues& values, const RunControl& control) {
  const Heightfield& terrain = *in[0];
  control.checkpoint(0.0f);
  const Strokes& strokes = strokesOf(values[0]);
  const StrokeGrid grid = strokeGrid(context, terrain);
  // Only the map's size and place count: the key holds the input for them.
  const StrokePrefixCache::Key cacheKey{in[0], grid, 0.0};
  std::optional<Heightfield> start = cache().find(cacheKey, strokes);
  const std::size_t first = start ? strokes.size() - 1 : 0;
  Heightfield mask = start ? std::move(*start) : Heightfield(terrain.width, terrain.height);
  mask.wraps = terrain.wraps;
  for (std::size_t i = first; i < strokes.size(); ++i) {
    control.checkpoint();
    if (i + 1 == strokes.size()) cache().keep(cacheKey, strokes, mask);
    float* m = mask.heights.data();
    if (strokes[i].mode == StrokeMode::Paint) {
      forEachBrushCell(strokes[i], grid,
                       [m](std::size_t c, float w) { m[c] += (1.0f - m[c]) * w; });
    } else {
      forEachBrushCell(strokes[i], grid, [m](std::size_t c, float w) { m[c] *= 1.0f - w; });
    }
  }
  control.checkpoint(1.0f);
  return {makePort(std::move(mask))};
}

}  // namespace

const NodeType& paintMaskNode() {
  static const NodeType node({
      .key = "paint-mask",
      .title = "Paint mask",
      .help = "A mask painted with the brush: select the node and paint on the Map or 3D view "
              "(ctrl erases). The terrain input only gives the map its size",
      .inputs = {{"heights", "Terrain", PortKind::Heights, false}},
      .outputs = {{"mask", "Mask", PortKind::Mask, false}},
      .params = table().schema(),
      .validate = validateValues,
      .usesSeed = false,
      .run = run,
  });
  return node;
}

}  // namespace terrain
