#pragma once
// The one table of export formats: the CLI's flags, the window's export
// panel and --help all come from it. A format says what it needs, which
// options it takes (parameter metadata, like a stage's, so the CLI flag,
// --help and the panel's widget come from one row), what a written file
// holds (for the sidecar JSON) and writes one file atomically (see
// core/io/atomic_file.hpp).
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/document/document.hpp"
#include "core/export/output_format.hpp"
#include "core/look/color.hpp"

namespace terrain {

std::span<const OutputFormat> outputFormats();
const OutputFormat* findOutputFormat(std::string_view key);

// A format option by its key, with the first format that takes it (formats
// may share an option: --mesh-triangles is --obj's and --glb's).
struct FormatOptionRef {
  const OutputFormat* format = nullptr;
  std::size_t index = 0;
};
std::optional<FormatOptionRef> findFormatOption(std::string_view key);

// The look's ramp: "auto" resolved for the document, a built-in name, or a
// PNG file. Throws InputError / IoError naming the ramp.
ColorRamp loadLookRamp(const Document& doc);

// Why no tile can take these outputs of this document ("" when tiles can):
// asked before any tile is made or folder prepared. A splat map with wet
// ground reads the whole world's water, which a tile alone does not have.
std::string tilesUnavailable(const Document& doc, std::span<const OutputRequest> outputs);

}  // namespace terrain
