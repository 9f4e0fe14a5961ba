#pragma once
// The one table of export formats: the CLI's flags, the window's export
// panel and --help all come from it. A format says what it needs, which
// options it takes (parameter metadata, like a stage's, so the CLI flag,
// --help and the panel's widget come from one row), what a written file
// holds (for the sidecar JSON) and writes one file atomically (see
// core/atomic_file.hpp).
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/color.hpp"
#include "core/document.hpp"
#include "core/heightfield.hpp"
#include "core/parallel.hpp"

namespace terrain {

enum class OutputNeeds : std::uint8_t {
  Heights,  // only the heights
  Look,     // the heights coloured by the look
  Window,   // a rendered view: needs the window's GPU renderer
};

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
};

// One option of a format: its metadata (key = CLI flag, label, help,
// choices) and its default value.
struct FormatOption {
  ParamInfo info;
  double defaultValue = 0.0;
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
};

struct OutputFormat {
  std::string_view key;         // CLI flag without dashes: --heightmap
  std::string_view metavar;     // "FILE.png"
  std::string_view fileSuffix;  // the window's default name: <stem><suffix>
  std::string_view title;       // the export panel's label
  std::string_view help;        // one line for --help and the tooltip
  OutputNeeds needs;
  std::span<const FormatOption> options;  // each is a CLI flag --<key> of its own
  // What one written file holds, for the success line ("1025x1025 16-bit grey").
  std::string (*describe)(const OutputInput&, const ParamValues& options);
  // For the sidecar. nullptr for Window.
  FileLayout (*layout)(const OutputInput&, const ParamValues& options);
  // Throws IoError naming the path and the cause. nullptr for Window.
  void (*write)(const std::string& path, const OutputInput&, const ParamValues& options);
  // Why this terrain cannot be written in this format ("" when it can: a
  // flow mask needs an erosion stage that recorded flow); asked before any
  // file is written. nullptr: always can.
  std::string (*unavailable)(const OutputInput&) = nullptr;

  ParamValues defaultOptions() const;
};

std::span<const OutputFormat> outputFormats();
const OutputFormat* findOutputFormat(std::string_view key);

// A format option by its key, with the first format that takes it (formats
// may share an option: --mesh-triangles is --obj's and --glb's).
struct FormatOptionRef {
  const OutputFormat* format = nullptr;
  std::size_t index = 0;
};
std::optional<FormatOptionRef> findFormatOption(std::string_view key);

// One file to write: a format, where, with which option values (one per
// format option, validated).
struct OutputRequest {
  const OutputFormat* format = nullptr;
  std::string path;
  ParamValues options;
};

// The look's ramp: "auto" resolved for the document, a built-in name, or a
// PNG file. Throws InputError / IoError naming the ramp.
ColorRamp loadLookRamp(const Document& doc);

}  // namespace terrain
