#include "core/document/project_export.hpp"

#include <algorithm>
#include <optional>
#include <system_error>

#include "core/base/param_values.hpp"
#include "core/base/text_ids.hpp"
#include "core/export/engine_package.hpp"
#include "core/export/engine_size.hpp"
#include "core/export/outputs.hpp"

namespace terrain::project_io {
namespace {

// A folder or name: a path the system can open as written.
constexpr std::size_t kMaxPathBytes = 4096;
constexpr std::size_t kMaxNameBytes = 255;

std::string formatKeyList() {
  std::string out;
  for (const OutputFormat& f : outputFormats()) {
    if (!out.empty()) out += ", ";
    out += f.key;
  }
  return out;
}

std::string engineKeyList() {
  std::string out;
  for (const EngineSize& size : engineSizes()) {
    if (!out.empty()) out += ", ";
    out += size.key;
  }
  return out;
}

const std::string& requireString(const Json& j, const std::string& path) {
  if (!j.is_string()) fail(excerpt(path) + " must be text, not " + typeName(j));
  return j.get_ref<const std::string&>();
}

std::string pathText(const Json& j, const std::string& path, std::size_t most) {
  const std::string& text = requireString(j, path);
  if (text.size() > most) {
    fail(excerpt(path) + ": " + std::to_string(text.size()) + " bytes; at most " +
         std::to_string(most));
  }
  const auto control = std::ranges::find_if(text, [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7f;
  });
  if (control != text.end()) fail(excerpt(path) + " holds a control character");
  return text;
}

std::vector<std::string> readFormats(const Json& j) {
  if (!j.is_array()) fail("'export.formats' must be a list of format names, not " + typeName(j));
  std::vector<std::string> out;
  for (std::size_t i = 0; i < j.size(); ++i) {
    const std::string path = "export.formats[" + std::to_string(i) + "]";
    const std::string& key = requireString(j[i], path);
    if (findOutputFormat(key) == nullptr) {
      fail("unknown format " + excerpt(key) + " in " + excerpt(path) +
           "; allowed: " + formatKeyList());
    }
    if (std::ranges::find(out, key) != out.end()) {
      fail(excerpt(path) + ": " + excerpt(key) + " is listed twice");
    }
    out.push_back(key);
  }
  return out;
}

std::map<std::string, ParamValues, std::less<>> readOptions(const Json& j) {
  const Json& section = requireObject(j, "export.options");
  std::map<std::string, ParamValues, std::less<>> out;
  for (const auto& [key, values] : section.items()) {
    const OutputFormat* format = findOutputFormat(key);
    if (format == nullptr) {
      fail("unknown format " + excerpt(key) + " in 'export.options'; allowed: " + formatKeyList());
    }
    const std::string path = "export.options." + key;
    const Json& group = requireObject(values, path);
    const std::span<const ParamInfo> infos = format->options.infos;
    checkKeys(group, keysOf(infos), path);
    ParamValues read = format->options.defaults;
    for (std::size_t i = 0; i < infos.size(); ++i) {
      const std::string option(infos[i].key);
      const auto v = group.find(option);
      if (v == group.end()) continue;
      read[i] = infos[i].type == ParamType::Text
                    ? textId(textFromJson(infos[i], *v, path + "." + option))
                    : valueFromJson(infos[i], *v, path + "." + option);
    }
    out[key] = std::move(read);
  }
  return out;
}

namespace fs = std::filesystem;

// The folder a project file sits in, links followed (the tree its export
// folder must stay inside).
fs::path projectTree(const fs::path& projectFile) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(projectFile, ec).lexically_normal();
  const fs::path tree = fs::weakly_canonical(absolute.parent_path(), ec);
  return ec ? absolute.parent_path() : tree;
}

// `path` (absolute, links followed) relative to `tree` when inside it.
std::optional<fs::path> insideTree(const fs::path& path, const fs::path& tree) {
  const fs::path relative = path.lexically_relative(tree);
  if (relative.empty() || *relative.begin() == "..") return std::nullopt;
  return relative;
}

}  // namespace

ExportSettings exportsForFile(ExportSettings s, const fs::path& projectFile) {
  s.folderNote.clear();
  if (s.folder.empty()) return s;
  std::error_code ec;
  const fs::path folder = fs::weakly_canonical(fs::absolute(s.folder, ec), ec);
  const auto relative = ec ? std::nullopt : insideTree(folder, projectTree(projectFile));
  s.folder = relative ? relative->string() : std::string();
  return s;
}

ExportSettings exportsFromFile(ExportSettings s, const fs::path& projectFile) {
  s.folderNote.clear();
  if (s.folder.empty()) return s;
  const fs::path named(s.folder);
  const std::string said = "the project's export folder " + excerpt(s.folder);
  const auto climbs = std::ranges::any_of(named, [](const fs::path& part) { return part == ".."; });
  if (named.is_absolute() || climbs) {
    s.folderNote = said + " is not inside the project's folder: not used";
    s.folder.clear();
    return s;
  }
  const fs::path tree = projectTree(projectFile);
  std::error_code ec;
  const fs::path resolved = fs::weakly_canonical(tree / named, ec);
  if (ec || !insideTree(resolved, tree)) {
    s.folderNote = said + " leads out of the project's folder: not used";
    s.folder.clear();
    return s;
  }
  s.folder = resolved.string();
  if (!fs::is_directory(resolved, ec)) {
    s.folderNote =
        said + " (" + excerpt(s.folder) + ") does not exist: create it or choose another";
  }
  return s;
}

Json exportToJson(const ExportSettings& s) {
  Json out = Json::object();
  out["formats"] = s.formats;
  if (!s.folder.empty()) out["folder"] = s.folder;
  if (!s.name.empty()) out["name"] = s.name;
  out["sidecar"] = s.sidecar;
  out["view-width"] = s.viewWidth;
  if (!s.engineSize.empty()) {
    out["engine-size"] = s.engineSize;
    out["fit"] = s.resample ? "resample" : "crop";
  }
  if (!s.engine.empty()) out["for"] = s.engine;
  Json options = Json::object();
  for (const auto& [key, values] : s.formatOptions) {
    const OutputFormat* format = findOutputFormat(key);
    if (format == nullptr || values.size() != format->options.infos.size()) continue;
    if (values == format->options.defaults) continue;  // nothing a reader needs
    Json group = Json::object();
    for (std::size_t i = 0; i < values.size(); ++i) {
      const ParamInfo& info = format->options.infos[i];
      group[std::string(info.key)] = info.type == ParamType::Text
                                         ? Json(formatValue(info, values[i]))
                                         : valueToJson(info, values[i]);
    }
    options[key] = std::move(group);
  }
  if (!options.empty()) out["options"] = std::move(options);
  return out;
}

ExportSettings exportFromJson(const Json& j) {
  const Json& section = requireObject(j, "export");
  checkKeys(section,
            {"formats", "folder", "name", "sidecar", "view-width", "engine-size", "fit", "for",
             "options"},
            "export");
  ExportSettings s;
  if (const auto it = section.find("formats"); it != section.end()) s.formats = readFormats(*it);
  if (const auto it = section.find("folder"); it != section.end()) {
    s.folder = pathText(*it, "export.folder", kMaxPathBytes);
  }
  if (const auto it = section.find("name"); it != section.end()) {
    s.name = pathText(*it, "export.name", kMaxNameBytes);
    if (s.name.find('/') != std::string::npos) {
      fail("'export.name' " + excerpt(s.name) +
           " must not hold '/' (the folder is 'export.folder')");
    }
  }
  if (const auto it = section.find("sidecar"); it != section.end()) {
    if (!it->is_boolean()) fail("'export.sidecar' must be true or false, not " + typeName(*it));
    s.sidecar = it->get<bool>();
  }
  if (const auto it = section.find("view-width"); it != section.end()) {
    if (!it->is_number_integer() || it->get<std::int64_t>() < kMinViewWidth ||
        it->get<std::int64_t>() > kMaxViewWidth) {
      fail("'export.view-width' must be a whole number of pixels from " +
           std::to_string(kMinViewWidth) + " to " + std::to_string(kMaxViewWidth) + ", not " +
           it->dump());
    }
    s.viewWidth = static_cast<int>(it->get<std::int64_t>());
  }
  if (const auto it = section.find("engine-size"); it != section.end()) {
    s.engineSize = requireString(*it, "export.engine-size");
    const auto sizes = engineSizes();
    if (!s.engineSize.empty() && std::ranges::none_of(sizes, [&](const EngineSize& size) {
          return size.key == s.engineSize;
        })) {
      fail("unknown engine size " + excerpt(s.engineSize) +
           " in 'export.engine-size'; allowed: " + engineKeyList());
    }
  }
  if (const auto it = section.find("fit"); it != section.end()) {
    const std::string& fit = requireString(*it, "export.fit");
    if (fit != "crop" && fit != "resample") {
      fail("'export.fit' " + excerpt(fit) + " is not a fit; allowed: crop, resample");
    }
    s.resample = fit == "resample";
  }
  if (const auto it = section.find("for"); it != section.end()) {
    s.engine = requireString(*it, "export.for");
    if (!s.engine.empty() &&
        std::ranges::find(kPackagedEngines, s.engine) == std::end(kPackagedEngines)) {
      fail("'export.for' " + excerpt(s.engine) +
           " is not an engine the export packages; allowed: unreal, unity, godot, blender");
    }
  }
  if (const auto it = section.find("options"); it != section.end()) {
    s.formatOptions = readOptions(*it);
  }
  return s;
}

}  // namespace terrain::project_io
