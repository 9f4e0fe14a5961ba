#include "core/export/sidecar.hpp"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string_view>

#include "core/document/project_json.hpp"
#include "core/graph/node_type.hpp"
#include "core/io/atomic_file.hpp"

namespace terrain {
namespace {

using Json = nlohmann::ordered_json;

// Unreal: a 16-bit heightmap's 0..65535 spans 512 cm (-256..256) at Z
// scale 1, 512 m at Z scale 100.
constexpr double kUnrealSpanCmAtScale1 = 512.0;
constexpr double kCentimetresPerMetre = 100.0;

}  // namespace

std::string relativeFileName(const std::string& path, const std::string& sidecarPath) {
  if (isWrittenThrough(path)) return path;
  // The usual case, a file beside its sidecar ("x.r32" and "x.r32.json"),
  // needs no look at the working directory.
  const std::size_t slash = path.find_last_of('/') + 1;  // 0 without one
  const std::size_t sidecarSlash = sidecarPath.find_last_of('/') + 1;
  if (std::string_view(path).substr(0, slash) ==
      std::string_view(sidecarPath).substr(0, sidecarSlash)) {
    return path.substr(slash);
  }
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path file = fs::absolute(path, ec);
  const fs::path dir = fs::absolute(sidecarPath, ec).parent_path();
  if (ec) return path;
  return file.lexically_normal().lexically_relative(dir.lexically_normal()).string();
}

namespace {

Json fileEntry(const OutputInput& in, const OutputRequest& out, std::span<const OutputRequest> run,
               const std::string& sidecarPath, const WrittenFigures* figures) {
  const FileLayout layout = out.format->layout(in, out.options);
  Json entry = {{"file", relativeFileName(out.path, sidecarPath)},
                {"format", out.format->key},
                {"container", layout.container},
                {"sample", layout.sample},
                {"channels", layout.channels},
                {"bit-depth", layout.bitDepth},
                {"byte-order", layout.byteOrder},
                {"row-order", layout.rowOrder},
                {"values", layout.values}};
  if (!out.format->options.infos.empty()) {
    // The options that counted; one that did not (--mesh-triangles when
    // --mesh-error decided) is named apart, so no reader takes it as applied.
    Json options = Json::object();
    Json ignored = Json::array();
    for (std::size_t i = 0; i < out.format->options.infos.size(); ++i) {
      const ParamInfo& info = out.format->options.infos[i];
      if (std::ranges::find(layout.ignoredOptions, info.key) != layout.ignoredOptions.end()) {
        ignored.push_back(std::string(info.key));
        continue;
      }
      options[std::string(info.key)] = formatValue(info, out.options[i]);
    }
    entry["options"] = options;
    if (!ignored.empty()) entry["ignored-options"] = ignored;
  }
  if (!layout.decidedBy.empty()) entry["decided-by"] = std::string(layout.decidedBy);
  // Files the format wrote beside this one (an OBJ's .mtl).
  Json beside = Json::array();
  for (const std::string& file : out.format->companionsOf(out.path, run)) {
    beside.push_back(relativeFileName(file, sidecarPath));
  }
  if (!beside.empty()) entry["companions"] = beside;
  if (figures != nullptr && !figures->empty()) {
    Json written = Json::object();
    for (const auto& [name, value] : *figures) written[name] = value;
    entry["written"] = written;
  }
  return entry;
}

Json engines(const OutputInput& in, double cell, double length) {
  const World& w = in.doc.world;
  return {{"unreal",
           {{"z-scale", w.heightRange * kCentimetresPerMetre / kUnrealSpanCmAtScale1},
            {"xy-scale", cell * kCentimetresPerMetre},
            // 16-bit 32768 sits at the actor's Z: raise it half the range so
            // height 0 lands at the base elevation (Z = 0 is sea level).
            {"location-z-cm", (w.baseElevation + w.heightRange / 2.0) * kCentimetresPerMetre},
            {"note", "import the 16-bit heightmap (PNG or RAW16) with these scales"}}},
          {"unity",
           {{"heightmap-resolution", in.field.width},
            {"terrain-width-m", w.width},
            {"terrain-height-m", w.heightRange},
            {"terrain-length-m", length},
            {"position-y-m", w.baseElevation},
            {"note",
             "Unity wants a square heightmap of 2^n+1 samples; RAW16 little-endian "
             "('Windows' byte order)"}}},
          {"godot",
           {{"vertex-spacing-m", cell},
            {"height-offset-m", 0.0},
            {"height-scale", 1.0},
            {"note",
             "Terrain3D: --terrain3d-height holds metres already; import it with "
             "--terrain3d-control and the colour map at this vertex spacing (--for godot "
             "writes NAME_import.gd, which does)"}}}};
}

}  // namespace

std::optional<std::string> sidecarPathFor(std::span<const OutputRequest> outputs) {
  for (const OutputRequest& out : outputs) {
    // A rendered view is a picture, not data an engine imports.
    if (out.format->layout != nullptr && !isWrittenThrough(out.path)) return out.path + ".json";
  }
  return std::nullopt;
}

std::string sidecarJson(const OutputInput& in, std::span<const OutputRequest> outputs,
                        const std::string& sidecarPath, const std::string& projectPath,
                        std::span<const WrittenFigures> figures) {
  const Heightfield& f = in.field;
  const double cell = metresPerCell(in.doc.world, f.width, f.wraps);
  // Rows are as far apart as columns; a profile has no length.
  const double length = f.isProfile() ? 0.0 : cell * (f.wraps ? f.height : f.height - 1);
  Json files = Json::array();
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const OutputRequest& out = outputs[i];
    const WrittenFigures* written = i < figures.size() ? &figures[i] : nullptr;
    if (out.format->layout != nullptr)
      files.push_back(fileEntry(in, out, outputs, sidecarPath, written));
  }
  Json project = tiledWorldJson(in.doc);  // its parts are moved in, not copied
  Json sidecar = {{"format", "terrain-explorer-export"},
                  {"version", kSidecarVersion},
                  {"width", f.width},
                  {"height", f.height},
                  {"wraps", f.wraps},
                  {"metres-per-cell", cell},
                  {"world-width-m", in.doc.world.width},
                  {"world-length-m", length},
                  {"height-range-m",
                   {{"min", in.doc.world.baseElevation},
                    {"max", in.doc.world.baseElevation + in.doc.world.heightRange}}},
                  {"files", files},
                  {"seed", std::move(project.at("seed"))}};
  if (project.contains("graph")) {
    sidecar["graph"] = std::move(project.at("graph"));
  } else {
    sidecar["source"] = std::move(project.at("source"));
    sidecar["modifiers"] = std::move(project.at("modifiers"));
  }
  if (in.outputNode) sidecar["output-node"] = outputNodeJson(in.doc, *in.outputNode);
  if (!projectPath.empty()) sidecar["project"] = projectPath;
  sidecar["engines"] = engines(in, cell, length);
  if (!in.engineFit.empty()) sidecar["engine-size"] = in.engineFit;
  return sidecar.dump(2) + "\n";
}

void writeSidecar(const std::string& path, const OutputInput& in,
                  std::span<const OutputRequest> outputs, const std::string& projectPath,
                  std::span<const WrittenFigures> figures) {
  const std::string text = sidecarJson(in, outputs, path, projectPath, figures);
  writeFileAtomically(path, [&](AtomicFile& file) { file.write(text.data(), text.size()); });
}

}  // namespace terrain
