#pragma once
// The one table of export formats: the CLI's flags, the window's export
// panel and --help all come from it. A format says what it needs and writes
// one file atomically (see core/atomic_file.hpp).
#include <span>
#include <string>
#include <string_view>

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
  const Document& doc;
  const Heightfield& field;
  const ColorRamp& ramp;  // the look's ramp, resolved and loaded
  Execution exec;
  int sideWidth = 1280;  // a profile's side view, pixels
  int sideHeight = 400;
};

struct OutputFormat {
  std::string_view key;         // CLI flag without dashes: --heightmap
  std::string_view metavar;     // "FILE.png"
  std::string_view fileSuffix;  // the window's default name: <stem><suffix>
  std::string_view title;       // the export panel's label
  std::string_view help;        // one line for --help and the tooltip
  OutputNeeds needs;
  // What one written file holds, for the success line ("1025x1025 16-bit grey").
  std::string (*describe)(const OutputInput&);
  // Throws IoError naming the path and the cause. nullptr for Window.
  void (*write)(const std::string& path, const OutputInput&);
};

std::span<const OutputFormat> outputFormats();
const OutputFormat* findOutputFormat(std::string_view key);

// The look's ramp: "auto" resolved for the document, a built-in name, or a
// PNG file. Throws InputError / IoError naming the ramp.
ColorRamp loadLookRamp(const Document& doc);

}  // namespace terrain
