#include "app/cli/document_args.hpp"

#include <algorithm>

#include <initializer_list>
#include <optional>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/document/presets.hpp"
#include "core/document/project.hpp"
#include "core/graph/node_registry.hpp"
#include "core/graph/node_type.hpp"
#include "core/nodes/registry.hpp"
#include "core/nodes/sources/import.hpp"

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

// A file whose georeference makes a world wider or narrower than a world
// can be (cells of 1e9 m, of a micrometre) is refused naming the flag that
// named the file (`namedBy`), not --world-width, which the user did not give.
void refuseImportedWidth(const World& world, const ParamValues& importValues,
                         const std::string& namedBy) {
  const ParamInfo& width = worldTable().infos()[*worldTable().indexOf("world-width")];
  if (!checkValue(width, world.width)) return;
  const SourceStage& source = importSource();
  const std::size_t file = *source.indexOf("file");
  throw InputError(namedBy + ": " +
                   excerpt(formatValue(source.params()[file], importValues[file])) +
                   " is georeferenced " + formatValue(width, world.width) + " m wide; a world is " +
                   allowedText(width) + " m wide: give its width with --world-width");
}

// An imported file's elevations' range and world (its width in metres, its
// height range) become the document's, unless the flags give them
// themselves. A project keeps what it saved unless a --node-param gives an
// import node another file (`newFile`); `namedBy` is the flag that named the
// file.
void takeImportedFile(Document& doc, ParamValues& importValues, std::span<const DocumentFlag> flags,
                      const std::string& namedBy, bool newFile = false) {
  bool rangeGiven = false;
  for (const DocumentFlag& f : flags) {
    if (f.name == "project" && !newFile) return;
    rangeGiven |= f.name == "elevation-low" || f.name == "elevation-high" ||
                  (f.name == "node-param" && f.value.find(".elevation-") != std::string::npos);
  }
  const World given = doc.world;
  if (rangeGiven) {
    doc.world = importedWorld(importValues, doc.world);
  } else {
    ImportChoice choice = chooseImportFile(importValues, doc.world);
    importValues = std::move(choice.values);
    doc.world = choice.world;
  }
  bool widthGiven = false;
  for (const DocumentFlag& f : flags) {
    widthGiven |= f.name == "world-width";
    if (f.name == "world-width") doc.world.width = given.width;
    if (f.name == "height-range") doc.world.heightRange = given.heightRange;
    if (f.name == "base-elevation") doc.world.baseElevation = given.baseElevation;
  }
  if (!widthGiven) refuseImportedWidth(doc.world, importValues, namedBy);
  // The sea at 0 m of the file's elevation, as the window sets it: none
  // when all the ground stands above it. --water says otherwise.
  const bool waterGiven = std::any_of(flags.begin(), flags.end(),
                                      [](const DocumentFlag& f) { return f.name == "water"; });
  if (!waterGiven) doc.look.water = std::clamp(heightOf(doc.world, 0.0), 0.0, 1.0);
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

namespace {

// Appends the parts (GCC 12 misreads chains of string + under -Wrestrict).
void add(std::string& out, std::initializer_list<std::string_view> parts) {
  for (auto part : parts) out.append(part);
}

void appendParam(std::string& out, const ParamInfo& p, double defaultValue) {
  const bool named = p.type == ParamType::Choice || p.type == ParamType::Toggle;
  const std::string allowed = allowedText(p);
  add(out, {"  --", p.key, " ", named ? std::string_view(allowed) : "VALUE", "\n      ", p.label});
  if (!p.unit.empty()) add(out, {" [", p.unit, "]"});
  add(out, {": ", p.help, "\n      range: ", allowed, "; default ", formatValue(p, defaultValue),
            p.maxMeansAll ? " (the maximum means every level the size holds)" : "", "\n"});
}

std::string portsText(std::span<const PortInfo> ports) {
  std::string out;
  for (const PortInfo& p : ports) {
    add(out, {out.empty() ? "" : ", ", p.key, " (", portKindName(p.kind),
              p.optional ? ", optional" : "", ")"});
  }
  return out.empty() ? "none" : out;
}

// Every node type of a graph project with its ports; the sources and
// modifiers take the parameters listed above.
void appendNodeHelp(std::string& out) {
  out +=
      "\nGraph nodes (a project's \"graph\": docs/project-format.md; --node-param "
      "NODE.KEY=VALUE sets one):\n";
  std::string mapSources;
  for (const SourceStage* s : sources()) {
    if (!s->profile()) add(mapSources, {mapSources.empty() ? "" : ", ", s->key()});
  }
  const NodeType& firstModifier = nodeType(modifiers().front()->key());
  add(out, {"\n", mapSources, "\n  the 2D sources above, with their parameters; inputs: none; ",
            "outputs: ", portsText(nodeType(sources().back()->key()).outputs()), "\n", "\n",
            modifierKeyList(), "\n  the modifiers above, with their parameters; inputs: ",
            portsText(firstModifier.inputs()), "; outputs: ", portsText(firstModifier.outputs()),
            "\n  where the mask is 1 the modifier acts fully, where it is 0 not at all\n"});
  for (const NodeType* type : nodeTypes()) {
    if (findSource(type->key()) != nullptr || findModifier(type->key()) != nullptr) continue;
    add(out, {"\n", type->key(), ": ", type->title(), "\n  ", type->help(), "\n  inputs: ",
              portsText(type->inputs()), "; outputs: ", portsText(type->outputs()), "\n"});
    const ParamValues defaults = type->defaults();
    const auto params = type->params();
    for (std::size_t i = 0; i < params.size(); ++i) appendParam(out, params[i], defaults[i]);
  }
}

}  // namespace

std::string documentHelpText() {
  std::string out = "\nSources (--generator KEY; default diamond-square):\n";
  for (const SourceStage* s : sources()) {
    const auto article = s->articlePreset();
    add(out, {"\n", s->key(), ": ", s->title()});
    if (article) add(out, {" (article ", article->article, ")"});
    add(out, {", ", s->profile() ? "1D profile" : "2D map", "\n  ", s->help(),
              "\n  size: ", s->sizeRuleText(), "\n"});
    if (article) add(out, {"  --preset article: ", article->summary, "\n"});
    const ParamValues defaults = s->defaults();
    const auto params = s->params();
    for (std::size_t i = 0; i < params.size(); ++i) appendParam(out, params[i], defaults[i]);
  }
  out += "\nModifier stages (--stage KEY, then its parameters):\n";
  for (const ModifierStage* m : modifiers()) {
    add(out, {"\n", m->key(), ": ", m->title(), "\n  ", m->chainHelp(), "\n"});
    const ParamValues defaults = m->defaults();
    const auto params = m->params();
    for (std::size_t i = 0; i < params.size(); ++i) appendParam(out, params[i], defaults[i]);
  }
  appendNodeHelp(out);
  out += "\nWorld (the map's size on the ground; erosion measures in these metres):\n";
  const World world;
  for (std::size_t i = 0; i < worldTable().size(); ++i) {
    appendParam(out, worldTable().infos()[i], worldTable().get(world, i));
  }
  out += "\nLook (how the colour map is coloured; never changes the heights):\n";
  const Look look;
  for (std::size_t i = 0; i < lookTable().size(); ++i) {
    if (lookTable().isText(i)) {
      const ParamInfo& p = lookTable().infos()[i];
      add(out, {"  --", p.key, " ", allowedText(p), "\n      ", p.help, " (default ",
                lookTable().getText(look, i), ")\n"});
    } else {
      appendParam(out, lookTable().infos()[i], lookTable().get(look, i));
    }
  }
  out +=
      "  --seed N\n      Any unsigned 64-bit number; the same seed gives the same terrain\n"
      "  --project FILE.json\n      Start from a saved project\n";
  out +=
      "\nLandform presets (--preset KEY: a whole document to start from; flags after it "
      "change it):\n";
  for (const LandformPreset& p : landformPresets()) add(out, {"  ", p.key, ": ", p.summary, "\n"});
  return out;
}

}  // namespace terrain::cli
