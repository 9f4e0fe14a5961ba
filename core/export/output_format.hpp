#pragma once
// What an export format is and what it is given: the types the format
// table (core/export/outputs.hpp), the export plan, the sidecar and the tile
// manifest share. Only types: the writers live behind the table.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/base/parallel.hpp"
#include "core/base/param_table.hpp"
#include "core/document/document.hpp"
#include "core/look/color.hpp"
#include "core/look/image.hpp"
#include "core/mesh/field_halo.hpp"

namespace terrain {

enum class OutputNeeds : std::uint8_t {
  Heights,  // only the heights
  Look,     // the heights coloured by the look
  Window,   // a rendered view: needs the window's GPU renderer
};

struct OutputRequest;

// A tile's place in its tiled world, for the formats that can carry it (a
// mesh's translation and name).
struct TilePlacement {
  std::string name;     // "world_x1_y0": the tile's sidecar's stem, as the manifest lists it
  std::int64_t x0 = 0;  // world column of the tile's first sample (overlap included)
  std::int64_t y0 = 0;  // world row of the same
};

// Figures a format measured as it wrote (a mesh's triangles and error), for
// the sidecar's "written": name, value.
using WrittenFigures = std::vector<std::pair<std::string, double>>;

// Everything a format may draw on.
struct OutputInput {
  const Document& doc;  // its world gives metres per cell and the height range
  const Heightfield& field;
  const ColorRamp& ramp;  // the look's ramp, resolved and loaded
  Execution exec;
  int sideWidth = 1280;  // a profile's side view, pixels
  int sideHeight = 400;
  // How the map was brought to an engine size, for the sidecar:
  // "unreal-1009: generated at 1025, cropped"; "" when it was not.
  std::string engineFit = {};
  // --output-node: the field is this node's output of the document's graph
  // (a mask: 0..1 where it applies), not the terrain.
  std::optional<PortRef> outputNode = {};
  // The window's view, rendered on its GL thread, for the Window format.
  const RgbImage* view = nullptr;
  // Set by the export plan for each file: every output of the run (a mesh's
  // material uses the images written beside it), the tile's place, and
  // where the format puts what it measured (null: nowhere).
  std::span<const OutputRequest> siblings = {};
  std::optional<TilePlacement> tile = {};
  WrittenFigures* figures = nullptr;
  // A tile's neighbouring samples, for normals at its edges equal to its
  // neighbour's (the mesh's and the normal map's); none: one-sided there.
  FieldHalo halo = {};
};

// What one written file holds, as the sidecar JSON states it.
struct FileLayout {
  std::string_view container;  // "png", "raw", "openexr"
  std::string_view sample;     // "uint8", "uint16", "float32"
  int channels = 1;
  int bitDepth = 16;
  std::string_view byteOrder;  // "big-endian", "little-endian"
  std::string_view rowOrder;   // "top-first" (north at the top) or "bottom-first"
  std::string values;          // what the samples mean, with units
  // A mesh's detail: the option that decided it ("mesh-error",
  // "mesh-triangles") or "full-grid"; "" for a format with no such choice.
  // The sidecar lists the options that did not count under "ignored-options".
  std::string_view decidedBy = {};
  std::vector<std::string_view> ignoredOptions = {};
};

struct OutputFormat {
  std::string_view key;         // CLI flag without dashes: --heightmap
  std::string_view metavar;     // "FILE.png"
  std::string_view fileSuffix;  // the window's default name: <stem><suffix>
  std::string_view title;       // the export panel's label
  std::string_view help;        // one line for --help and the tooltip
  OutputNeeds needs;
  // Its options: each a CLI flag --<key> of its own, a widget in the
  // Export window and a key in the sidecar; the defaults are those of the
  // format's options struct (core/export/outputs.cpp).
  ParamSchema options;
  // What one written file holds, for the success line ("1025x1025 16-bit grey").
  std::string (*describe)(const OutputInput&, const ParamValues& options);
  // For the sidecar; nullptr for Window (the sidecar leaves it out).
  FileLayout (*layout)(const OutputInput&, const ParamValues& options);
  // Throws IoError naming the path and the cause.
  void (*write)(const std::string& path, const OutputInput&, const ParamValues& options);
  // Why this terrain cannot be written in this format ("" when it can: a
  // flow mask needs an erosion stage that recorded flow); asked before any
  // file is written. nullptr: always can.
  std::string (*unavailable)(const OutputInput&) = nullptr;

  // The files written beside `path` in the same write, given the run's
  // outputs (an OBJ's .mtl when an image of its material is written too),
  // so they are checked, listed and numbered like any output. Throws
  // InputError when such a file could not say what it must (a name MTL
  // cannot hold). nullptr: none.
  std::vector<std::string> (*companions)(const std::string& path,
                                         std::span<const OutputRequest> run) = nullptr;

  std::string whyUnavailable(const OutputInput& in) const {
    return unavailable != nullptr ? unavailable(in) : std::string();
  }
  std::vector<std::string> companionsOf(const std::string& path,
                                        std::span<const OutputRequest> run) const {
    return companions != nullptr ? companions(path, run) : std::vector<std::string>{};
  }
};

// One file to write: a format, where, with which option values (one per
// format option, validated).
struct OutputRequest {
  const OutputFormat* format = nullptr;
  std::string path;
  ParamValues options;
};

}  // namespace terrain
