#include "core/project.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>
#include <span>
#include <vector>

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/project_json.hpp"
#include "core/registry.hpp"

namespace terrain {
namespace {

// Insertion-ordered, so a saved file reads top to bottom as the document.
using Json = nlohmann::ordered_json;

constexpr std::string_view kFormat = "terrain-explorer-project";
constexpr int kMaxDepth = 16;  // the format needs 4

[[noreturn]] void fail(const std::string& what) {
  throw InputError("project: " + what);
}

std::string quoted(const std::string& path) {
  return "'" + path + "'";
}

// ---- writing ----

Json valueToJson(const ParamInfo& info, double value) {
  switch (info.type) {
    case ParamType::Integer:
      return static_cast<std::int64_t>(value);
    case ParamType::Choice:
      return formatValue(info, value);
    case ParamType::Toggle:
      return value != 0.0;
    case ParamType::Real:
    case ParamType::Text:  // written by groupToJson from the text
      break;
  }
  return value;
}

Json paramsToJson(const Stage& stage, const ParamValues& values) {
  Json out = Json::object();
  const auto infos = stage.params();
  for (std::size_t i = 0; i < infos.size(); ++i) {
    out[std::string(infos[i].key)] = valueToJson(infos[i], values[i]);
  }
  return out;
}

// A section whose keys are all a table's parameters: {"key": value, ...}.
template <class Params>
Json groupToJson(const ParamTable<Params>& table, const Params& values) {
  Json group = Json::object();
  for (std::size_t i = 0; i < table.size(); ++i) {
    const ParamInfo& info = table.infos()[i];
    group[std::string(info.key)] =
        table.isText(i) ? Json(table.getText(values, i)) : valueToJson(info, table.get(values, i));
  }
  return group;
}

Json documentToJson(const Document& doc) {
  Json root = Json::object();
  root["format"] = kFormat;
  root["version"] = kProjectVersion;
  root["seed"] = std::to_string(doc.seed);
  const SourceStage& source = sourceStage(doc.source.key);
  root["source"] = {{"stage", doc.source.key}, {"params", paramsToJson(source, doc.source.values)}};
  Json modifiers = Json::array();
  for (const ModifierSettings& m : doc.modifiers) {
    modifiers.push_back({{"stage", m.key},
                         {"enabled", m.enabled},
                         {"params", paramsToJson(modifierStage(m.key), m.values)}});
  }
  root["modifiers"] = std::move(modifiers);
  root["look"] = groupToJson(lookTable(), doc.look);
  root["world"] = groupToJson(worldTable(), doc.world);
  root["view"] = groupToJson(viewTable(), doc.view);
  return root;
}

// ---- reading ----

std::string typeName(const Json& j) {
  if (j.is_number()) return "a number";
  if (j.is_string()) return "a string";
  if (j.is_boolean()) return "true/false";
  if (j.is_object()) return "an object {...}";
  if (j.is_array()) return "an array [...]";
  return "null";
}

// "--key: 0.5 is out of range; ..." (checkValue, parseValue) said of a
// place in the file: "project: 'look.water': 0.5 is out of range; ...".
[[noreturn]] void failValue(const ParamInfo& info, const std::string& path,
                            const std::string& message) {
  const std::string flag = "--" + std::string(info.key) + ": ";
  const bool flagged = message.rfind(flag, 0) == 0;
  fail(quoted(path) + ": " + (flagged ? message.substr(flag.size()) : message));
}

std::string textFromJson(const ParamInfo& info, const Json& j, const std::string& path) {
  if (!j.is_string()) {
    fail(quoted(path) + " must be " + std::string(info.expects) + ", not " + typeName(j));
  }
  const std::string& text = j.get_ref<const std::string&>();
  if (const auto problem = checkText(info, text)) failValue(info, path, *problem);
  return text;
}

double valueFromJson(const ParamInfo& info, const Json& j, const std::string& path) {
  double value = 0.0;
  try {
    if (info.type == ParamType::Choice) {
      if (!j.is_string()) {
        fail(quoted(path) + " must be a name (" + allowedText(info) + "), not " + typeName(j));
      }
      return parseValue(info, j.get_ref<const std::string&>());
    }
    if (info.type == ParamType::Toggle) {
      if (j.is_boolean()) return j.get<bool>() ? 1.0 : 0.0;
      if (j.is_string()) return parseValue(info, j.get_ref<const std::string&>());
      fail(quoted(path) + " must be true or false, not " + typeName(j));
    }
    if (!j.is_number()) fail(quoted(path) + " must be a number, not " + typeName(j));
    value = j.get<double>();
  } catch (const InputError& e) {
    const std::string message = e.what();
    if (message.rfind("project: ", 0) == 0) throw;
    failValue(info, path, message);
  }
  if (auto err = checkValue(info, value)) failValue(info, path, *err);
  return value;
}

const Json& requireObject(const Json& j, const std::string& path) {
  if (!j.is_object()) fail(quoted(path) + " must be an object {...}, not " + typeName(j));
  return j;
}

// Refuses keys the format does not know, naming them and the allowed ones.
void checkKeys(const Json& object, const std::vector<std::string>& allowed,
               const std::string& path) {
  for (auto it = object.begin(); it != object.end(); ++it) {
    const std::string& key = it.key();
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    std::string list;
    for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
    fail("unknown key " + quoted(path.empty() ? key : path + "." + key) + "; allowed: " + list);
  }
}

std::vector<std::string> keysOf(std::span<const ParamInfo> infos) {
  std::vector<std::string> keys;
  for (const ParamInfo& info : infos) keys.emplace_back(info.key);
  return keys;
}

// Missing keys keep the values already in `values` (the stage's defaults).
void readParams(const Stage& stage, const Json& parent, const std::string& path,
                ParamValues& values) {
  const auto found = parent.find("params");
  if (found == parent.end()) return;
  const std::string here = path + ".params";
  const Json& params = requireObject(*found, here);
  const auto infos = stage.params();
  checkKeys(params, keysOf(infos), here);
  for (std::size_t i = 0; i < infos.size(); ++i) {
    const auto it = params.find(std::string(infos[i].key));
    if (it != params.end()) {
      values[i] = valueFromJson(infos[i], *it, here + "." + std::string(infos[i].key));
    }
  }
}

const std::string& stageKey(const Json& parent, const std::string& path) {
  const auto it = parent.find("stage");
  if (it == parent.end()) fail(quoted(path) + " has no 'stage'");
  if (!it->is_string()) fail(quoted(path + ".stage") + " must be a name, not " + typeName(*it));
  return it->get_ref<const std::string&>();
}

std::uint64_t readSeed(const Json& j) {
  if (j.is_number_unsigned()) return j.get<std::uint64_t>();
  if (j.is_number_integer()) fail("'seed' must not be negative");
  if (!j.is_string()) {
    fail("'seed' must be a whole number, best in quotes (\"42\"), not " + typeName(j));
  }
  try {
    return parseSeed(j.get_ref<const std::string&>());
  } catch (const InputError& e) {
    const std::string message = e.what();
    fail("'seed': " + message.substr(message.find(": ") + 2));
  }
}

void readSource(const Json& root, Document& doc) {
  const auto it = root.find("source");
  if (it == root.end()) fail("no 'source'; a project names its source stage");
  const Json& source = requireObject(*it, "source");
  checkKeys(source, {"stage", "params"}, "source");
  const std::string& key = stageKey(source, "source");
  if (findSource(key) == nullptr) {
    fail("unknown stage '" + key + "' in 'source.stage'; allowed: " + sourceKeyList());
  }
  // The source's defaults, and a look and view that suit it, for whatever
  // the file leaves out.
  doc = defaultDocument(key);
  doc.modifiers.clear();
  readParams(sourceStage(key), source, "source", doc.source.values);
}

void readModifiers(const Json& root, Document& doc) {
  const auto it = root.find("modifiers");
  if (it == root.end()) return;
  if (!it->is_array()) fail("'modifiers' must be an array [...], not " + typeName(*it));
  if (it->size() > kMaxProjectModifiers) {
    fail(std::to_string(it->size()) + " modifiers; at most " +
         std::to_string(kMaxProjectModifiers));
  }
  for (std::size_t i = 0; i < it->size(); ++i) {
    const std::string path = "modifiers[" + std::to_string(i) + "]";
    const Json& entry = requireObject((*it)[i], path);
    checkKeys(entry, {"stage", "enabled", "params"}, path);
    const std::string& key = stageKey(entry, path);
    const ModifierStage* stage = findModifier(key);
    if (stage == nullptr) {
      fail("unknown stage '" + key + "' in " + quoted(path + ".stage") +
           "; allowed: " + modifierKeyList());
    }
    ModifierSettings m = defaultModifier(key);
    if (const auto enabled = entry.find("enabled"); enabled != entry.end()) {
      if (!enabled->is_boolean()) {
        fail(quoted(path + ".enabled") + " must be true or false, not " + typeName(*enabled));
      }
      m.enabled = enabled->get<bool>();
    }
    readParams(*stage, entry, path, m.values);
    doc.modifiers.push_back(std::move(m));
  }
}

// Reads a section written by groupToJson; missing keys keep their values.
template <class Params>
void readGroup(const Json& root, const std::string& name, const ParamTable<Params>& table,
               Params& values) {
  const auto it = root.find(name);
  if (it == root.end()) return;
  const Json& group = requireObject(*it, name);
  checkKeys(group, keysOf(table.infos()), name);
  for (std::size_t i = 0; i < table.size(); ++i) {
    const ParamInfo& info = table.infos()[i];
    const std::string key(info.key);
    const auto v = group.find(key);
    if (v == group.end()) continue;
    if (table.isText(i)) {
      table.setText(values, i, textFromJson(info, *v, name + "." + key));
    } else {
      table.set(values, i, valueFromJson(info, *v, name + "." + key));
    }
  }
}

// Brings a file of an older version up to kProjectVersion, one version at
// a time, so the readers above only ever see the current layout. When the
// format changes: bump kProjectVersion and add `case <old>:` here, editing
// `root` (rename a key, fill a new required field, convert a unit).
// Version 1 is the first; there is nothing older to convert yet.
void migrate(Json& root, int fromVersion) {
  for (int version = fromVersion; version < kProjectVersion; ++version) {
    switch (version) {
      default:
        fail("version " + std::to_string(version) + " has no conversion to version " +
             std::to_string(version + 1));
    }
  }
  root["version"] = kProjectVersion;
}

int readVersion(const Json& root) {
  const auto it = root.find("version");
  if (it == root.end()) {
    fail("no 'version'; the file is damaged or was not written by this program");
  }
  if (!it->is_number_integer()) {
    fail("'version' must be a whole number, not " + (it->is_number() ? it->dump() : typeName(*it)));
  }
  // nlohmann keeps every integer >= 0 as unsigned: a signed one is negative.
  if (!it->is_number_unsigned() || it->get<std::uint64_t>() == 0) {
    fail("version " + it->dump() + " does not exist; the first is 1");
  }
  if (it->get<std::uint64_t>() > static_cast<std::uint64_t>(kProjectVersion)) {
    fail("version " + it->dump() + " is newer than this program's (" +
         std::to_string(kProjectVersion) + "); update terrain-explorer");
  }
  return static_cast<int>(it->get<std::uint64_t>());
}

void checkFormat(const Json& root) {
  const auto it = root.find("format");
  if (it == root.end() || !it->is_string() || it->get_ref<const std::string&>() != kFormat) {
    fail("not a terrain-explorer project (expected \"format\": \"" + std::string(kFormat) + "\")");
  }
}

// 1-based line and column of a byte offset, for messages.
std::string lineAndColumn(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  std::size_t line = 1;
  std::size_t lineStart = 0;
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      lineStart = i + 1;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(offset - lineStart + 1);
}

// nlohmann's parser keeps its nesting on the heap, but a deep file still
// costs memory and time for nothing: the format is 4 levels deep.
void checkDepth(std::string_view text) {
  int depth = 0;
  bool inString = false;
  bool escaped = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (inString) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        inString = false;
      }
    } else if (c == '"') {
      inString = true;
    } else if (c == '{' || c == '[') {
      if (++depth > kMaxDepth) {
        fail(lineAndColumn(text, i) + ": nested deeper than " + std::to_string(kMaxDepth) +
             " levels; a project needs 4");
      }
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
}

Json parse(std::string_view text) {
  if (text.size() > kMaxProjectBytes) {
    fail(std::to_string(text.size()) + " bytes; a project file is at most " +
         std::to_string(kMaxProjectBytes >> 20) + " MiB");
  }
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) fail("the file is empty");
  checkDepth(text);
  try {
    return Json::parse(text);
  } catch (const Json::parse_error& e) {
    // "[json.exception.parse_error.101] parse error at line 1, column 5: why"
    const std::string what = e.what();
    const auto colon = what.find(": ");
    const std::string why = colon == std::string::npos ? what : what.substr(colon + 2);
    // e.byte is 1-based: the character after the last one read.
    fail(lineAndColumn(text, e.byte > 0 ? e.byte - 1 : 0) + ": " + why);
  }
}

Document documentFromJson(const Json& root) {
  if (!root.is_object()) fail("expected a JSON object {...} at the top, found " + typeName(root));
  checkFormat(root);
  Json current = root;
  migrate(current, readVersion(root));
  checkKeys(current, {"format", "version", "seed", "source", "modifiers", "world", "look", "view"},
            "");
  Document doc;
  readSource(current, doc);
  if (const auto seed = current.find("seed"); seed != current.end()) doc.seed = readSeed(*seed);
  readModifiers(current, doc);
  readGroup(current, "world", worldTable(), doc.world);
  readGroup(current, "look", lookTable(), doc.look);
  readGroup(current, "view", viewTable(), doc.view);
  try {
    validate(doc);
  } catch (const InputError& e) {
    fail(e.what());
  }
  return doc;
}

[[noreturn]] void failRampNotUtf8(const Document& doc) {
  throw InputError("project: the ramp path '" + doc.look.ramp +
                   "' is not valid UTF-8, which a JSON file cannot hold; rename the file");
}

std::string documentJsonText(const Document& doc) {
  try {
    return documentToJson(doc).dump(2) + "\n";
  } catch (const Json::type_error&) {
    failRampNotUtf8(doc);  // the only strings are stage keys (ASCII) and the ramp
  }
}

// A tiled world's size may pass the map cap: checked as the largest map.
void validateTiledWorld(const Document& doc) {
  Document check = doc;
  const SourceStage& source = sourceStage(doc.source.key);
  const std::size_t size = source.sizeIndex();
  check.source.values[size] =
      std::min(check.source.values[size], static_cast<double>(source.maxSize()));
  if (!source.sizeAllowed(static_cast<int>(check.source.values[size]))) {
    check.source.values[size] = source.snapSize(source.maxSize());
  }
  validate(check);
}

}  // namespace

std::string projectToJson(const Document& doc) {
  validate(doc);
  return documentJsonText(doc);
}

std::string tiledWorldToJson(const Document& doc) {
  validateTiledWorld(doc);
  return documentJsonText(doc);
}

nlohmann::ordered_json tiledWorldJson(const Document& doc) {
  validateTiledWorld(doc);
  try {
    (void)Json(doc.look.ramp).dump();  // what printing the document would refuse
  } catch (const Json::type_error&) {
    failRampNotUtf8(doc);
  }
  return documentToJson(doc);
}

Document projectFromJson(std::string_view text) {
  try {
    return documentFromJson(parse(text));
  } catch (const Json::exception& e) {
    // Every access above checks its type first; this is a safety net.
    fail(e.what());
  }
}

void saveProject(const std::string& path, const Document& doc) {
  const std::string text = projectToJson(doc);
  writeFileAtomically(path, [&text](AtomicFile& file) { file.write(text.data(), text.size()); });
}

namespace {

[[noreturn]] void failFile(const std::string& path, const std::string& what) {
  throw InputError("project '" + path + "': " + what);
}

std::string readProjectFile(const std::string& path) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw IoError("cannot read '" + path + "': " + std::strerror(errno));
  struct FdCloser {
    int fd;
    ~FdCloser() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw IoError("cannot read '" + path + "': " + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) failFile(path, "is a directory, not a project file");
  if (!S_ISREG(st.st_mode)) failFile(path, "is not a regular file (a device, pipe or socket)");
  const std::string tooBig =
      "is larger than a project file can be (" + std::to_string(kMaxProjectBytes >> 20) + " MiB)";
  if (static_cast<std::uint64_t>(st.st_size) > kMaxProjectBytes) failFile(path, tooBig);
  // The size fstat gave plus one byte, growing up to one byte past the cap:
  // the file may have grown since.
  std::string text(static_cast<std::size_t>(st.st_size) + 1, '\0');
  std::size_t got = 0;
  while (got <= kMaxProjectBytes) {
    if (got == text.size()) text.resize(std::min(2 * text.size(), kMaxProjectBytes + 1));
    const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      throw IoError("cannot read '" + path + "': " + std::strerror(errno));
    }
    got += static_cast<std::size_t>(n);
  }
  if (got > kMaxProjectBytes) failFile(path, tooBig);
  text.resize(got);
  return text;
}

}  // namespace

Document loadProject(const std::string& path) {
  const std::string text = readProjectFile(path);
  try {
    return projectFromJson(text);
  } catch (const InputError& e) {
    const std::string message = e.what();
    const std::string prefix = "project: ";
    failFile(path, message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message);
  }
}

}  // namespace terrain
