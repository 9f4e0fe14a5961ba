// The map and image formats: normals, colour, masks, splat, layer weights
// and the window's view.
#include <string>
#include <string_view>

#include "core/base/error.hpp"
#include "core/export/format_rows.hpp"
#include "core/export/heightmap_files.hpp"
#include "core/export/masks.hpp"
#include "core/export/normals.hpp"
#include "core/export/outputs.hpp"
#include "core/export/terrain3d.hpp"
#include "core/io/png_io.hpp"
#include "core/look/image.hpp"

namespace terrain::format_rows {
namespace {

Shading shadingOf(const OutputInput& in) {
  return Shading::of(in.doc.look, resolvedHillshade(in.doc));
}

// 8 or 16 bits per sample, a choice in the order of kBitChoices.
enum class SampleBits : std::uint8_t { Eight, Sixteen };
constexpr std::string_view kBitChoices[] = {"8", "16"};
int bitCount(SampleBits bits) {
  return bits == SampleBits::Sixteen ? 16 : 8;
}

constexpr std::string_view kNormalConventions[] = {"opengl", "directx"};
struct NormalOptions {
  SampleBits bits = SampleBits::Eight;
  NormalConvention convention = NormalConvention::OpenGl;
};
const ParamTable<NormalOptions>& normalOptions() {
  static const ParamTable<NormalOptions> table({
      TERRAIN_BIND(NormalOptions, bits,
                   (ParamInfo{"normal-bits", "Bits", "",
                              "Bits per channel: 8 (most engines) or 16 (smoother gradients)",
                              ParamType::Choice, 0.0, 1.0, kBitChoices})),
      TERRAIN_BIND(NormalOptions, convention,
                   (ParamInfo{"normal-convention", "Convention", "",
                              "Which way green points: opengl (Y+, up the image: Unity, "
                              "Blender, Godot) or directx (Y-, down: Unreal)",
                              ParamType::Choice, 0.0, 1.0, kNormalConventions})),
  });
  return table;
}
std::string_view conventionName(NormalConvention convention) {
  return convention == NormalConvention::OpenGl ? "OpenGL Y+" : "DirectX Y-";
}

struct MaskFileOptions {
  SampleBits bits = SampleBits::Eight;
};
const ParamTable<MaskFileOptions>& maskOptions() {
  static const ParamTable<MaskFileOptions> table({
      TERRAIN_BIND(
          MaskFileOptions, bits,
          (ParamInfo{"mask-bits", "Bits", "", "Bits per mask sample: 8 (most engines) or 16",
                     ParamType::Choice, 0.0, 1.0, kBitChoices})),
  });
  return table;
}
int maskBits(const ParamValues& o) {
  return bitCount(maskOptions().unpack(o).bits);
}

template <MaskKind Kind>
std::string maskUnavailableFor(const OutputInput& in) {
  return std::string(maskUnavailable(in.field, Kind));
}

template <MaskKind Kind>
OutputFormat maskRow(std::string_view key, std::string_view suffix, std::string_view title,
                     std::string_view help) {
  return {key,
          "FILE.png",
          suffix,
          title,
          help,
          OutputNeeds::Heights,
          maskOptions().schema(),
          [](const OutputInput& in, const ParamValues& o) {
            return sizeText(in.field) + " " + std::to_string(maskBits(o)) + "-bit " +
                   std::string(maskNames()[static_cast<std::size_t>(Kind)]) + " mask";
          },
          [](const OutputInput&, const ParamValues& o) {
            return FileLayout{"png",
                              maskBits(o) == 16 ? "uint16" : "uint8",
                              1,
                              maskBits(o),
                              "big-endian",
                              "top-first",
                              std::string(maskNames()[static_cast<std::size_t>(Kind)]) +
                                  " mask 0..1 over the full range (see core/look/masks.hpp)"};
          },
          [](const std::string& path, const OutputInput& in, const ParamValues& o) {
            writeMaskPng(path, in.field, Kind, in.doc.world, maskBits(o), in.exec);
          },
          &maskUnavailableFor<Kind>};
}

}  // namespace

NormalConvention normalConventionOf(const ParamValues& values) {
  return normalOptions().unpack(values).convention;
}

std::string sizeText(const Heightfield& field) {
  return std::to_string(field.width) + "x" + std::to_string(field.height);
}

std::string mapOnly(const OutputInput& in) {
  return in.field.isProfile() ? "a 1D profile is not a map; this format needs a map" : "";
}

OutputFormat normalsFormat() {
  return {
      "normals",
      "FILE.png",
      "-normals.png",
      "Normal map (PNG)",
      "RGB tangent-space normal map from the heights in metres (world width, height range): red "
      "+X east, green +Y, blue up; 0.5 = 0",
      OutputNeeds::Heights,
      normalOptions().schema(),
      [](const OutputInput& in, const ParamValues& values) {
        const NormalOptions o = normalOptions().unpack(values);
        return sizeText(in.field) + " " + std::to_string(bitCount(o.bits)) + "-bit RGB normals (" +
               std::string(conventionName(o.convention)) + ")";
      },
      [](const OutputInput&, const ParamValues& values) {
        const NormalOptions o = normalOptions().unpack(values);
        return FileLayout{
            "png",
            o.bits == SampleBits::Sixteen ? "uint16" : "uint8",
            3,
            bitCount(o.bits),
            "big-endian",
            "top-first",
            "tangent-space unit normal, component n stored as (n + 1) / 2 of the range; green " +
                std::string(o.convention == NormalConvention::OpenGl
                                ? "up the image (OpenGL, Y+)"
                                : "down the image (DirectX, Y-)")};
      },
      [](const std::string& path, const OutputInput& in, const ParamValues& values) {
        const NormalOptions o = normalOptions().unpack(values);
        writeNormalMapPng(path, in.field, in.doc.world, bitCount(o.bits), o.convention, in.exec,
                          in.halo);
      }};
}

OutputFormat colorFormat() {
  return {"color",
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
              writeSideViewPng(path, in.field, in.ramp, water, in.sideWidth, in.sideHeight,
                               in.exec);
            } else {
              writeMapPng(path, in.field, in.ramp, water, shadingOf(in), in.exec);
            }
          }};
}

// Terrain3D's colour map (--for godot): its alpha is a roughness modifier
// that Terrain3D's import keeps, so the file carries the neutral one and the
// import script need not touch a pixel (a per-pixel GDScript loop took
// minutes at 4097).
OutputFormat terrain3dColorFormat() {
  return {"terrain3d-color",
          "FILE.png",
          "-terrain3d-color.png",
          "Terrain3D colour map (PNG RGBA)",
          "8-bit RGBA: the colour map's RGB and alpha 128, Terrain3D's neutral roughness "
          "modifier (--for godot)",
          OutputNeeds::Look,
          {},
          [](const OutputInput& in, const ParamValues&) {
            return sizeText(in.field) + " RGBA map (" + in.ramp.name() + ", Terrain3D)";
          },
          [](const OutputInput&, const ParamValues&) {
            return FileLayout{"png",
                              "uint8",
                              4,
                              8,
                              "big-endian",
                              "top-first",
                              "RGB: sRGB map in the look's colours; A: 128, Terrain3D's neutral "
                              "roughness modifier (0.5)"};
          },
          [](const std::string& path, const OutputInput& in, const ParamValues&) {
            writeMapPngWithAlpha(path, in.field, in.ramp, static_cast<float>(in.doc.look.water),
                                 shadingOf(in), kTerrain3dNeutralAlpha, in.exec);
          },
          &mapOnly};
}

std::vector<OutputFormat> maskFormats() {
  return {
      maskRow<MaskKind::Slope>("mask-slope", "-slope.png", "Slope mask (PNG)",
                               "Greyscale ground angle, 0 flat .. full at vertical, in the world's "
                               "metres (also --mask slope=FILE.png)"),
      maskRow<MaskKind::Flow>("mask-flow", "-flow.png", "Flow mask (PNG)",
                              "Greyscale drainage from an erosion stage (stream-power, droplets), "
                              "log scale (also --mask flow=FILE.png)"),
      maskRow<MaskKind::Wear>("mask-wear", "-wear.png", "Wear mask (PNG)",
                              "Greyscale material erosion removed (also --mask wear=FILE.png)"),
      maskRow<MaskKind::Deposition>(
          "mask-deposition", "-deposition.png", "Deposition mask (PNG)",
          "Greyscale material erosion laid down (also --mask deposition=FILE.png)")};
}

constexpr std::string_view kWetGroundNotForTiles =
    "the look's wet ground reads the whole world's water, which a tile alone does not have: "
    "export the splat maps from the whole map, or set --wet-ground off";

// The splat rows read the look's wetness from the water model run on the
// map they are given; a tile alone is not its window of the world's water,
// so with wet ground on they take the whole map only.
std::string splatOnly(const OutputInput& in) {
  if (std::string why = mapOnly(in); !why.empty()) return why;
  if (in.tile && in.doc.look.wetGround) return std::string(kWetGroundNotForTiles);
  return {};
}

OutputFormat splatFormat() {
  return {"splat",
          "FILE.png",
          "-splat.png",
          "Splat map (RGBA PNG)",
          "8-bit RGBA material weights: R grass, G rock (--rock-slope), B sediment "
          "(--sediment-flow, under water), A snow (--snow-line), summing to 255 with --splat2's "
          "wet ground (--wet-ground)",
          OutputNeeds::Heights,
          {},
          [](const OutputInput& in, const ParamValues&) {
            return sizeText(in.field) + " RGBA splat map";
          },
          [](const OutputInput&, const ParamValues&) {
            return FileLayout{"png",
                              "uint8",
                              4,
                              8,
                              "big-endian",
                              "top-first",
                              "material weights: R grass, G rock, B sediment, A snow; with the "
                              "second splat map's, 255 in every pixel"};
          },
          [](const std::string& path, const OutputInput& in, const ParamValues&) {
            writeSplatPng(path, in.field, in.doc.look, in.doc.world, in.exec);
          },
          &splatOnly};
}

OutputFormat splat2Format() {
  return {"splat2",
          "FILE.png",
          "-splat2.png",
          "Second splat map (RGBA PNG)",
          "8-bit RGBA weights of the fifth material on: R wet ground (--wet-ground: mud and "
          "moss), G, B, A 0; with --splat's, 255 in every pixel (Unity's second alphamap)",
          OutputNeeds::Heights,
          {},
          [](const OutputInput& in, const ParamValues&) {
            return sizeText(in.field) + " RGBA second splat map";
          },
          [](const OutputInput&, const ParamValues&) {
            return FileLayout{"png",
                              "uint8",
                              4,
                              8,
                              "big-endian",
                              "top-first",
                              "material weights: R wet ground, G, B, A 0; with the first splat "
                              "map's, 255 in every pixel"};
          },
          [](const std::string& path, const OutputInput& in, const ParamValues&) {
            writeSplat2Png(path, in.field, in.doc.look, in.doc.world, in.exec);
          },
          &splatOnly};
}

namespace {

struct LayerOptions {
  int layer = 0;  // an index into kMaterialNames
};
const ParamTable<LayerOptions>& layerOptions() {
  static const ParamTable<LayerOptions> table({
      TERRAIN_BIND(LayerOptions, layer,
                   (ParamInfo{"weight-layer", "Layer", "",
                              "Which splat layer the weight map holds: grass, rock, sediment, "
                              "snow or wet (ground: --wet-ground)",
                              ParamType::Choice, 0.0, static_cast<double>(kMaterialCount - 1),
                              kMaterialNames})),
  });
  return table;
}
std::string layerName(const ParamValues& o) {
  return std::string(kMaterialNames[static_cast<std::size_t>(layerOptions().unpack(o).layer)]);
}

}  // namespace

OutputFormat weightFormat() {
  return {"weight",
          "FILE.png",
          "-weight.png",
          "Layer weight map (PNG)",
          "8-bit greyscale weight of one splat layer (--weight-layer): the five layers sum to 255 "
          "(Unreal's paint layers)",
          OutputNeeds::Heights,
          layerOptions().schema(),
          [](const OutputInput& in, const ParamValues& o) {
            return sizeText(in.field) + " 8-bit " + layerName(o) + " weights";
          },
          [](const OutputInput&, const ParamValues& o) {
            return FileLayout{"png",
                              "uint8",
                              1,
                              8,
                              "big-endian",
                              "top-first",
                              layerName(o) + " weight 0..255 (the five layers sum to 255)"};
          },
          [](const std::string& path, const OutputInput& in, const ParamValues& o) {
            writeSplatLayerPng(path, in.field, in.doc.look, in.doc.world,
                               layerOptions().unpack(o).layer, in.exec);
          },
          &splatOnly};
}

OutputFormat viewFormat() {
  return {"view",
          "FILE.png",
          "-view.png",
          "Current view (PNG)",
          "The window's current view rendered offscreen (window only)",
          OutputNeeds::Window,
          {},
          [](const OutputInput&, const ParamValues&) { return std::string("rendered view"); },
          nullptr,
          [](const std::string& path, const OutputInput& in, const ParamValues&) {
            if (in.view == nullptr)
              throw InputError("the current view is rendered by the window only");
            writePngRgb8(path, *in.view);
          }};
}

}  // namespace terrain::format_rows

namespace terrain {

std::string tilesUnavailable(const Document& doc, std::span<const OutputRequest> outputs) {
  if (!doc.look.wetGround) return {};
  for (const OutputRequest& out : outputs) {
    if (out.format->unavailable != &format_rows::splatOnly) continue;
    std::string why = "--";
    why += out.format->key;
    why += ": ";
    why += format_rows::kWetGroundNotForTiles;
    return why;
  }
  return {};
}

}  // namespace terrain
