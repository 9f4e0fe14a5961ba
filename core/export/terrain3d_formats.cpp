// Godot's Terrain3D formats: its heights in metres and its control map, both
// one-channel float EXRs (core/export/terrain3d.hpp).
#include <string>

#include "core/export/format_rows.hpp"
#include "core/export/terrain3d.hpp"

namespace terrain::format_rows {
namespace {

// ZIP: lossless and read by every EXR reader, Godot's tinyexr included.
constexpr ExrCompression kTerrain3dCompression = ExrCompression::Zip;

}  // namespace

OutputFormat terrain3dHeightFormat() {
  return {"terrain3d-height",
          "FILE.exr",
          "-terrain3d-height.exr",
          "Terrain3D heights (EXR, metres)",
          "OpenEXR, one float32 channel R: metres above sea level (height-range-m min + height "
          "x range), as Godot's Terrain3D imports heights (--for godot)",
          OutputNeeds::Heights,
          {},
          [](const OutputInput& in, const ParamValues&) {
            return sizeText(in.field) + " OpenEXR float32 heights in metres (Terrain3D)";
          },
          [](const OutputInput&, const ParamValues&) {
            return FileLayout{"openexr",
                              "float32",
                              1,
                              32,
                              "little-endian",
                              "top-first",
                              "channel R: metres above sea level, lossless zip compression"};
          },
          [](const std::string& path, const OutputInput& in, const ParamValues&) {
            writeTerrain3dHeights(path, in.field, in.doc.world, kTerrain3dCompression, in.exec);
          },
          &mapOnly};
}

OutputFormat terrain3dControlFormat() {
  return {"terrain3d-control",
          "FILE.exr",
          "-terrain3d-control.exr",
          "Terrain3D control map (EXR)",
          "OpenEXR, one 32-bit channel R holding Terrain3D's control bits from the splat "
          "weights: base id (heaviest) << 27, overlay id (next) << 22, blend << 14 (--for godot)",
          OutputNeeds::Heights,
          {},
          [](const OutputInput& in, const ParamValues&) {
            return sizeText(in.field) + " Terrain3D control map";
          },
          [](const OutputInput&, const ParamValues&) {
            return FileLayout{"openexr",
                              "uint32 bits in float32",
                              1,
                              32,
                              "little-endian",
                              "top-first",
                              "channel R: Terrain3D control bits (base texture id << 27, overlay "
                              "id << 22, blend 0..255 << 14; ids 0 grass, 1 rock, 2 sediment, 3 "
                              "snow, 4 wet ground), lossless zip compression"};
          },
          [](const std::string& path, const OutputInput& in, const ParamValues&) {
            writeTerrain3dControl(path, in.field, in.doc.look, in.doc.world, kTerrain3dCompression,
                                  in.exec);
          },
          &splatOnly};
}

}  // namespace terrain::format_rows
