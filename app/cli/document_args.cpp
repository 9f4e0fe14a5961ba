#include "app/cli/document_args.hpp"

#include "app/cli/document_import.hpp"

#include <algorithm>

#include <optional>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/document/presets.hpp"
#include "core/document/project.hpp"
#include "core/graph/node_registry.hpp"
#include "core/graph/node_type.hpp"
#include "core/nodes/registry.hpp"
#include "core/nodes/sources/import.hpp"

// From the flags to the document: where it starts (a project, a preset, a
// generator), then each flag in order: a chain's source parameters and
// --stage, a graph's --node-param and --size, the world and the look. An
// imported file's world: document_import.cpp; the help: document_help.cpp.
namespace terrain::cli {
namespace {

// --project's path, held to a text parameter's rules (checkText): at most
// PATH_MAX bytes and no control character.
constexpr ParamInfo kProjectPath{.key = "project",
                                 .label = "Project",
                                 .unit = "",
                                 .help = "A project file",
                                 .type = ParamType::Text,
                                 .min = 1.0,
                                 .max = 4096.0,
                                 .expects = "a project file (.json)"};

bool wholeNumber(std::string_view text) {
  return !text.empty() && text.size() <= 9 && text.find_first_not_of("0123456789") == text.npos;
}

bool isStartFlag(std::string_view name) {
  return name == "project" || name == "generator" || name == "preset";
}

bool isAnySourceParam(std::string_view key) {
  for (const SourceStage* s : sources()) {
    if (s->indexOf(key)) return true;
  }
  return false;
}

// An on/off parameter of some source (e.g. --tileable): alone, it means on.
bool isSourceToggle(std::string_view key) {
  for (const SourceStage* s : sources()) {
    const auto index = s->indexOf(key);
    if (index && s->params()[*index].type == ParamType::Toggle) return true;
  }
  return false;
}

bool isAnyModifierParam(std::string_view key) {
  for (const ModifierStage* m : modifiers()) {
    if (m->indexOf(key)) return true;
  }
  return false;
}

std::string sourcesWith(std::string_view key) {
  std::string out;
  for (const SourceStage* s : sources()) {
    if (!s->indexOf(key)) continue;
    if (!out.empty()) out += ", ";
    out += s->key();
  }
  return out;
}

std::string modifiersWith(std::string_view key) {
  std::string out;
  for (const ModifierStage* m : modifiers()) {
    if (!m->indexOf(key)) continue;
    if (!out.empty()) out += ", ";
    out += m->key();
  }
  return out;
}

std::string paramKeys(const Stage& stage) {
  std::string out;
  for (const ParamInfo& p : stage.params()) {
    if (!out.empty()) out += ", ";
    out += "--" + std::string(p.key);
  }
  return out.empty() ? "none" : out;
}

// The document the flags start from: a project, an article or defaults.
Document startingDocument(std::span<const DocumentFlag> flags) {
  std::optional<std::string> project;
  std::string generator = "diamond-square";
  bool generatorGiven = false;
  bool article = false;
  const LandformPreset* landform = nullptr;
  for (const DocumentFlag& f : flags) {
    if (f.name == "project") {
      if (f.value.empty()) throw InputError("--project: empty; expected a project file (.json)");
      if (const auto problem = checkText(kProjectPath, f.value)) throw InputError(*problem);
      project = f.value;
    } else if (f.name == "generator") {
      if (findSource(f.value) == nullptr) {
        throw InputError("--generator: " + excerpt(f.value) +
                         " is not a generator; allowed: " + sourceKeyList());
      }
      generator = f.value;
      generatorGiven = true;
    } else if (f.name == "preset") {
      landform = findLandformPreset(f.value);
      if (f.value != "article" && f.value != "default" && landform == nullptr) {
        landformDocument(f.value);  // throws, naming every preset
      }
      article = f.value == "article";
    }
  }
  if (landform != nullptr && (generatorGiven || project)) {
    throw InputError(std::string(project ? "--project" : "--generator") + ": --preset " +
                     std::string(landform->key) + " names its own source; give one or the other");
  }
  if (landform != nullptr) return landform->build();
  if (project) {
    if (generatorGiven || article) {
      throw InputError(std::string(generatorGiven ? "--generator" : "--preset") +
                       ": cannot be combined with --project, which names its own source");
    }
    try {
      return loadProject(*project);
    } catch (const IoError& e) {
      throw IoError("--project: " + std::string(e.what()));
    } catch (const InputError& e) {
      throw InputError("--project: " + std::string(e.what()));
    }
  }
  return article ? articleDocument(generator) : defaultDocument(generator);
}

void setSourceParam(Document& doc, const DocumentFlag& f) {
  GraphNode& node = chainSource(doc.graph);
  const SourceStage& source = sourceStage(node.type);
  const auto index = source.indexOf(f.name);
  if (!index) {
    throw InputError("--" + f.name + ": does not apply to " + node.type + "; it applies to " +
                     sourcesWith(f.name));
  }
  ParamInfo info = source.params()[*index];
  node.values[*index] = parseValue(info, f.value);
}

void setModifierParam(GraphNode& modifier, const DocumentFlag& f) {
  const ModifierStage& stage = modifierStage(modifier.type);
  const auto index = stage.indexOf(f.name);
  if (!index) {
    throw InputError("--" + f.name + ": not a parameter of --stage " + modifier.type +
                     " (its parameters: " + paramKeys(stage) +
                     "); source parameters go before the first --stage");
  }
  modifier.values[*index] = parseValue(stage.params()[*index], f.value);
}

// In a graph the size is every source's: each must make it exactly.
void setGraphSize(Document& doc, const DocumentFlag& f) {
  for (GraphNode& node : doc.graph.nodes) {
    const SourceStage* source = findSource(node.type);
    if (source == nullptr) continue;
    const double size = parseValue(source->params()[source->sizeIndex()], f.value);
    if (!source->sizeAllowed(static_cast<int>(size))) {
      throw InputError("--size: " + excerpt(f.value) + " is not allowed for node " +
                       std::to_string(node.id) + " (" + node.type +
                       "); allowed: " + source->sizeRuleText());
    }
    node.values[source->sizeIndex()] = size;
  }
}

// --node-param ID.KEY=VALUE: one parameter of one node of a graph project.
void setNodeParam(Document& doc, const DocumentFlag& f) {
  const std::string usage =
      "--node-param: expected NODE.KEY=VALUE (e.g. 3.roughness=0.6), not " + excerpt(f.value);
  const auto dot = f.value.find('.');
  const auto equals = f.value.find('=');
  if (dot == std::string::npos || equals == std::string::npos || equals < dot) {
    throw InputError(usage);
  }
  const std::string idText = f.value.substr(0, dot);
  const std::string key = f.value.substr(dot + 1, equals - dot - 1);
  GraphNode* node = doc.graph.find(graphNodeNamed(doc, idText, "--node-param").id);
  const NodeType& type = typeOf(*node);
  const auto index = type.indexOf(key);
  if (!index) {
    throw InputError("--node-param: node " + idText + " (" + node->type + ") has no parameter " +
                     excerpt(key) + "; its parameters: " + paramKeys(type));
  }
  node->values[*index] = parseValue(type.params()[*index], f.value.substr(equals + 1));
}

// A chain's flag given to a graph: where its value goes instead.
[[noreturn]] void refuseChainFlag(const DocumentFlag& f) {
  if (f.name == "stage") {
    throw InputError(
        "--stage: the document is a graph (a graph project or preset); add nodes in the window's "
        "node editor or "
        "the project file (docs/project-format.md)");
  }
  throw InputError(
      "--" + f.name +
      ": the document is a graph (a graph project or preset), whose nodes have their own '" +
      f.name + "'; set one with --node-param NODE." + f.name + "=VALUE");
}

}  // namespace

const GraphNode& graphNodeNamed(const Document& doc, std::string_view idText,
                                std::string_view flag) {
  const bool digits = wholeNumber(idText);
  const GraphNode* node =
      digits ? doc.graph.find(static_cast<NodeId>(std::stoul(std::string(idText)))) : nullptr;
  if (node != nullptr) return *node;
  std::string ids;
  for (const GraphNode& n : doc.graph.nodes) {
    ids += (ids.empty() ? "" : ", ") + std::to_string(n.id) + " (" + n.type + ")";
  }
  throw InputError(std::string(flag) + ": " + excerpt(idText) +
                   " is not a node of the graph; its nodes: " + ids);
}

bool isDocumentFlag(std::string_view name) {
  return isStartFlag(name) || name == "seed" || name == "stage" || name == "no-hillshade" ||
         name == "node-param" || name == "smoothing" || findDocumentParam(name) ||
         isAnySourceParam(name) || isAnyModifierParam(name);
}

std::optional<std::string_view> loneFlagValue(std::string_view name) {
  if (name == "hillshade") return "on";
  if (name == "no-hillshade") return "off";
  if (isSourceToggle(name)) return "on";
  return std::nullopt;
}

Document documentFromFlags(std::span<const DocumentFlag> flags, GraphCheck check) {
  Document doc = startingDocument(flags);
  // A chain's flags (its source's parameters, --stage) apply to a linear
  // graph; a graph of any other shape takes --node-param.
  const bool chain = isLinear(doc.graph);
  NodeId modifier = 0;  // the last --stage's node: its flags follow it
  for (const DocumentFlag& f : flags) {
    if (isStartFlag(f.name)) continue;
    if (f.name == "seed") {
      doc.seed = parseSeed(f.value);
    } else if (f.name == "node-param") {
      setNodeParam(doc, f);
    } else if (!chain && f.name == "size") {
      setGraphSize(doc, f);
    } else if (!chain && !findDocumentParam(f.name) && f.name != "no-hillshade") {
      refuseChainFlag(f);
    } else if (f.name == "smoothing") {
      throw InputError("--smoothing: smoothing is a stage now; use --stage smooth --passes " +
                       (wholeNumber(f.value) ? f.value : std::string("N")));
    } else if (f.name == "stage") {
      if (findModifier(f.value) == nullptr) {
        throw InputError("--stage: " + excerpt(f.value) +
                         " is not a modifier stage; allowed: " + modifierKeyList());
      }
      modifier = appendModifier(doc.graph, f.value).id;
    } else if (f.name == "no-hillshade") {
      doc.look.hillshade = HillshadeChoice::Off;
    } else if (modifier != 0 && modifierStage(doc.graph.find(modifier)->type).indexOf(f.name)) {
      setModifierParam(*doc.graph.find(modifier), f);
    } else if (const auto param = findDocumentParam(f.name)) {
      if (param->isText()) {
        param->setText(doc, f.value);
      } else {
        param->set(doc, parseValue(param->info(), f.value));
      }
    } else if (modifier != 0) {
      setModifierParam(*doc.graph.find(modifier), f);  // names the stage's own parameters
    } else if (isAnySourceParam(f.name)) {
      setSourceParam(doc, f);
    } else {
      throw InputError("--" + f.name + ": a parameter of --stage " + modifiersWith(f.name) +
                       "; give it after that --stage");
    }
  }
  if (chain && chainSource(doc.graph).type == importSource().key()) {
    takeImportedFile(doc, chainSource(doc.graph).values, flags, "--file");
  }
  for (const DocumentFlag& f : flags) {  // the last import file a --node-param gave
    if (f.name != "node-param" || f.value.find(".file=") == std::string::npos) continue;
    GraphNode& node = *doc.graph.find(
        graphNodeNamed(doc, f.value.substr(0, f.value.find('.')), "--node-param").id);
    if (node.type == importSource().key()) {
      takeImportedFile(doc, node.values, flags, "--node-param " + std::to_string(node.id) + ".file",
                       true);
    }
  }
  validate(doc, check);
  return doc;
}

}  // namespace terrain::cli
