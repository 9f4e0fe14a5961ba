#include "core/outputs.hpp"

#include <filesystem>

#include "core/error.hpp"
#include "core/export.hpp"
#include "core/export/exr.hpp"
#include "core/export/normals.hpp"
#include "core/export/raw16.hpp"
#include "core/image.hpp"

namespace terrain {
namespace {

std::string sizeText(const Heightfield& field) {
  return std::to_string(field.width) + "x" + std::to_string(field.height);
}

Shading shadingOf(const OutputInput& in) {
  return Shading::of(in.doc.look, resolvedHillshade(in.doc));
}

constexpr std::string_view kHeights01As16Bit = "heights 0..1 as 0..65535 (x height range = metres)";

// ---- options ----

constexpr FormatOption kRaw16Options[] = {
    {{"flip-rows", "Flip rows", "",
      "Write the bottom row first, for tools that read images bottom-up (off: the top row, "
      "north, first, as in the PNG)",
      ParamType::Toggle, 0.0, 1.0},
     0.0},
};
enum Raw16Option : std::size_t { kFlipRows };

constexpr std::string_view kNormalBits[] = {"8", "16"};
constexpr std::string_view kNormalConventions[] = {"opengl", "directx"};
constexpr FormatOption kNormalOptions[] = {
    {{"normal-bits", "Bits", "", "Bits per channel: 8 (most engines) or 16 (smoother gradients)",
      ParamType::Choice, 0.0, 1.0, kNormalBits},
     0.0},
    {{"normal-convention", "Convention", "",
      "Which way green points: opengl (Y+, up the image: Unity, Blender, Godot) or directx "
      "(Y-, down: Unreal)",
      ParamType::Choice, 0.0, 1.0, kNormalConventions},
     0.0},
};
enum NormalOption : std::size_t { kNormalBitsOption, kNormalConventionOption };

int normalBits(const ParamValues& o) {
  return o[kNormalBitsOption] != 0.0 ? 16 : 8;
}
NormalConvention normalConvention(const ParamValues& o) {
  return o[kNormalConventionOption] != 0.0 ? NormalConvention::DirectX : NormalConvention::OpenGl;
}
std::string_view conventionName(const ParamValues& o) {
  return normalConvention(o) == NormalConvention::OpenGl ? "OpenGL Y+" : "DirectX Y-";
}

constexpr std::string_view kExrCompressions[] = {"piz", "zip", "none"};
constexpr FormatOption kExrOptions[] = {
    {{"exr-compression", "Compression", "",
      "Lossless compression: piz (smallest and quickest for terrain), zip (the most widely "
      "read), none (fastest, largest)",
      ParamType::Choice, 0.0, 2.0, kExrCompressions},
     0.0},
};

ExrCompression exrCompression(const ParamValues& o) {
  return static_cast<ExrCompression>(static_cast<int>(o[0]));
}
std::string exrCompressionName(const ParamValues& o) {
  return std::string(kExrCompressions[static_cast<std::size_t>(o[0])]);
}

// ---- the table ----

const OutputFormat kFormats[] = {
    {"heightmap",
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
       return FileLayout{
           "png", "uint16", 1, 16, "big-endian", "top-first", std::string(kHeights01As16Bit)};
     },
     [](const std::string& path, const OutputInput& in, const ParamValues&) {
       writeHeightmapPng(path, in.field, in.exec);
     }},
    {"r16", "FILE.r16", "-height.r16", "Heightmap (RAW16)",
     "Raw unsigned 16-bit little-endian heights 0..1 as 0..65535 (rounded as the PNG), "
     "row-major, no header (.r16/.raw: Unreal, Unity)",
     OutputNeeds::Heights, kRaw16Options,
     [](const OutputInput& in, const ParamValues& o) {
       return sizeText(in.field) + " 16-bit little-endian raw" +
              (o[kFlipRows] != 0.0 ? ", bottom row first" : "");
     },
     [](const OutputInput&, const ParamValues& o) {
       return FileLayout{"raw",
                         "uint16",
                         1,
                         16,
                         "little-endian",
                         o[kFlipRows] != 0.0 ? "bottom-first" : "top-first",
                         std::string(kHeights01As16Bit)};
     },
     [](const std::string& path, const OutputInput& in, const ParamValues& o) {
       writeRaw16(path, in.field, o[kFlipRows] != 0.0);
     }},
    {"raw",
     "FILE.r32",
     "-height.r32",
     "Raw float32",
     "Raw little-endian float32 heights 0..1, row-major, no header",
     OutputNeeds::Heights,
     {},
     [](const OutputInput& in, const ParamValues&) { return sizeText(in.field) + " float32 raw"; },
     [](const OutputInput&, const ParamValues&) {
       return FileLayout{"raw",
                         "float32",
                         1,
                         32,
                         "little-endian",
                         "top-first",
                         "heights 0..1 (x height range = metres)"};
     },
     [](const std::string& path, const OutputInput& in, const ParamValues&) {
       writeRawFloat32(path, in.field);
     }},
    {"exr", "FILE.exr", "-height.exr", "Heightmap (OpenEXR float32)",
     "OpenEXR, one float32 channel Y: heights 0..1 exactly as generated (x height range = "
     "metres), losslessly compressed",
     OutputNeeds::Heights, kExrOptions,
     [](const OutputInput& in, const ParamValues& o) {
       return sizeText(in.field) + " OpenEXR float32 heights (" + exrCompressionName(o) + ")";
     },
     [](const OutputInput&, const ParamValues& o) {
       return FileLayout{"openexr",
                         "float32",
                         1,
                         32,
                         "little-endian",
                         "top-first",
                         "channel Y: heights 0..1 (x height range = metres), lossless " +
                             exrCompressionName(o) + " compression"};
     },
     [](const std::string& path, const OutputInput& in, const ParamValues& o) {
       writeExrHeights(path, in.field, exrCompression(o), in.exec);
     }},
    {"normals", "FILE.png", "-normals.png", "Normal map (PNG)",
     "RGB tangent-space normal map from the heights in metres (world width, height range): red "
     "+X east, green +Y, blue up; 0.5 = 0",
     OutputNeeds::Heights, kNormalOptions,
     [](const OutputInput& in, const ParamValues& o) {
       return sizeText(in.field) + " " + std::to_string(normalBits(o)) + "-bit RGB normals (" +
              std::string(conventionName(o)) + ")";
     },
     [](const OutputInput&, const ParamValues& o) {
       return FileLayout{
           "png",
           normalBits(o) == 16 ? "uint16" : "uint8",
           3,
           normalBits(o),
           "big-endian",
           "top-first",
           "tangent-space unit normal, component n stored as (n + 1) / 2 of the range; green " +
               std::string(normalConvention(o) == NormalConvention::OpenGl
                               ? "up the image (OpenGL, Y+)"
                               : "down the image (DirectX, Y-)")};
     },
     [](const std::string& path, const OutputInput& in, const ParamValues& o) {
       writeNormalMapPng(path, in.field, in.doc.world, normalBits(o), normalConvention(o), in.exec);
     }},
    {"color",
     "FILE.png",
     "-color.png",
     "Colour map (PNG)",
     "8-bit RGB picture in the look's colours: the map, or a profile's side view",
     OutputNeeds::Look,
     {},
     [](const OutputInput& in, const ParamValues&) {
       if (in.field.isProfile()) {
         return std::to_string(in.sideWidth) + "x" + std::to_string(in.sideHeight) +
                " RGB side view (" + in.ramp.name() + ")";
       }
       return sizeText(in.field) + " RGB map (" + in.ramp.name() +
              (resolvedHillshade(in.doc) ? ", hillshade)" : ")");
     },
     [](const OutputInput& in, const ParamValues&) {
       return FileLayout{"png",
                         "uint8",
                         3,
                         8,
                         "big-endian",
                         "top-first",
                         in.field.isProfile() ? "sRGB side view in the look's colours"
                                              : "sRGB map in the look's colours"};
     },
     [](const std::string& path, const OutputInput& in, const ParamValues&) {
       const auto water = static_cast<float>(in.doc.look.water);
       if (in.field.isProfile()) {
         writeSideViewPng(path, in.field, in.ramp, water, in.sideWidth, in.sideHeight, in.exec);
       } else {
         writeMapPng(path, in.field, in.ramp, water, shadingOf(in), in.exec);
       }
     }},
    {"view",
     "FILE.png",
     "-view.png",
     "Current view (PNG)",
     "The window's current view rendered offscreen (window only)",
     OutputNeeds::Window,
     {},
     [](const OutputInput&, const ParamValues&) { return std::string("rendered view"); },
     nullptr,
     nullptr},
};

}  // namespace

ParamValues OutputFormat::defaultOptions() const {
  ParamValues values;
  for (const FormatOption& o : options) values.push_back(o.defaultValue);
  return values;
}

std::span<const OutputFormat> outputFormats() {
  return kFormats;
}

const OutputFormat* findOutputFormat(std::string_view key) {
  for (const OutputFormat& f : kFormats) {
    if (f.key == key) return &f;
  }
  return nullptr;
}

std::optional<FormatOptionRef> findFormatOption(std::string_view key) {
  for (const OutputFormat& f : kFormats) {
    for (std::size_t i = 0; i < f.options.size(); ++i) {
      if (f.options[i].info.key == key) return FormatOptionRef{&f, i};
    }
  }
  return std::nullopt;
}

ColorRamp loadLookRamp(const Document& doc) {
  const std::string name = resolvedRampName(doc);
  if (isBuiltinRamp(name)) return builtinRamp(name);
  if (name.ends_with(".png") || name.find('/') != std::string::npos ||
      std::filesystem::exists(name)) {
    return ColorRamp::fromPng(name);
  }
  std::string names;
  for (auto n : builtinRampNames()) {
    if (!names.empty()) names += ", ";
    names += n;
  }
  throw InputError("'" + name + "' is neither a built-in ramp (" + names + ") nor a .png file");
}

}  // namespace terrain
