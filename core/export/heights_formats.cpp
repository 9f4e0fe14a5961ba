// The height formats: 16-bit PNG, RAW16, raw float32 and OpenEXR.
#include <string>
#include <string_view>

#include "core/export/exr.hpp"
#include "core/export/format_rows.hpp"
#include "core/export/heightmap_files.hpp"
#include "core/export/raw16.hpp"

namespace terrain::format_rows {
namespace {

// Every height file and the mesh share one vertical frame: metres above sea
// level = the range's min (the base elevation) + height x the range.
std::string heightsIn(std::string_view what) {
  return std::string(what) + " (metres above sea level = height-range-m min + height x range)";
}

struct Raw16Options {
  bool flipRows = false;
};
const ParamTable<Raw16Options>& raw16Options() {
  static const ParamTable<Raw16Options> table({
      TERRAIN_BIND(Raw16Options, flipRows,
                   (ParamInfo{"flip-rows", "Flip rows", "",
                              "Write the bottom row first, for tools that read images bottom-up "
                              "(off: the top row, north, first, as in the PNG)",
                              ParamType::Toggle, 0.0, 1.0})),
  });
  return table;
}

constexpr std::string_view kExrCompressions[] = {"piz", "zip", "none"};
struct ExrOptions {
  ExrCompression compression = ExrCompression::Piz;
};
const ParamTable<ExrOptions>& exrOptions() {
  static const ParamTable<ExrOptions> table({
      TERRAIN_BIND(ExrOptions, compression,
                   (ParamInfo{"exr-compression", "Compression", "",
                              "Lossless compression: piz (smallest and quickest for terrain), zip "
                              "(the most widely read), none (fastest, largest)",
                              ParamType::Choice, 0.0, 2.0, kExrCompressions})),
  });
  return table;
}
std::string exrCompressionName(ExrCompression compression) {
  return std::string(kExrCompressions[static_cast<std::size_t>(compression)]);
}

}  // namespace

OutputFormat heightmapFormat() {
  return {"heightmap",
          "FILE.png",
          "-height16.png",
          "Heightmap (16-bit PNG)",
          "16-bit greyscale PNG, heights 0..1 as 0..65535 (a profile is N x 1)",
          OutputNeeds::Heights,
          {},
          [](const OutputInput& in, const ParamValues&) {
            return sizeText(in.field) + " 16-bit grey heightmap";
          },
          [](const OutputInput&, const ParamValues&) {
            return FileLayout{"png",
                              "uint16",
                              1,
                              16,
                              "big-endian",
                              "top-first",
                              heightsIn("heights 0..1 as 0..65535")};
          },
          [](const std::string& path, const OutputInput& in, const ParamValues&) {
            writeHeightmapPng(path, in.field, in.exec);
          }};
}

OutputFormat r16Format() {
  return {"r16",
          "FILE.r16",
          "-height.r16",
          "Heightmap (RAW16)",
          "Raw unsigned 16-bit little-endian heights 0..1 as 0..65535 (rounded as the PNG), "
          "row-major, no header (.r16/.raw: Unreal, Unity)",
          OutputNeeds::Heights,
          raw16Options().schema(),
          [](const OutputInput& in, const ParamValues& o) {
            return sizeText(in.field) + " 16-bit little-endian raw" +
                   (raw16Options().unpack(o).flipRows ? ", bottom row first" : "");
          },
          [](const OutputInput&, const ParamValues& o) {
            return FileLayout{"raw",
                              "uint16",
                              1,
                              16,
                              "little-endian",
                              raw16Options().unpack(o).flipRows ? "bottom-first" : "top-first",
                              heightsIn("heights 0..1 as 0..65535")};
          },
          [](const std::string& path, const OutputInput& in, const ParamValues& o) {
            writeRaw16(path, in.field, raw16Options().unpack(o).flipRows);
          }};
}

OutputFormat rawFormat() {
  return {
      "raw",
      "FILE.r32",
      "-height.r32",
      "Raw float32",
      "Raw little-endian float32 heights 0..1, row-major, no header",
      OutputNeeds::Heights,
      {},
      [](const OutputInput& in, const ParamValues&) { return sizeText(in.field) + " float32 raw"; },
      [](const OutputInput&, const ParamValues&) {
        return FileLayout{
            "raw", "float32", 1, 32, "little-endian", "top-first", heightsIn("heights 0..1")};
      },
      [](const std::string& path, const OutputInput& in, const ParamValues&) {
        writeRawFloat32(path, in.field);
      }};
}

OutputFormat exrFormat() {
  return {"exr",
          "FILE.exr",
          "-height.exr",
          "Heightmap (OpenEXR float32)",
          "OpenEXR, one float32 channel Y: heights 0..1 exactly as generated (x height range = "
          "metres), losslessly compressed",
          OutputNeeds::Heights,
          exrOptions().schema(),
          [](const OutputInput& in, const ParamValues& o) {
            return sizeText(in.field) + " OpenEXR float32 heights (" +
                   exrCompressionName(exrOptions().unpack(o).compression) + ")";
          },
          [](const OutputInput&, const ParamValues& o) {
            return FileLayout{"openexr",
                              "float32",
                              1,
                              32,
                              "little-endian",
                              "top-first",
                              "channel Y: " + heightsIn("heights 0..1") + ", lossless " +
                                  exrCompressionName(exrOptions().unpack(o).compression) +
                                  " compression"};
          },
          [](const std::string& path, const OutputInput& in, const ParamValues& o) {
            writeExrHeights(path, in.field, exrOptions().unpack(o).compression, in.exec);
          }};
}

}  // namespace terrain::format_rows
