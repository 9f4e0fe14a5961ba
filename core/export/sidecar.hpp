#pragma once
// The sidecar JSON written beside an export ("<first output>.json"): what
// each file holds and how to bring it into an engine at the right scale.
//
//   {"format": "terrain-explorer-export", "version": 1,
//    "width": 4097, "height": 4097,             samples
//    "metres-per-cell": 2.0, "world-width-m": 8192, "world-length-m": 8192,
//    "height-range-m": {"min": 0, "max": 1200},  metres above sea level of
//                                                height 0 and height 1
//    "files": [{"file": "h.r16", "format": "r16", "container": "raw",
//               "sample": "uint16", "channels": 1, "bit-depth": 16,
//               "byte-order": "little-endian", "row-order": "top-first",
//               "values": "...", "options": {"flip-rows": "off"}}, ...],
//    "seed": "42", "source": {...}, "modifiers": [...],   as in a project
//    "project": "p.json",                                 when one was given
//    "engines": {"unreal": {...}, "unity": {...}, "godot": {...}}}
//
// Unreal maps a 16-bit heightmap's 0..65535 to -256..256 cm at Z scale 1
// (-256..256 m at 100), so Z scale = height range (m) * 100 / 512; X and Y scale = metres per
// cell * 100 (cm). Unity takes the heightmap resolution (the map's size) and
// the terrain size (width, height range, length) in metres. Godot's
// Terrain3D takes its vertex spacing (metres per cell) and, for heights in
// metres, offset 0 and scale 1.
#include <optional>
#include <span>
#include <string>

#include "core/export/output_format.hpp"

namespace terrain {

inline constexpr int kSidecarVersion = 1;

// "<path>.json" of the first output that is a data file (not standard
// output, a device, a FIFO or the rendered view); nullopt when there is none.
std::optional<std::string> sidecarPathFor(std::span<const OutputRequest> outputs);

// projectPath: the --project the document came from ("" for none).
// figures: what each output's format measured as it wrote, in the outputs'
// order (a file's "written": {"triangles": ..., "max-vertical-error-m": ...});
// empty for none.
std::string sidecarJson(const OutputInput& in, std::span<const OutputRequest> outputs,
                        const std::string& sidecarPath, const std::string& projectPath = "",
                        std::span<const WrittenFigures> figures = {});

// Atomic; throws IoError naming the path.
void writeSidecar(const std::string& path, const OutputInput& in,
                  std::span<const OutputRequest> outputs, const std::string& projectPath = "",
                  std::span<const WrittenFigures> figures = {});

// `path` as a file beside `from` names it: relative to from's folder when
// both are files, as given otherwise ("-"). The sidecar's file names, a
// mesh's texture URIs.
std::string relativeFileName(const std::string& path, const std::string& from);

}  // namespace terrain
