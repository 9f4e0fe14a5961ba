// Import: a heightmap or a DEM from a file (core/io/raster_input.hpp), resampled
// to the map's size by Catmull-Rom bicubic interpolation, which passes
// through the file's samples: where a map sample falls on a file sample it
// is that sample exactly, and between them the surface is smooth, so a
// 300x300 DEM does not turn into steps at 2049.
//
// Every map sample is a pure function of its position, so a tile reads
// the same file and equals that window of the whole world. A file that is
// not square is cut to its central square (crop) or stretched over the map
// (stretch). Elevations (a DEM) are scaled from the node's lowest..highest
// elevation (chooseImportFile fills in the file's own) to heights 0..1,
// and importedWorld gives the document that height range in metres; an
// image's or a raw file's heights are taken as they are. The curve's small
// overshoot beside a peak is clipped to that range.
//
// With the range given, a window smaller than the map (a tile) reads only
// the file's samples under it, through GDAL's windowed reads: a tile of a
// continent-sized DEM or mosaic does not read the continent.
#include "core/nodes/sources/import.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/base/error.hpp"
#include "core/base/parallel.hpp"
#include "core/io/raster_input.hpp"
#include "core/nodes/sources/common_params.hpp"

namespace terrain {
namespace {

enum class Fit : int { Crop = 0, Stretch = 1 };
constexpr std::string_view kFitNames[] = {"crop", "stretch"};

struct ImportParams {
  int size = 513;
  std::string file;
  Fit fit = Fit::Crop;
  int fileWidth = 0;  // a headerless raw file's width; 0: square
  // Elevations (metres) that heights 0 and 1 stand for; both 0: the file's
  // lowest and highest sample under the footprint.
  double elevationLow = 0.0;
  double elevationHigh = 0.0;

  bool rangeGiven() const { return elevationLow != 0.0 || elevationHigh != 0.0; }
};

// The part of the raster the map covers: [x0, x0 + spanX] x [y0, y0 + spanY]
// in samples.
struct Footprint {
  int x0 = 0;
  int y0 = 0;
  int spanX = 1;
  int spanY = 1;
};

Footprint footprintOf(const Raster& r, Fit fit) {
  if (fit == Fit::Stretch) return {0, 0, r.width - 1, r.height - 1};
  const int side = std::min(r.width, r.height);
  return {(r.width - side) / 2, (r.height - side) / 2, side - 1, side - 1};
}

// The four Catmull-Rom taps for map sample i of n along an axis spanning
// `span` file samples from `first`: exact integer positions, so a sample
// that lands on a file sample has the weights (0, 1, 0, 0). Beyond the
// file's edge a tap reads the line through the last two samples, so a
// plane stays a plane up to the border.
struct Taps {
  std::array<int, 4> index;
  std::array<double, 4> weight;
};

Taps tapsFor(std::int64_t i, std::int64_t n, int first, int span, int length) {
  const std::int64_t scaled = i * span;
  const std::int64_t whole = scaled / (n - 1);
  const double t = static_cast<double>(scaled % (n - 1)) / static_cast<double>(n - 1);
  const double t2 = t * t;
  const double t3 = t2 * t;
  Taps taps;
  taps.weight = {(-t3 + 2.0 * t2 - t) / 2.0, (3.0 * t3 - 5.0 * t2 + 2.0) / 2.0,
                 (-3.0 * t3 + 4.0 * t2 + t) / 2.0, (t3 - t2) / 2.0};
  std::array<double, 4> beyond{};  // weight read past the edge, by tap
  for (int k = 0; k < 4; ++k) {
    const std::int64_t at = first + whole - 1 + k;
    const auto slot = static_cast<std::size_t>(k);
    taps.index[slot] = static_cast<int>(std::clamp<std::int64_t>(at, 0, length - 1));
    if (at < 0 || at > length - 1) {
      beyond[slot] = taps.weight[slot];
      taps.weight[slot] = 0.0;
    }
  }
  // p(-d) = (1 + d) p(0) - d p(1), and alike past the far edge; the samples
  // it needs are among the taps whenever its weight is not 0.
  const auto add = [&](int index, double weight) {
    for (std::size_t k = 0; k < 4; ++k) {
      if (taps.index[k] == index) {
        taps.weight[k] += weight;
        return;
      }
    }
  };
  for (int k = 0; k < 4; ++k) {
    const double w = beyond[static_cast<std::size_t>(k)];
    if (w == 0.0) continue;
    const std::int64_t at = first + whole - 1 + k;
    const bool low = at < 0;
    const double d = static_cast<double>(low ? -at : at - (length - 1));
    add(low ? 0 : length - 1, (1.0 + d) * w);
    add(low ? 1 : length - 2, -d * w);
  }
  return taps;
}

// The file's lowest and highest values inside the footprint: what heights
// 0 and 1 stand for when they are elevations. Needs the whole file.
std::pair<double, double> rangeOf(const Raster& r, const Footprint& f) {
  double low = static_cast<double>(r.at(f.x0, f.y0));
  double high = low;
  for (int y = f.y0; y <= f.y0 + f.spanY; ++y) {
    for (int x = f.x0; x <= f.x0 + f.spanX; ++x) {
      low = std::min(low, static_cast<double>(r.at(x, y)));
      high = std::max(high, static_cast<double>(r.at(x, y)));
    }
  }
  return {low, high};
}

// Which file samples each column and row of a map window reads.
struct Resampling {
  std::vector<Taps> columns;
  std::vector<Taps> rows;
};

Resampling resamplingFor(const Raster& header, const ImportParams& p, const MapWindow& window) {
  const Footprint f = footprintOf(header, p.fit);
  Resampling out;
  for (int x = 0; x < window.width; ++x) {
    const std::int64_t wx = worldSample(window.x0 + x, p.size, false);
    out.columns.push_back(tapsFor(wx, p.size, f.x0, f.spanX, header.width));
  }
  for (int y = 0; y < window.height; ++y) {
    const std::int64_t wy = worldSample(window.y0 + y, p.size, false);
    out.rows.push_back(tapsFor(wy, p.size, f.y0, f.spanY, header.height));
  }
  return out;
}

// The first and one-past-last file sample the taps read along an axis.
std::pair<int, int> spanOf(const std::vector<Taps>& taps) {
  int low = taps.front().index[0];
  int high = low;
  for (const Taps& t : taps) {
    for (const int i : t.index) {
      low = std::min(low, i);
      high = std::max(high, i);
    }
  }
  return {low, high + 1};
}

// Heights = (elevation - base) * scale.
struct HeightScale {
  double base = 0.0;
  double scale = 1.0;
};

HeightScale heightScaleOf(const ImportParams& p, const Raster& r) {
  if (!r.elevations) return {};
  const auto [low, high] = p.rangeGiven() ? std::pair{p.elevationLow, p.elevationHigh}
                                          : rangeOf(r, footprintOf(r, p.fit));
  return {low, high > low ? 1.0 / (high - low) : 1.0};
}

// The map's window: each sample the bicubic surface at its place. `r`
// holds at least the samples the taps read.
Heightfield sampleWindow(const Raster& r, const Resampling& taps, HeightScale height,
                         const RunControl& control) {
  const auto width = static_cast<int>(taps.columns.size());
  Heightfield field(width, static_cast<int>(taps.rows.size()));
  parallelFor(control.exec, 0, field.height, 8, [&](std::int64_t a, std::int64_t b) {
    for (std::int64_t row = a; row < b; ++row) {
      const Taps& rows = taps.rows[static_cast<std::size_t>(row)];
      for (int x = 0; x < width; ++x) {
        const Taps& cols = taps.columns[static_cast<std::size_t>(x)];
        double sum = 0.0;
        for (int j = 0; j < 4; ++j) {
          double line = 0.0;
          for (int i = 0; i < 4; ++i) {
            line += cols.weight[static_cast<std::size_t>(i)] *
                    static_cast<double>(r.at(cols.index[static_cast<std::size_t>(i)],
                                             rows.index[static_cast<std::size_t>(j)]));
          }
          sum += rows.weight[static_cast<std::size_t>(j)] * line;
        }
        // The curve overshoots a little beside the highest and lowest
        // samples; heights stay within the range.
        field.at(x, static_cast<int>(row)) =
            static_cast<float>(std::clamp((sum - height.base) * height.scale, 0.0, 1.0));
      }
    }
  });
  control.checkpoint(1.0f);
  return field;
}

// A window smaller than the map, with the range given, reads only the
// samples under it when GDAL reads the file and none of them is no-data.
std::optional<Heightfield> sampleFromFileWindow(const ImportParams& p, const MapWindow& window,
                                                const RunControl& control) {
  if (!p.rangeGiven() || (window.width == p.size && window.height == p.size)) {
    return std::nullopt;
  }
  const Raster header = readRasterHeader(p.file, p.fileWidth);
  const Resampling taps = resamplingFor(header, p, window);
  const auto [x0, x1] = spanOf(taps.columns);
  const auto [y0, y1] = spanOf(taps.rows);
  const std::optional<Raster> part = readRasterWindow(p.file, x0, y0, x1 - x0, y1 - y0);
  if (!part) return std::nullopt;
  return sampleWindow(*part, taps, heightScaleOf(p, *part), control);
}

const ParamTable<ImportParams>& table() {
  static const ParamTable<ImportParams> rows({
      TERRAIN_BIND(ImportParams, size, sizeParam(2, kMaxMapSide)),
      TERRAIN_BIND(ImportParams, file,
                   (ParamInfo{"file",
                              "File",
                              "",
                              "The heightmap or elevation data to start from: PNG, "
                              "GeoTIFF, SRTM .hgt, ASCII grid, USGS DEM and VRT mosaics "
                              "of them, RAW16 (.r16, .raw), float32 raw (.r32), "
                              "OpenEXR",
                              ParamType::Text,
                              0,
                              4096,
                              {},
                              false,
                              false,
                              false,
                              "a heightmap or DEM file"})),
      TERRAIN_BIND(ImportParams, fit,
                   (ParamInfo{"fit", "Fit", "",
                              "A file that is not square: its central square (crop) or "
                              "all of it stretched over the map (stretch)",
                              ParamType::Choice, 0, 1, kFitNames})),
      TERRAIN_BIND(ImportParams, fileWidth,
                   (ParamInfo{"file-width", "Raw width", "samples",
                              "A headerless raw file's width (0: square, the side from "
                              "its size in bytes)",
                              ParamType::Integer, 0, 1 << 20})),
      TERRAIN_BIND(ImportParams, elevationLow,
                   (ParamInfo{"elevation-low", "Lowest", "m",
                              "The elevation height 0 stands for; lower ground is cut "
                              "flat (both 0: the file's lowest sample, filled in when a "
                              "file is chosen)",
                              ParamType::Real, -15000.0, 30000.0})),
      TERRAIN_BIND(ImportParams, elevationHigh,
                   (ParamInfo{"elevation-high", "Highest", "m",
                              "The elevation height 1 stands for; higher ground is cut "
                              "flat (both 0: the file's highest sample)",
                              ParamType::Real, -15000.0, 30000.0})),
  });
  return rows;
}

std::string_view idleReason(std::size_t param, const ParamValues& values) {
  const ImportParams p = table().unpack(values);
  const std::string_view key = table().infos()[param].key;
  if (key == "file-width" && !isHeaderlessRaw(p.file)) {
    return "Only a headerless raw file (.r16, .raw, .r32) has a width to give";
  }
  if (key == "elevation-low" || key == "elevation-high") {
    try {
      if (!loadRaster(p.file, p.fileWidth)->elevations) {
        return "An image's or raw file's heights are taken as they are (0..1)";
      }
    } catch (const InputError&) {
      return {};
    }
  }
  if (key == "fit") {
    try {
      const std::shared_ptr<const Raster> r = loadRaster(p.file, p.fileWidth);
      if (r->width == r->height) return "A square file fills the map either way";
    } catch (const InputError&) {
      return {};  // the file's own problem is said where it is read
    }
  }
  return {};
}

void checkRules(const ParamValues& values) {
  const ImportParams p = table().unpack(values);
  const auto infos = table().infos();
  if (p.rangeGiven() && p.elevationHigh <= p.elevationLow) {
    throw InputError("import: elevation-high (" + formatValue(infos[5], p.elevationHigh) +
                     " m) must be above elevation-low (" + formatValue(infos[4], p.elevationLow) +
                     " m); both 0 take the file's lowest and highest sample");
  }
}

Heightfield generateWindow(std::uint64_t, const ParamValues& values, const MapWindow& window,
                           const RunControl& control) {
  const ImportParams p = table().unpack(values);
  if (std::optional<Heightfield> part = sampleFromFileWindow(p, window, control)) {
    return std::move(*part);
  }
  const std::shared_ptr<const Raster> whole = loadRaster(p.file, p.fileWidth);
  return sampleWindow(*whole, resamplingFor(*whole, p, window), heightScaleOf(p, *whole), control);
}

Heightfield generate(std::uint64_t seed, const ParamValues& values, const RunControl& control) {
  const int size = table().unpack(values).size;
  return generateWindow(seed, values, {0, 0, size, size}, control);
}

}  // namespace

const SourceStage& importSource() {
  static const SourceStage node(
      {
          .key = "import",
          .title = "Import",
          .help = "A heightmap or real elevation data from a file, resampled smoothly to the map",
          .params = table().schema(),
          .paramTable = &table(),
          .validate = checkRules,
          .idleReason = idleReason,
          .usesSeed = false,  // the file's heights: no seed row, no gallery of one picture
      },
      {
          .generate = generate,
          // Real ground has its own sea level, if any: no water until the
          // designer adds it.
          .defaultWater = 0.0,
          .tileScale =
              [](std::uint64_t, const ParamValues&) {
                return TileScale{
                    0.0, 1.0,
                    "the import's lowest..highest elevation (elevations) or the file's own 0..1"};
              },
          .generateWindow = generateWindow,
      });
  return node;
}

World importedWorld(const ParamValues& values, const World& current) {
  const ImportParams p = table().unpack(values);
  // With the range given, the header is enough: a tile's world needs no
  // whole read.
  const std::shared_ptr<const Raster> file =
      p.rangeGiven() ? std::make_shared<const Raster>(readRasterHeader(p.file, p.fileWidth))
                     : loadRaster(p.file, p.fileWidth);
  const Footprint footprint = footprintOf(*file, p.fit);
  World world = current;
  if (file->cellWidth > 0.0) world.width = file->cellWidth * footprint.spanX;
  if (!file->elevations) return world;
  const auto [low, high] =
      p.rangeGiven() ? std::pair{p.elevationLow, p.elevationHigh} : rangeOf(*file, footprint);
  const ParamInfo& range = worldTable().infos()[*worldTable().indexOf("height-range")];
  if (high - low > range.max) {
    throw InputError("import: '" + p.file + "' spans " + std::to_string(high - low) +
                     " m from its lowest to its highest elevation; a world's height range is " +
                     "at most " + std::to_string(static_cast<int>(range.max)) + " m");
  }
  if (high - low >= range.min) world.heightRange = high - low;
  world.baseElevation = std::clamp(low, -12000.0, 9000.0);
  return world;
}

ImportChoice chooseImportFile(const ParamValues& values, const World& current) {
  const SourceStage& source = importSource();
  ImportParams p = table().unpack(values);
  ImportChoice choice{values, current};
  const std::shared_ptr<const Raster> raster = loadRaster(p.file, p.fileWidth);
  const auto [low, high] =
      raster->elevations ? rangeOf(*raster, footprintOf(*raster, p.fit)) : std::pair{0.0, 0.0};
  choice.values[*source.indexOf("elevation-low")] = low;
  choice.values[*source.indexOf("elevation-high")] = high;
  if (low == high) {  // a flat file: its own range, as before it was chosen
    choice.values[*source.indexOf("elevation-low")] = 0.0;
    choice.values[*source.indexOf("elevation-high")] = 0.0;
  }
  choice.world = importedWorld(choice.values, current);
  return choice;
}

std::optional<ImportChoice> importEdited(const ParamValues& before, const ParamValues& after,
                                         const World& current) {
  const SourceStage& source = importSource();
  const auto changed = [&](std::string_view key) {
    const std::size_t i = *source.indexOf(key);
    return before[i] != after[i];
  };
  if (changed("file") || changed("fit") || changed("file-width")) {
    return chooseImportFile(after, current);
  }
  if (changed("elevation-low") || changed("elevation-high")) {
    return ImportChoice{after, importedWorld(after, current)};
  }
  return std::nullopt;
}

}  // namespace terrain
