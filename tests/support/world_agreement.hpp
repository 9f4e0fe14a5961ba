#pragma once
// The same landscape at any side (issue 38): a map's heights read at the
// world positions of the 257 preview's samples, whatever its side's
// samples are (an Unreal 1009's fall between the preview's), for tests
// and benchmarks.
#include <algorithm>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/base/world.hpp"
#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/export/engine_size.hpp"
#include "tests/support/landform_metrics.hpp"

namespace terrain::testing {

// A map and the metres between its samples: sample (x, y) lies (x, y) *
// spacing metres from the world's north-west corner.
struct PlacedMap {
  Heightfield field;
  double spacing = 0.0;
};

// The document made at `side` as the window makes it: at that side when
// its sources make it, else as an engine-size export does (the next size
// up, cropped: the same metres per cell).
inline PlacedMap mapAt(const Document& doc, int side) {
  Document sized = doc;
  setDocumentSize(sized, side);
  if (documentSize(sized) != side) sized = documentForSide(doc, side);
  const Heightfield made = runPipeline(sized, PipelineControl{Execution{0}, nullptr, {}});
  PlacedMap out{made, metresPerCell(doc.world, made.width, made.wraps)};
  if (made.width != side) out.field = fitToSide(made, doc.world, side, FitMode::Crop).field;
  return out;
}

// The map's height at a point `metres` from the north-west corner,
// bilinear between its samples (wrapped on a torus); false off the map.
inline bool heightAt(const PlacedMap& map, double mx, double my, double& out) {
  const Heightfield& f = map.field;
  const double fx = mx / map.spacing;
  const double fy = my / map.spacing;
  const double last = f.wraps ? f.width : f.width - 1;
  if (fx > last + 1e-9 || fy > last + 1e-9) return false;
  const int x0 = std::min(static_cast<int>(fx), f.width - (f.wraps ? 1 : 2));
  const int y0 = std::min(static_cast<int>(fy), f.height - (f.wraps ? 1 : 2));
  const double tx = fx - x0;
  const double ty = fy - y0;
  const auto at = [&](int x, int y) {
    return static_cast<double>(f.at(x % f.width, y % f.height));
  };
  const double top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * tx;
  const double bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * tx;
  out = top + (bottom - top) * ty;
  return true;
}

// The correlation of the preview's heights with the map's at the
// preview's samples' world positions (every other one: 16,000 points).
inline double agreementInTheWorld(const PlacedMap& preview, const PlacedMap& map) {
  std::vector<double> a;
  std::vector<double> b;
  for (int y = 0; y < preview.field.height; y += 2) {
    for (int x = 0; x < preview.field.width; x += 2) {
      double h = 0.0;
      if (!heightAt(map, x * preview.spacing, y * preview.spacing, h)) continue;
      a.push_back(static_cast<double>(preview.field.at(x, y)));
      b.push_back(h);
    }
  }
  return correlation(a, b);
}

// The preview a designer tunes: 257 samples a side (a wrapping map 256).
inline PlacedMap previewOf(const Document& doc) {
  return mapAt(doc, 257 - (documentWraps(doc) ? 1 : 0));
}

}  // namespace terrain::testing
