#include "core/outputs.hpp"

#include <filesystem>

#include "core/error.hpp"
#include "core/export.hpp"
#include "core/image.hpp"

namespace terrain {
namespace {

std::string sizeText(const Heightfield& field) {
  return std::to_string(field.width) + "x" + std::to_string(field.height);
}

Shading shadingOf(const OutputInput& in) {
  return Shading::of(in.doc.look, resolvedHillshade(in.doc));
}

const OutputFormat kFormats[] = {
    {"heightmap", "FILE.png", "-height16.png", "Heightmap (16-bit PNG)",
     "16-bit greyscale PNG, heights 0..1 as 0..65535 (a profile is N x 1)", OutputNeeds::Heights,
     [](const OutputInput& in) { return sizeText(in.field) + " 16-bit grey heightmap"; },
     [](const std::string& path, const OutputInput& in) { writeHeightmapPng(path, in.field, in.exec); }},
    {"color", "FILE.png", "-color.png", "Colour map (PNG)",
     "8-bit RGB picture in the look's colours: the map, or a profile's side view",
     OutputNeeds::Look,
     [](const OutputInput& in) {
       if (in.field.isProfile()) {
         return std::to_string(in.sideWidth) + "x" + std::to_string(in.sideHeight) +
                " RGB side view (" + in.ramp.name() + ")";
       }
       return sizeText(in.field) + " RGB map (" + in.ramp.name() +
              (resolvedHillshade(in.doc) ? ", hillshade)" : ")");
     },
     [](const std::string& path, const OutputInput& in) {
       const auto water = static_cast<float>(in.doc.look.water);
       if (in.field.isProfile()) {
         writeSideViewPng(path, in.field, in.ramp, water, in.sideWidth, in.sideHeight, in.exec);
       } else {
         writeMapPng(path, in.field, in.ramp, water, shadingOf(in), in.exec);
       }
     }},
    {"raw", "FILE.r32", "-height.r32", "Raw float32",
     "Raw little-endian float32 heights 0..1, row-major, no header", OutputNeeds::Heights,
     [](const OutputInput& in) { return sizeText(in.field) + " float32 raw"; },
     [](const std::string& path, const OutputInput& in) { writeRawFloat32(path, in.field); }},
    {"view", "FILE.png", "-view.png", "Current view (PNG)",
     "The window's current view rendered offscreen (window only)", OutputNeeds::Window,
     [](const OutputInput&) { return std::string("rendered view"); }, nullptr},
};

}  // namespace

std::span<const OutputFormat> outputFormats() {
  return kFormats;
}

const OutputFormat* findOutputFormat(std::string_view key) {
  for (const OutputFormat& f : kFormats) {
    if (f.key == key) return &f;
  }
  return nullptr;
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
