#include "core/export/outputs.hpp"

#include <filesystem>

#include "core/io/atomic_file.hpp"
#include "core/base/error.hpp"
#include "core/export/exr.hpp"
#include "core/export/heightmap_files.hpp"
#include "core/export/masks.hpp"
#include "core/export/normals.hpp"
#include "core/export/raw16.hpp"
#include "core/export/sidecar.hpp"
#include "core/look/image.hpp"
#include "core/mesh/mesh_export.hpp"
#include "core/io/png_io.hpp"
#include "core/mesh/terrain_mesh.hpp"

namespace terrain {
namespace {

std::string sizeText(const Heightfield& field) {
  return std::to_string(field.width) + "x" + std::to_string(field.height);
}

Shading shadingOf(const OutputInput& in) {
  return Shading::of(in.doc.look, resolvedHillshade(in.doc));
}

// Every height file and the mesh share one vertical frame: metres above sea
// level = the range's min (the base elevation) + height x the range.
std::string heightsIn(std::string_view what) {
  return std::string(what) + " (metres above sea level = height-range-m min + height x range)";
}

// ---- options: one struct and one table per format that takes any ----

// 8 or 16 bits per sample, a choice in the order of kBitChoices.
enum class SampleBits : std::uint8_t { Eight, Sixteen };
constexpr std::string_view kBitChoices[] = {"8", "16"};
int bitCount(SampleBits bits) {
  return bits == SampleBits::Sixteen ? 16 : 8;
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

// The mesh formats' options are the mesh builder's own (core/mesh/terrain_mesh.hpp),
// with a million triangles as the export's default.
const ParamTable<MeshOptions>& meshOptions() {
  static const ParamTable<MeshOptions> table({
      TERRAIN_BIND(MeshOptions, targetTriangles,
                   (ParamInfo{"mesh-triangles",
                              "Triangles",
                              "",
                              "Simplify to about this many triangles (0 = the full grid: two per "
                              "cell; a 4097 map is 33 million)",
                              ParamType::Integer,
                              0.0,
                              1.0e9,
                              {},
                              true})),
      TERRAIN_BIND(MeshOptions, maxError,
                   (ParamInfo{"mesh-error", "Error", "m",
                              "Or simplify until the surface strays at most this far "
                              "(vertically) from the heights; 0 = the triangle count decides, "
                              "and it wins when both are set",
                              ParamType::Real, 0.0, 1.0e4})),
  });
  return table;
}

ParamSchema meshSchema() {
  MeshOptions defaults;
  defaults.targetTriangles = 1000000;
  return meshOptions().schema(defaults);
}

// The error, when given, decides alone: the default triangle count would
// otherwise hide it (a finer count met the bound already). A tile keeps its
// outline, which its neighbours share, so tiles meet vertex for vertex.
MeshOptions meshOptionsFor(const OutputInput& in, const ParamValues& values) {
  MeshOptions o = meshOptions().unpack(values);
  if (o.maxError > 0.0) o.targetTriangles = 0;
  o.keepOutline = in.tile.has_value();
  return o;
}

TerrainMesh meshOf(const OutputInput& in, const ParamValues& o) {
  TerrainMesh mesh = buildTerrainMesh(in.field, in.doc.world, meshOptionsFor(in, o), in.exec);
  if (in.figures != nullptr) {
    *in.figures = {{"vertices", double(mesh.vertexCount())},
                   {"triangles", double(mesh.triangleCount())},
                   {"max-vertical-error-m", mesh.verticalError}};
  }
  return mesh;
}

// The images written in the same run that a mesh's material takes, by
// paths relative to the mesh.
MeshFileOptions meshTextures(const std::string& path, std::span<const OutputRequest> run) {
  MeshFileOptions out;
  for (const OutputRequest& sibling : run) {
    const std::string_view key = sibling.format->key;
    if (isWrittenThrough(sibling.path)) continue;
    const std::string uri = relativeFileName(sibling.path, path);
    if (key == "color") out.colorTexture = uri;
    if (key == "splat") out.splatTexture = uri;
    // glTF and MTL read green up the image; a DirectX map would light from below.
    if (key == "normals" &&
        normalOptions().unpack(sibling.options).convention == NormalConvention::OpenGl) {
      out.normalTexture = uri;
    }
  }
  return out;
}

// ... and the tile's name and place.
MeshFileOptions meshFileOptions(const std::string& path, const OutputInput& in) {
  MeshFileOptions out = meshTextures(path, in.siblings);
  if (in.tile) {
    const double cell = metresPerCell(in.doc.world, in.field.width, in.field.wraps);
    out.name = in.tile->name;
    out.east = double(in.tile->x0) * cell;
    out.south = double(in.tile->y0) * cell;
  }
  return out;
}

std::string meshDescription(const OutputInput& in, const ParamValues& values,
                            std::string_view what) {
  const MeshOptions o = meshOptions().unpack(values);
  const std::span<const ParamInfo> infos = meshOptions().infos();
  // Appended piece by piece: GCC 12 misreads chains of string + (-Wrestrict).
  std::string out = sizeText(in.field);
  out.append(" ").append(what).append(" mesh in metres (");
  if (o.maxError > 0.0) {
    out.append("within ").append(formatValue(infos[1], o.maxError)).append(" m)");
  } else if (o.targetTriangles > 0) {
    out.append("~")
        .append(formatValue(infos[0], static_cast<double>(o.targetTriangles)))
        .append(" triangles)");
  } else {
    out.append("full grid)");
  }
  return out;
}

// The OBJ's material library, when it has one: checked against the inputs,
// listed and numbered as the OBJ is. Names it cannot hold are refused here,
// before anything is computed.
std::vector<std::string> objCompanions(const std::string& path,
                                       std::span<const OutputRequest> run) {
  const MeshFileOptions textures = meshTextures(path, run);
  if (!writesMaterialLibrary(textures)) return {};
  const std::string mtl = mtlPathFor(path);
  refuseNameMtlCannotHold("--obj", mtl.substr(mtl.find_last_of('/') + 1));
  for (const OutputRequest& sibling : run) {
    for (const std::string* uri :
         {&textures.colorTexture, &textures.normalTexture, &textures.splatTexture}) {
      if (!uri->empty() && *uri == relativeFileName(sibling.path, path)) {
        refuseNameMtlCannotHold("--" + std::string(sibling.format->key) + " (in --obj's .mtl)",
                                *uri);
      }
    }
  }
  return {mtl};
}

FileLayout meshLayout(std::string_view container, std::string_view byteOrder,
                      const ParamValues& values) {
  FileLayout layout{container,
                    "float32",
                    3,
                    32,
                    byteOrder,
                    "",
                    "vertices in metres: +X east, +Y up (above sea level, as height-range-m), +Z "
                    "south (north is -Z); UV 0..1 across the map, v = 0 at the north edge"};
  // As meshOptionsFor decides: the error, when given, alone.
  const MeshOptions o = meshOptions().unpack(values);
  if (o.maxError > 0.0) {
    layout.decidedBy = "mesh-error";
    layout.ignoredOptions = {"mesh-triangles"};
  } else {
    layout.decidedBy = o.targetTriangles > 0 ? "mesh-triangles" : "full-grid";
    layout.ignoredOptions = {"mesh-error"};
  }
  return layout;
}

std::string mapOnly(const OutputInput& in) {
  return in.field.isProfile() ? "a 1D profile is not a map; this format needs a map" : "";
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

// ---- the formats, one function each, and the table ----

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
        writeNormalMapPng(path, in.field, in.doc.world, bitCount(o.bits), o.convention, in.exec);
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

OutputFormat objFormat() {
  return {
      "obj",
      "FILE.obj",
      "-mesh.obj",
      "Mesh (OBJ)",
      "Wavefront OBJ of the terrain in metres (world width, height range) with normals and UVs, "
      "simplified to --mesh-triangles or --mesh-error",
      OutputNeeds::Heights,
      meshSchema(),
      [](const OutputInput& in, const ParamValues& o) { return meshDescription(in, o, "OBJ"); },
      [](const OutputInput&, const ParamValues& o) { return meshLayout("obj", "text", o); },
      [](const std::string& path, const OutputInput& in, const ParamValues& o) {
        writeObj(path, meshOf(in, o), in.exec, meshFileOptions(path, in));
      },
      &mapOnly,
      &objCompanions};
}

OutputFormat glbFormat() {
  return {
      "glb",
      "FILE.glb",
      "-mesh.glb",
      "Mesh (binary glTF)",
      "Binary glTF 2.0 of the terrain in metres with normals and UVs, simplified to "
      "--mesh-triangles or --mesh-error",
      OutputNeeds::Heights,
      meshSchema(),
      [](const OutputInput& in, const ParamValues& o) { return meshDescription(in, o, "glTF"); },
      [](const OutputInput&, const ParamValues& o) {
        return meshLayout("glb", "little-endian", o);
      },
      [](const std::string& path, const OutputInput& in, const ParamValues& o) {
        writeGlb(path, meshOf(in, o), meshFileOptions(path, in));
      },
      &mapOnly};
}

OutputFormat splatFormat() {
  return {"splat",
          "FILE.png",
          "-splat.png",
          "Splat map (RGBA PNG)",
          "8-bit RGBA material weights summing to 1: R grass, G rock (--rock-slope), B sediment "
          "(--sediment-flow, under water), A snow (--snow-line)",
          OutputNeeds::Heights,
          {},
          [](const OutputInput& in, const ParamValues&) {
            return sizeText(in.field) + " RGBA splat map";
          },
          [](const OutputInput&, const ParamValues&) {
            return FileLayout{
                "png",
                "uint8",
                4,
                8,
                "big-endian",
                "top-first",
                "material weights summing to 255: R grass, G rock, B sediment, A snow"};
          },
          [](const std::string& path, const OutputInput& in, const ParamValues&) {
            writeSplatPng(path, in.field, in.doc.look, in.doc.world, in.exec);
          },
          &mapOnly};
}

// The splat map's layers, in its channels' order.
constexpr std::string_view kSplatLayers[] = {"grass", "rock", "sediment", "snow"};
struct LayerOptions {
  int layer = 0;  // an index into kSplatLayers
};
const ParamTable<LayerOptions>& layerOptions() {
  static const ParamTable<LayerOptions> table({
      TERRAIN_BIND(LayerOptions, layer,
                   (ParamInfo{"weight-layer", "Layer", "",
                              "Which splat layer the weight map holds: grass, rock, sediment or "
                              "snow",
                              ParamType::Choice, 0.0, 3.0, kSplatLayers})),
  });
  return table;
}
std::string layerName(const ParamValues& o) {
  return std::string(kSplatLayers[static_cast<std::size_t>(layerOptions().unpack(o).layer)]);
}

OutputFormat weightFormat() {
  return {"weight",
          "FILE.png",
          "-weight.png",
          "Layer weight map (PNG)",
          "8-bit greyscale weight of one splat layer (--weight-layer), the splat map's channel: "
          "the four layers sum to 255 (Unreal's paint layers)",
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
                              layerName(o) +
                                  " weight 0..255 (the splat map's "
                                  "channel; the four layers sum to 255)"};
          },
          [](const std::string& path, const OutputInput& in, const ParamValues& o) {
            writeSplatLayerPng(path, in.field, in.doc.look, in.doc.world,
                               layerOptions().unpack(o).layer, in.exec);
          },
          &mapOnly};
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

// Made once, on first use: the options' schemas come from their tables.
std::vector<OutputFormat> makeFormats() {
  return {
      heightmapFormat(),
      r16Format(),
      rawFormat(),
      exrFormat(),
      normalsFormat(),
      colorFormat(),
      objFormat(),
      glbFormat(),
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
          "Greyscale material erosion laid down (also --mask deposition=FILE.png)"),
      splatFormat(),
      weightFormat(),
      viewFormat()};
}

const std::vector<OutputFormat>& formats() {
  static const std::vector<OutputFormat> all = makeFormats();
  return all;
}

}  // namespace

std::span<const OutputFormat> outputFormats() {
  return formats();
}

const OutputFormat* findOutputFormat(std::string_view key) {
  for (const OutputFormat& f : formats()) {
    if (f.key == key) return &f;
  }
  return nullptr;
}

std::optional<FormatOptionRef> findFormatOption(std::string_view key) {
  for (const OutputFormat& f : formats()) {
    for (std::size_t i = 0; i < f.options.infos.size(); ++i) {
      if (f.options.infos[i].key == key) return FormatOptionRef{&f, i};
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
