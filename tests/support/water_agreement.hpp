#pragma once
// Issue 40's measure of a preview's water against its export's: a graph
// project with a water node on its output at two sizes, and the water
// masks compared at the preview's cells (the share of each preview cell's
// ground the export's water covers) and cell by cell at the export's size.
// For tests/core/hydrology/water_test.cpp (1025, every build) and
// tests/bench/water_bench.cpp (2049, Release).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/document/document.hpp"
#include "core/document/project.hpp"
#include "core/graph/evaluator.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/node_registry.hpp"

namespace terrain::testing {

// `example` with a water node on its output; the graph's output becomes
// the water node (its first port, the surface).
inline Document withWater(const std::string& example, int size) {
  Document doc = loadProject(TERRAIN_SOURCE_DIR "/examples/" + example);
  setDocumentSize(doc, size);
  const NodeId terrain = doc.graph.output;
  const NodeId water = addNode(doc.graph, "water", 0.0f, 0.0f);
  connect(doc.graph, {terrain, 0}, {water, 0});
  setOutput(doc.graph, water);
  return doc;
}

inline PortRef waterPort(const Document& doc, std::string_view key) {
  const NodeType& type = nodeType("water");
  for (std::uint32_t port = 0; port < type.outputs().size(); ++port) {
    if (type.outputs()[port].key == key) return {doc.graph.output, port};
  }
  throw std::logic_error("no water port " + std::string(key));
}

// The share of each preview cell a fine map covers: the fine samples
// within half a preview cell of the preview's sample (stride / 2 either
// way), weighted by how much of each fine sample's cell lies inside (the
// two at the ends half), so the fine map is read at the preview's cells'
// own places in the world.
inline std::vector<double> toPreview(const Heightfield& fine) {
  const int stride = (fine.width - 1) / 256;
  const int half = stride / 2;
  std::vector<double> out;
  for (int y = 0; y < 257; ++y) {
    for (int x = 0; x < 257; ++x) {
      double sum = 0.0;
      double weights = 0.0;
      for (int dy = -half; dy <= half; ++dy) {
        for (int dx = -half; dx <= half; ++dx) {
          const int fx = stride * x + dx;
          const int fy = stride * y + dy;
          if (fx < 0 || fy < 0 || fx >= fine.width || fy >= fine.height) continue;
          const double weight =
              (std::abs(dx) == half ? 0.5 : 1.0) * (std::abs(dy) == half ? 0.5 : 1.0);
          sum += weight * static_cast<double>(fine.at(fx, fy));
          weights += weight;
        }
      }
      out.push_back(sum / weights);
    }
  }
  return out;
}

// The preview's map at every sample of a fine one (each fine sample takes
// its nearest preview sample), for the cell-by-cell reading.
inline std::vector<double> fromPreview(const Heightfield& preview, const Heightfield& fine) {
  const int stride = (fine.width - 1) / 256;
  std::vector<double> out;
  out.reserve(fine.size());
  for (int y = 0; y < fine.height; ++y) {
    for (int x = 0; x < fine.width; ++x) {
      const int px = std::min((x + stride / 2) / stride, preview.width - 1);
      const int py = std::min((y + stride / 2) / stride, preview.height - 1);
      out.push_back(static_cast<double>(preview.at(px, py)));
    }
  }
  return out;
}

inline double correlation(const std::vector<double>& a, const std::vector<float>& b) {
  double ma = 0.0;
  double mb = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    ma += a[i];
    mb += static_cast<double>(b[i]);
  }
  ma /= static_cast<double>(a.size());
  mb /= static_cast<double>(a.size());
  double ab = 0.0;
  double aa = 0.0;
  double bb = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    ab += (a[i] - ma) * (static_cast<double>(b[i]) - mb);
    aa += (a[i] - ma) * (a[i] - ma);
    bb += (static_cast<double>(b[i]) - mb) * (static_cast<double>(b[i]) - mb);
  }
  return ab / std::sqrt(aa * bb);
}

// The kinds' masks of a document's water node, each a port.
struct WaterMasks {
  Heightfield lake, river, sea;
};

inline WaterMasks masksOf(const Document& doc) {
  GraphEvaluator evaluator;
  const NodeContext context{doc.seed, doc.world};
  const auto port = [&](std::string_view key) {
    const PortRef ref = waterPort(doc, key);
    return *evaluator.run(doc.graph, ref.node, ref.port, context);
  };
  return {port("lake"), port("river"), port("sea")};
}

// One kind's agreement: at the preview's cells, and cell by cell.
struct Agreement {
  double atPreview = 0.0;
  double cellByCell = 0.0;
  double share = 0.0;  // of the preview's map the kind covers
};

inline Agreement agreementOf(const Heightfield& preview, const Heightfield& fine) {
  Agreement out;
  for (const float v : preview.heights) out.share += static_cast<double>(v);
  out.share /= static_cast<double>(preview.size());
  out.atPreview = correlation(toPreview(fine), preview.heights);
  out.cellByCell = correlation(fromPreview(preview, fine), fine.heights);
  return out;
}

// Water of every kind, lakes, sea and rivers.
struct WaterAgreement {
  Agreement water, lakes, sea, rivers;
};

inline WaterAgreement waterAgreement(const std::string& example, int size) {
  const WaterMasks preview = masksOf(withWater(example, 257));
  const WaterMasks exported = masksOf(withWater(example, size));
  Heightfield all = preview.lake;
  Heightfield allFine = exported.lake;
  for (std::size_t i = 0; i < all.size(); ++i) {
    all.heights[i] += preview.river.heights[i] + preview.sea.heights[i];
  }
  for (std::size_t i = 0; i < allFine.size(); ++i) {
    allFine.heights[i] += exported.river.heights[i] + exported.sea.heights[i];
  }
  return {agreementOf(all, allFine), agreementOf(preview.lake, exported.lake),
          agreementOf(preview.sea, exported.sea), agreementOf(preview.river, exported.river)};
}

}  // namespace terrain::testing
