#pragma once
// Helpers shared by the core tests: bit checksums, fractal statistics, and
// building and running documents of the stage pipeline.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/error.hpp"
#include "core/base/heightfield.hpp"
#include "core/base/text_ids.hpp"
#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/export/tiles.hpp"
#include "core/nodes/registry.hpp"
#include "core/nodes/stage.hpp"
#include "tests/support/landform_metrics.hpp"

namespace terrain::testing {

// FNV-1a over the float bit patterns: equal iff the heights are bit-identical.
inline std::uint64_t checksum(const Heightfield& field) {
  std::uint64_t h = 1469598103934665603ULL;
  for (float v : field.heights) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    for (int i = 0; i < 4; ++i) {
      h ^= (bits >> (8 * i)) & 0xFFU;
      h *= 1099511628211ULL;
    }
  }
  return h;
}

// Hurst exponent from the variogram along rows: E[(h(x+d) - h(x))^2] ~ d^(2H),
// fitted by least squares over lags 1, 2, 4, ... up to maxLag.
inline double estimateHurst(const Heightfield& field, int maxLag) {
  std::vector<double> xs;
  std::vector<double> ys;
  for (int lag = 1; lag <= maxLag; lag *= 2) {
    double sum = 0.0;
    std::int64_t count = 0;
    for (int y = 0; y < field.height; ++y) {
      for (int x = 0; x + lag < field.width; ++x) {
        const double d = double(field.at(x + lag, y)) - double(field.at(x, y));
        sum += d * d;
        ++count;
      }
    }
    if (count == 0 || sum <= 0.0) break;
    xs.push_back(std::log(double(lag)));
    ys.push_back(std::log(sum / double(count)));
  }
  return fitSlope(xs, ys) / 2.0;
}

// Hurst exponent from the variogram E[(h(p + d) - h(p))^2] ~ d^(2H), along
// rows and columns together, fitted by least squares over lags spaced evenly
// in log2 (4, 6, 8, 12, ...): half of them fall off the power-of-two lattice,
// and lags below 4 are left out because there the finest level's offsets are
// nearly independent noise on top of the fractal (the local slope from lag 1
// to 2 reads ~0.63 at H = 0.8, ~0.74 from 8 to 16).
inline double variogramHurst(const Heightfield& field, int minLag, int maxLag) {
  std::vector<int> lags;
  for (int lag = minLag; lag <= maxLag; lag *= 2) {
    lags.push_back(lag);
    if (lag * 3 / 2 <= maxLag && lag >= 2) lags.push_back(lag * 3 / 2);
  }
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (int lag : lags) {
    double sum = 0.0;
    double count = 0.0;
    for (int y = 0; y < field.height; ++y) {
      for (int x = 0; x < field.width; ++x) {
        const auto h = static_cast<double>(field.at(x, y));
        if (x + lag < field.width) {
          const double d = static_cast<double>(field.at(x + lag, y)) - h;
          sum += d * d;
          count += 1.0;
        }
        if (y + lag < field.height) {
          const double d = static_cast<double>(field.at(x, y + lag)) - h;
          sum += d * d;
          count += 1.0;
        }
      }
    }
    const double lx = std::log(double(lag));
    const double ly = std::log(sum / count);
    sx += lx;
    sy += ly;
    sxx += lx * lx;
    sxy += lx * ly;
  }
  const double n = double(lags.size());
  return (n * sxy - sx * sy) / (n * sxx - sx * sx) / 2.0;
}

// ---- documents ------------------------------------------------------------

// Index of a parameter of a stage; throws std::invalid_argument naming the
// stage's keys when it has no such parameter (a typo fails the test loudly).
inline std::size_t paramIndex(const Stage& stage, std::string_view key) {
  if (const auto index = stage.indexOf(key)) return *index;
  std::string known;
  for (const ParamInfo& info : stage.params()) {
    known += (known.empty() ? "" : ", ") + std::string(info.key);
  }
  throw std::invalid_argument(std::string(stage.key()) + " has no parameter \"" + std::string(key) +
                              "\" (it has: " + known + ")");
}

// A stage's defaults with some values set by key.
inline ParamValues valuesWith(const Stage& stage,
                              std::initializer_list<std::pair<std::string_view, double>> set) {
  ParamValues values = stage.defaults();
  for (const auto& [key, value] : set) values.at(paramIndex(stage, key)) = value;
  return values;
}

// Sets / reads one of the document's source parameters by its metadata key.
inline void setParam(Document& doc, std::string_view key, double value) {
  const SourceStage& source = sourceStage(chainSource(doc.graph).type);
  chainSource(doc.graph).values.at(paramIndex(source, key)) = value;
}
inline double param(const Document& doc, std::string_view key) {
  const SourceStage& source = sourceStage(chainSource(doc.graph).type);
  return chainSource(doc.graph).values.at(paramIndex(source, key));
}

// Sets one of a modifier's parameters by its metadata key.
inline void setParam(ModifierSettings& modifier, std::string_view key, double value) {
  modifier.values.at(paramIndex(modifierStage(modifier.key), key)) = value;
}
// The same on a chain's modifier node.
inline void setParam(GraphNode& modifier, std::string_view key, double value) {
  modifier.values.at(paramIndex(modifierStage(modifier.type), key)) = value;
}

// The bare source: its defaults with `params` set, the seed, no modifiers
// (unlike defaultDocument, which may add a usual smoothing), and the look
// and view of the source's default document.
inline Document docWith(std::string_view source,
                        std::initializer_list<std::pair<std::string_view, double>> params = {},
                        std::uint64_t seed = 1) {
  Document doc = defaultDocument(source);
  doc.graph = chainGraph({chainOf(doc.graph).source, {}});
  doc.seed = seed;
  for (const auto& [key, value] : params) setParam(doc, key, value);
  return doc;
}

// What `f` was refused with (its InputError's message), or "" when it ran.
inline std::string inputErrorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// Small elevation grids the import source reads where a test runs every
// source (tests/core/data/import/, made by make_samples.py): hills.asc is
// square, ridge.asc wider than tall.
inline std::string importSample(std::string_view name = "hills.asc") {
  return std::string(TERRAIN_SOURCE_DIR "/tests/core/data/import/") + std::string(name);
}

// The source's defaults, able to make a map: the import source reads the
// sample (its default has no file, which it refuses).
inline ParamValues makingValues(const SourceStage& source) {
  ParamValues values = source.defaults();
  if (const auto file = source.indexOf("file")) values[*file] = textId(importSample());
  return values;
}

// defaultDocument(key), able to make a map (see makingValues).
inline Document makingDocument(std::string_view key) {
  Document doc = defaultDocument(key);
  if (const auto file = sourceStage(key).indexOf("file")) {
    chainSource(doc.graph).values[*file] = textId(importSample());
  }
  return doc;
}

// Appends a `smooth` stage of that many passes.
inline Document withSmooth(Document doc, int passes) {
  ModifierSettings smooth = defaultModifier("smooth");
  setParam(smooth, "passes", passes);
  appendModifier(doc.graph, std::move(smooth));
  return doc;
}

// The whole pipeline (validate, source, modifiers) on `threads` threads
// (0: every hardware thread). Throws InputError for an invalid document.
inline Heightfield run(const Document& doc, int threads = 0) {
  return runPipeline(doc, PipelineControl{Execution{threads}, nullptr, {}});
}

// A RunControl for the raw generator functions: threads only.
inline RunControl control(int threads = 0) {
  return RunControl{Execution{threads}, nullptr, {}};
}

// The document's source values as the stage's typed struct (e.g.
// DiamondSquareParams), through the stage's own binding table; throws
// std::invalid_argument when that source does not take that struct.
template <class Params>
Params paramsOf(const Document& doc) {
  const auto* table = paramTableOf<Params>(sourceStage(chainSource(doc.graph).type));
  if (table == nullptr) {
    throw std::invalid_argument(chainSource(doc.graph).type + " does not take these parameters");
  }
  return table->unpack(chainSource(doc.graph).values);
}

// A tile grid of a world `worldSize` samples a side (a torus of that many
// cells when wraps).
inline TileGrid tileGrid(std::int64_t worldSize, int columns, int rows, int overlap = 0,
                         bool wraps = false) {
  TileGrid grid;
  grid.worldSize = worldSize;
  grid.columns = columns;
  grid.rows = rows;
  grid.overlap = overlap;
  grid.wraps = wraps;
  return grid;
}

}  // namespace terrain::testing
