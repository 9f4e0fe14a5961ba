#include "core/document/project.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>
#include <span>
#include <vector>

#include "core/base/error.hpp"
#include "core/document/project_export.hpp"
#include "core/document/project_graph.hpp"
#include "core/document/project_json.hpp"
#include "core/document/project_text.hpp"
#include "core/document/project_values.hpp"
#include "core/graph/node_type.hpp"
#include "core/io/atomic_file.hpp"
#include "core/nodes/registry.hpp"

namespace terrain {
namespace {

using namespace project_io;

constexpr std::string_view kFormat = "terrain-explorer-project";

// ---- writing ----

Json documentToJson(const Document& doc) {
  Json root = Json::object();
  root["format"] = kFormat;
  // A chain is saved as the graph it is: version 1 files (a chain's
  // 'source' and 'modifiers') are still read.
  root["version"] = kProjectVersion;
  root["seed"] = std::to_string(doc.seed);
  root["graph"] = graphToJson(doc.graph);
  root["look"] = groupToJson(lookTable(), doc.look);
  root["world"] = groupToJson(worldTable(), doc.world);
  root["view"] = groupToJson(viewTable(), doc.view);
  // Only when set, so a project that never exported reads as before.
  if (doc.exports != ExportSettings{}) root["export"] = exportToJson(doc.exports);
  return root;
}

// ---- reading ----

const std::string& stageKey(const Json& parent, const std::string& path) {
  const auto it = parent.find("stage");
  if (it == parent.end()) fail(excerpt(path) + " has no 'stage'");
  if (!it->is_string()) fail(excerpt(path + ".stage") + " must be a name, not " + typeName(*it));
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

void readSource(const Json& root, Document& doc, Chain& chain) {
  const auto it = root.find("source");
  if (it == root.end()) fail("no 'source'; a project names its source stage");
  const Json& source = requireObject(*it, "source");
  checkKeys(source, {"stage", "params"}, "source");
  const std::string& key = stageKey(source, "source");
  if (findSource(key) == nullptr) {
    fail("unknown stage " + excerpt(key) + " in 'source.stage'; allowed: " + sourceKeyList());
  }
  // The source's defaults, and a look and view that suit it, for whatever
  // the file leaves out.
  doc = defaultDocument(key);
  chain.source = {key, sourceStage(key).defaults()};
  readParams(sourceStage(key), source, "source", chain.source.values);
}

void readModifiers(const Json& root, Chain& chain) {
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
      fail("unknown stage " + excerpt(key) + " in " + excerpt(path + ".stage") +
           "; allowed: " + modifierKeyList());
    }
    ModifierSettings m = defaultModifier(key);
    if (const auto enabled = entry.find("enabled"); enabled != entry.end()) {
      if (!enabled->is_boolean()) {
        fail(excerpt(path + ".enabled") + " must be true or false, not " + typeName(*enabled));
      }
      m.enabled = enabled->get<bool>();
    }
    readParams(*stage, entry, path, m.values);
    chain.modifiers.push_back(std::move(m));
  }
}

// Brings a file of an older version up to kProjectVersion, one version at
// a time, so the readers above only ever see the current layout. When the
// format changes: bump kProjectVersion and add `case <old>:` here, editing
// `root` (rename a key, fill a new required field, convert a unit).
void migrate(Json& root, int fromVersion) {
  for (int version = fromVersion; version < kProjectVersion; ++version) {
    switch (version) {
      case 1:  // version 2 adds "graph" beside the chain; a chain reads as it did
        if (root.contains("graph")) fail("'graph' needs version 2; this file says version 1");
        break;
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

Document documentFromJson(const Json& root) {
  if (!root.is_object()) fail("expected a JSON object {...} at the top, found " + typeName(root));
  checkFormat(root);
  Json current = root;
  migrate(current, readVersion(root));
  checkKeys(current,
            {"format", "version", "seed", "source", "modifiers", "graph", "world", "look", "view",
             "export"},
            "");
  Document doc;
  if (const auto graph = current.find("graph"); graph != current.end()) {
    if (current.contains("source") || current.contains("modifiers")) {
      fail("a project is a chain ('source', 'modifiers') or a 'graph', not both");
    }
    // A graph's look and view start from a new document's.
    doc = defaultDocument();
    doc.graph = graphFromJson(*graph);
  } else {
    // A version-1 chain: the graph it is, with the same bits.
    Chain chain;
    readSource(current, doc, chain);
    readModifiers(current, chain);
    doc.graph = chainGraph(chain);
  }
  if (const auto seed = current.find("seed"); seed != current.end()) doc.seed = readSeed(*seed);
  readGroup(current, "world", worldTable(), doc.world);
  readGroup(current, "look", lookTable(), doc.look);
  readGroup(current, "view", viewTable(), doc.view);
  if (const auto exports = current.find("export"); exports != current.end()) {
    doc.exports = exportFromJson(*exports);
  }
  try {
    validate(doc, GraphCheck::Structure);  // a graph being built may have open inputs
  } catch (const InputError& e) {
    fail(e.what());
  }
  return doc;
}

[[noreturn]] void failRampNotUtf8(const Document& doc) {
  throw InputError("project: the ramp path " + excerpt(doc.look.ramp) +
                   " is not valid UTF-8, which a JSON file cannot hold; rename the file");
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
  validate(mapSizedCopy(doc), GraphCheck::Structure);
}

}  // namespace

std::string projectToJson(const Document& doc) {
  validate(doc, GraphCheck::Structure);
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

nlohmann::ordered_json outputNodeJson(const Document& doc, PortRef output) {
  const GraphNode& node = *doc.graph.find(output.node);
  const PortInfo& port = typeOf(node).outputs()[output.port];
  return {{"node", node.id},
          {"type", node.type},
          {"port", std::string(port.key)},
          {"kind", std::string(portKindName(port.kind))}};
}

Document projectFromJson(std::string_view text) {
  try {
    return documentFromJson(parseProjectText(text));
  } catch (const Json::exception& e) {
    // Every access above checks its type first; this is a safety net.
    fail(e.what());
  }
}

void saveProject(const std::string& path, const Document& doc) {
  Document saved = doc;  // the export folder as the file keeps it
  saved.exports = project_io::exportsForFile(doc.exports, path);
  const std::string text = projectToJson(saved);
  writeFileAtomically(path, [&text](AtomicFile& file) { file.write(text.data(), text.size()); });
}

namespace {

[[noreturn]] void failFile(const std::string& path, const std::string& what) {
  throw InputError("project " + excerpt(path) + ": " + what);
}

std::string readProjectFile(const std::string& path) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw IoError("cannot read " + excerpt(path) + ": " + std::strerror(errno));
  struct FdCloser {
    int fd;
    ~FdCloser() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0)
    throw IoError("cannot read " + excerpt(path) + ": " + std::strerror(errno));
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
      throw IoError("cannot read " + excerpt(path) + ": " + std::strerror(errno));
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
    Document doc = projectFromJson(text);
    doc.exports = project_io::exportsFromFile(doc.exports, path);
    return doc;
  } catch (const InputError& e) {
    const std::string message = e.what();
    const std::string prefix = "project: ";
    failFile(path, message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message);
  }
}

}  // namespace terrain
