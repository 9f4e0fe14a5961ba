#include "app/cli/export_options.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <initializer_list>
#include <string_view>
#include <vector>

#include "app/cli/document_args.hpp"
#include "app/cli/engine_package.hpp"
#include "app/cli/export_args.hpp"
#include "app/cli/tile_options.hpp"
#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/document/document_inputs.hpp"
#include "core/export/sidecar.hpp"
#include "core/export/tile_manifest.hpp"
#include "core/graph/node_type.hpp"
#include "core/io/file_identity.hpp"
#include "core/look/color.hpp"
#include "core/nodes/registry.hpp"

namespace terrain::cli {
namespace {

// Which sources an export option makes sense for.
enum class Scope : std::uint8_t { All, Maps, Profiles };

struct OptionInfo {
  std::string_view name;     // flag without the dashes
  std::string_view metavar;  // "" for a switch
  std::string_view help;
  Scope scope = Scope::All;
};

// Every flag that is neither a document flag (cli/document_args) nor an
// output format (core/outputs).
constexpr OptionInfo kOptions[] = {
    {"side-width", "PIXELS", "Width of a profile's side view, 16 to 16384 (default 1280)",
     Scope::Profiles},
    {"side-height", "PIXELS", "Height of a profile's side view, 16 to 16384 (default 400)",
     Scope::Profiles},
    {"no-sidecar", "",
     "Do not write the sidecar FILE.json (sizes, scales, formats, the document, engine "
     "settings) beside the first output"},
    {"save-project", "FILE.json",
     "Also write the project of what was generated, to open in the window or pass to "
     "--project"},
    {"engine-size", "KEY",
     "Bring the map to an engine's size: "
     "unreal-505|unreal-1009|unreal-2017|unreal-4033|unreal-8129 "
     "(Unreal's recommended landscapes) or unity-129 .. unity-4097 (2^n+1); the source makes "
     "the next size it can, then --fit decides",
     Scope::Maps},
    {"fit", "crop|resample",
     "With --engine-size: crop (keep the cells and metres per cell; the world shrinks a little) "
     "or resample (keep the whole world; cells grow a little). Default crop",
     Scope::Maps},
    {"tiles", "COLUMNSxROWS",
     "Cut the world into tiles that share their edge samples (a 2x2 tiling of a 513 world is "
     "four 257 tiles); --size is the world's, up to 1048577 for gradient noise. Each output "
     "FILE becomes a name in --out-dir with the tile in it (world.r16 -> world_x0_y0.r16), "
     "each tile gets FILE_x0_y0.json and the world a manifest FILE.json",
     Scope::Maps},
    {"out-dir", "DIR", "With --tiles: the folder the tiles go to (made if missing)", Scope::Maps},
    {"overlap", "K",
     "With --tiles: every tile grows K samples on each side into its neighbours (default 0)",
     Scope::Maps},
    {"tile", "I|X,Y",
     "With --tiles: compute only tile I (row by row from 0) or column X, row Y; any machine "
     "can make any tile alone, and a complete tile is skipped on a re-run",
     Scope::Maps},
    {"tile-names", "unreal|unity",
     "With --tiles: Unreal's Name_x0_y0 (y from the north edge, default) or Unity's Name_X_Z "
     "(Z from the south edge)",
     Scope::Maps},
    {"world-gltf", "NAME.gltf",
     "With --tiles and --glb: also write NAME.gltf in --out-dir, the whole world in one file: "
     "it names every tile's .glb (no copy) in place, with its name and material",
     Scope::Maps},
    {"for", "unreal|unity|godot|blender",
     "The files an engine imports in one action: unreal checks the landscape's size (505, "
     "1009, 2017, 4033 or 8129 a side, per tile with --tiles) and adds NAME_grass.png, "
     "NAME_rock.png, NAME_sediment.png and NAME_snow.png, one paint layer's weights each, "
     "beside --heightmap/--r16 NAME; the sidecar's engines.unreal has the import scales. "
     "unity checks the resolution (33 .. 4097, 2^n+1, per tile with --tiles, named "
     "Name_X_Z) and writes --r16 south row first (Unity's Import Raw: 16-bit, Windows, no "
     "flip); the sidecar's engines.unity has the terrain's width, length and height in m. "
     "godot adds NAME_control.exr (Terrain3D's control map) and NAME_color.png beside "
     "--terrain3d-height NAME.exr, and NAME_import.gd, the editor script that imports every "
     "piece into a Terrain3D node in place. blender adds NAME_color.png and "
     "NAME_normals.png, the material of --glb NAME.glb, and with --tiles the world glTF "
     "(NAME.gltf) that places every tile (docs/engines/)",
     Scope::Maps},
    {"output-node", "NODE[.PORT]",
     "Export this node's result instead of the terrain, in any document (a chain is a linear "
     "graph; e.g. 5, or 5.mask); a mask is written as a greyscale field of 0..1 (--heightmap, "
     "--r16, --raw, --exr)"},
    {"threads", "N",
     "Worker threads, 0 to 1024, 0 = every CPU this process may use (taskset, a Slurm "
     "cpuset; default 0); "
     "the terrain is the same for every N"},
    {"quiet", "", "Print nothing on success (also -q)"},
    {"help", "", "Print this help (also -h)"},
    {"version", "", "Print the version"},
};

constexpr int kMinSideView = 16;
constexpr int kMaxSideView = 16384;
constexpr int kMaxThreads = 1024;

const OptionInfo* findOption(std::string_view name) {
  for (const auto& o : kOptions) {
    if (o.name == name) return &o;
  }
  return nullptr;
}

// What a flag expects, for "missing value" messages.
std::string expectedValue(std::string_view name, const OptionInfo* option,
                          const OutputFormat* format) {
  if (option != nullptr) return std::string(option->metavar);
  if (format != nullptr) return std::string(format->metavar);
  if (const auto ref = findFormatOption(name)) {
    return allowedText(ref->format->options.infos[ref->index]);
  }
  if (name == "seed") return "0 to 18446744073709551615";
  if (name == "stage") return "one of " + modifierKeyList();
  if (name == "generator") return "one of " + sourceKeyList();
  if (name == "project") return "a project file (.json)";
  for (const auto group : {lookTable().infos(), worldTable().infos()}) {
    for (const ParamInfo& p : group) {
      if (p.key == name) return allowedText(p);
    }
  }
  for (const SourceStage* s : sources()) {
    if (auto i = s->indexOf(name)) return allowedText(s->params()[*i]);
  }
  for (const ModifierStage* m : modifiers()) {
    if (auto i = m->indexOf(name)) return allowedText(m->params()[*i]);
  }
  return "a value";
}

// --mask KIND=FILE is --mask-KIND FILE.
void expandMaskFlag(Token& token) {
  const auto eq = token.value.find('=');
  const std::string kind = token.value.substr(0, eq);
  std::string kinds;
  for (const std::string_view name : maskNames()) {
    kinds.append(kinds.empty() ? "" : "|").append(name);
    if (eq != std::string::npos && name == kind) {
      token.name = std::string("mask-").append(kind);
      token.value = token.value.substr(eq + 1);
      if (token.value.empty()) throw InputError("--mask " + kind + "=: missing the file name");
      return;
    }
  }
  throw InputError("--mask: " + excerpt(token.value) + " is not KIND=FILE.png; KIND is one of " +
                   kinds);
}

// Splits "--name value", "--name=value" and "--switch" into tokens.
std::vector<Token> tokenize(std::span<char* const> args) {
  std::vector<Token> tokens;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i] != nullptr ? args[i] : "";
    if (arg == "-q") arg = "--quiet";  // the one short form besides -h
    if (arg.size() < 3 || arg.substr(0, 2) != "--") {
      throw InputError(excerpt(arg) + ": unexpected argument; flags start with -- (see --help)");
    }
    const auto eq = arg.find('=');
    Token token{std::string(arg.substr(2, eq == std::string_view::npos ? eq : eq - 2)), {}};
    const OptionInfo* option = findOption(token.name);
    const OutputFormat* format = findOutputFormat(token.name);
    const auto formatOption = findFormatOption(token.name);
    if (option == nullptr && format == nullptr && !formatOption && !isDocumentFlag(token.name) &&
        token.name != "mask") {
      throw InputError("--" + bareExcerpt(token.name) +
                       ": unknown flag; see 'terrain-explorer export --help'");
    }
    const bool isSwitch = option != nullptr && option->metavar.empty();
    const bool nextIsValue = i + 1 < args.size() && args[i + 1] != nullptr &&
                             std::string_view(args[i + 1]).substr(0, 2) != "--";
    // A lone toggle means on: --hillshade, --flip-rows.
    const bool toggle =
        formatOption &&
        formatOption->format->options.infos[formatOption->index].type == ParamType::Toggle;
    const auto lone = toggle ? std::optional<std::string_view>("on") : loneFlagValue(token.name);
    if (isSwitch) {
      if (eq != std::string_view::npos) throw InputError("--" + token.name + ": takes no value");
    } else if (eq != std::string_view::npos) {
      token.value = std::string(arg.substr(eq + 1));
    } else if (lone && (token.name == "no-hillshade" || !nextIsValue)) {
      token.value = std::string(*lone);
    } else if (nextIsValue) {
      token.value = args[++i];
    } else {
      throw InputError("--" + token.name + ": missing value; expected " +
                       expectedValue(token.name, option, format));
    }
    if (token.name == "mask") expandMaskFlag(token);
    tokens.push_back(std::move(token));
  }
  return tokens;
}

std::string sourcesWith(bool profile) {
  std::string out;
  for (const SourceStage* source : sources()) {
    if (source->profile() != profile) continue;
    if (!out.empty()) out += ", ";
    out += source->key();
  }
  return out;
}

void checkScope(const OptionInfo& option, const Document& doc) {
  const bool profile = isProfile(doc);
  if (option.scope == Scope::All || (option.scope == Scope::Profiles) == profile) return;
  const std::string what =
      isLinear(doc.graph) ? chainSource(doc.graph).type : std::string("a graph's map");
  throw InputError("--" + std::string(option.name) + ": does not apply to " + what +
                   "; it applies to " + sourcesWith(option.scope == Scope::Profiles));
}

void applyOption(ExportOptions& o, const Token& t) {
  const std::string_view n = t.name;
  if (n == "side-width") o.plan.sideWidth = parseInt(t, kMinSideView, kMaxSideView);
  if (n == "side-height") o.plan.sideHeight = parseInt(t, kMinSideView, kMaxSideView);
  if (n == "threads") o.threads = parseInt(t, 0, kMaxThreads);
  if (n == "save-project") o.plan.projectOutput = nonEmpty(t, "a file name");
  if (n == "quiet") o.quiet = true;
  if (n == "no-sidecar") o.plan.sidecar.reset();
  if (n == "engine-size") o.plan.engineSize = &engineSize(t.value);
  if (n == "fit") o.plan.fit = fitMode(t.value);
}

// Sets the option on every output of its format; an option whose format is
// not among the outputs is refused (it would silently do nothing).
void applyFormatOption(ExportOptions& o, const Token& t, const FormatOptionRef& ref) {
  const ParamInfo& info = ref.format->options.infos[ref.index];
  const double value = parseValue(info, t.value);  // its message names the flag
  bool applied = false;
  for (OutputRequest& out : o.plan.outputs) {
    for (std::size_t i = 0; i < out.format->options.infos.size(); ++i) {
      if (out.format->options.infos[i].key != info.key) continue;
      out.options[i] = value;
      applied = true;
    }
  }
  if (!applied) {
    std::string takers;
    for (const OutputFormat& f : outputFormats()) {
      for (const ParamInfo& option : f.options.infos) {
        if (option.key != info.key) continue;
        takers.append(takers.empty() ? "--" : " or --").append(f.key).append(" ").append(f.metavar);
      }
    }
    throw InputError("--" + t.name + ": applies to " + takers +
                     ", none of which is among the outputs");
  }
}

// Every file the export reads, by the words a message names it with.
std::vector<DocumentInput> exportInputs(const ExportOptions& o) {
  std::vector<DocumentInput> inputs;
  if (o.projectInput) inputs.push_back({"the --project input", *o.projectInput});
  if (!isBuiltinRamp(o.doc.look.ramp) && o.doc.look.ramp != "auto") {
    inputs.push_back({"the --ramp input", o.doc.look.ramp});
  }
  for (DocumentInput& input : importedFiles(o.doc)) inputs.push_back(std::move(input));
  return inputs;
}

// Two outputs on one path would silently keep only the last.
void checkOutputs(const ExportOptions& o) {
  if (o.plan.outputs.empty() && !o.plan.projectOutput) {
    throw InputError("no output given; add one or more of " + outputFlagList());
  }
  std::vector<NamedFile> outputs = outputFiles(o.plan.outputs);
  if (o.plan.projectOutput) outputs.emplace_back("--save-project", *o.plan.projectOutput);
  if (o.plan.sidecar) {
    outputs.emplace_back("--" + std::string(o.plan.outputs.front().format->key) +
                             "'s sidecar JSON (--no-sidecar leaves it out)",
                         *o.plan.sidecar);
  }
  refuseClashes(outputs, exportInputs(o));
}

// "5" or "5.mask": a node of the document's graph and one of its outputs;
// a mask goes only to the formats that hold a field of numbers.
PortRef parseOutputNode(const Token& t, const Document& doc,
                        const std::vector<OutputRequest>& outputs) {
  const auto dot = t.value.find('.');
  const std::string idText = t.value.substr(0, dot);
  const GraphNode* node = &graphNodeNamed(doc, idText, "--output-node");
  const auto ports = typeOf(*node).outputs();
  std::uint32_t port = 0;
  if (dot != std::string::npos) {
    const std::string key = t.value.substr(dot + 1);
    while (port < ports.size() && ports[port].key != key) ++port;
    if (port == ports.size()) {
      std::string keys;
      for (const PortInfo& p : ports) keys += (keys.empty() ? "" : ", ") + std::string(p.key);
      throw InputError("--output-node: node " + idText + " (" + node->type + ") has no output " +
                       excerpt(key) + "; its outputs: " + keys);
    }
  }
  if (ports[port].kind == PortKind::Instances) {
    throw InputError("--output-node: node " + idText + " (" + node->type + ")'s output " +
                     std::string(ports[port].key) + " gives instances, not a map; write them " +
                     "with --instances-csv, --instances-json or --instances-gltf");
  }
  if (ports[port].kind == PortKind::Mask) {
    for (const OutputRequest& out : outputs) {
      const std::string_view key = out.format->key;
      if (key != "heightmap" && key != "r16" && key != "raw" && key != "exr") {
        throw InputError("--" + std::string(key) + ": node " + idText + " gives a mask, not a " +
                         "terrain; write a mask with --heightmap, --r16, --raw or --exr");
      }
    }
  }
  return {node->id, port};
}

// --size of a tiled world: every source's size, which may be larger than a
// map (planTiles checks each source's grid and says what is allowed).
void setWorldSize(Document& doc, const Token& size) {
  for (GraphNode& node : doc.graph.nodes) {
    const SourceStage* source = findSource(node.type);
    if (source == nullptr) continue;
    node.values[source->sizeIndex()] =
        parseInt(size, source->minSize(), static_cast<int>(kMaxTiledWorldSide));
  }
}

// The document from the flags that are neither options nor outputs; with
// --tiles, --size is the world's, which may be larger than a map.
void readDocument(ExportOptions& options, const std::vector<Token>& tokens, bool tiled) {
  std::vector<DocumentFlag> documentFlags;
  std::optional<Token> worldSize;
  for (const Token& t : tokens) {
    if (tiled && t.name == "size") {
      worldSize = t;
    } else if (findOption(t.name) == nullptr && findOutputFormat(t.name) == nullptr &&
               !findFormatOption(t.name)) {
      documentFlags.push_back({t.name, t.value});
    }
  }
  options.doc = documentFromFlags(documentFlags);
  if (worldSize) setWorldSize(options.doc, *worldSize);
  for (const DocumentFlag& f : documentFlags) {
    if (f.name == "project") options.projectInput = options.plan.projectInput = f.value;
  }
}

bool hasFlag(std::span<char* const> args, std::string_view a, std::string_view b) {
  for (char* arg : args) {
    if (arg != nullptr && (arg == a || arg == b)) return true;
  }
  return false;
}

}  // namespace

ExportOptions parseExportOptions(std::span<char* const> args) {
  ExportOptions options;
  if (hasFlag(args, "--help", "-h")) {
    options.action = ExportOptions::Action::Help;
    return options;
  }
  if (hasFlag(args, "--version", "--version")) {
    options.action = ExportOptions::Action::Version;
    return options;
  }
  const std::vector<Token> tokens = tokenize(args);
  const bool tiled = findToken(tokens, "tiles") != nullptr;
  readDocument(options, tokens, tiled);
  for (const Token& t : tokens) {
    if (const OutputFormat* format = findOutputFormat(t.name)) {
      if (format->needs == OutputNeeds::Window) {
        throw InputError("--" + t.name +
                         ": a rendered view needs the window; export it from the window's "
                         "Export panel");
      }
      options.plan.outputs.push_back(
          {format, nonEmpty(t, "a file name"), format->options.defaults});
    }
  }
  options.plan.sidecar = sidecarPathFor(options.plan.outputs);  // --no-sidecar resets it below
  for (const Token& t : tokens) {
    if (const auto ref = findFormatOption(t.name)) {
      applyFormatOption(options, t, *ref);
    } else if (const OptionInfo* option = findOption(t.name)) {
      checkScope(*option, options.doc);
      applyOption(options, t);
    }
  }
  if (const Token* node = findToken(tokens, "output-node")) {
    options.plan.outputNode = parseOutputNode(*node, options.doc, options.plan.outputs);
  }
  const bool fitGiven = std::ranges::any_of(tokens, [](const Token& t) { return t.name == "fit"; });
  if (fitGiven && options.plan.engineSize == nullptr) {
    throw InputError("--fit: applies with --engine-size, which is not given");
  }
  if (tiled) {
    options.tiles = parseTiles(options, tokens);
    if (const Token* engine = findToken(tokens, "for")) applyEnginePackage(options, *engine);
    checkTileOutputs(options, exportInputs(options));
    return options;
  }
  for (const std::string_view flag : kTileFlags) {
    if (findToken(tokens, flag) != nullptr) {
      throw InputError("--" + std::string(flag) + ": applies with --tiles, which is not given");
    }
  }
  if (options.plan.engineSize != nullptr)
    options.doc = documentForSide(options.doc, options.plan.engineSize->side);
  if (const Token* engine = findToken(tokens, "for")) applyEnginePackage(options, *engine);
  checkOutputs(options);
  return options;
}

std::string versionText() {
  return "terrain-explorer 0.1.0\n";
}  // CMakeLists' project VERSION

// Appends the parts (avoids temporaries GCC 12 misreads under -Wrestrict).
static void add(std::string& out, std::initializer_list<std::string_view> parts) {
  for (auto part : parts) out.append(part);
}

std::string exportUsageText() {
  return "Usage: terrain-explorer export [--project FILE | --preset LANDFORM |\n"
         "                                --generator KEY [--preset article]]\n"
         "         [--seed N] [--PARAMETER VALUE ...] [--stage KEY [--PARAMETER VALUE ...] ...]\n"
         "         [--water W] [--ramp NAME|FILE.png] [--hillshade auto|on|off] ...\n"
         "         [--side-width PIXELS] [--side-height PIXELS] [--threads N] [--quiet]\n"
         "         OUTPUTS (" +
         outputFlagList() +
         ")\n"
         "\n"
         "Generates one terrain without a window and writes it: the source makes heights,\n"
         "each --stage appends a modifier (the flags after it set its parameters, until the\n"
         "next --stage; the same stage may appear twice), the look colours it. Flags take\n"
         "their value as '--flag VALUE' or '--flag=VALUE'. --project starts from a saved\n"
         "project; every other flag overrides it. Files are replaced atomically: a failed\n"
         "export leaves no partial file.\n"
         "Exit status: 0 written; 2 bad input (one line on stderr, nothing written);\n"
         "1 an output could not be written.\n";
}

std::vector<ExportFlagInfo> otherExportFlags() {
  std::vector<ExportFlagInfo> flags;
  for (const OptionInfo& o : kOptions) {
    std::string help(o.help);
    if (o.scope != Scope::All) add(help, {" [", sourcesWith(o.scope == Scope::Profiles), "]"});
    flags.push_back({o.name, o.metavar, std::move(help)});
  }
  return flags;
}

std::string exportHelpText() {
  std::string out = exportUsageText();
  out += documentHelpText();
  out += "\nOutputs:\n";
  for (const OutputFormat& f : outputFormats()) {
    if (f.needs == OutputNeeds::Window) continue;
    add(out, {"  --", f.key, " ", f.metavar, "\n      ", f.help, "\n"});
    for (std::size_t i = 0; i < f.options.infos.size(); ++i) {
      const ParamInfo& option = f.options.infos[i];
      add(out, {"    --", option.key, " ", allowedText(option), "\n        ", option.help,
                " (default ", formatValue(option, f.options.defaults[i]), ")\n"});
    }
  }
  out +=
      "  Every export also writes FILE.json beside its first output (not for standard\n"
      "  output or a device) unless --no-sidecar: size, metres per cell, world width and\n"
      "  height range in metres, each file's format, byte order, row order and bit depth,\n"
      "  the seed, source and modifiers (and --project), and engine settings: Unreal's\n"
      "  landscape Z scale (height range m * 100 / 512) and X/Y scale (metres per cell *\n"
      "  100), Unity's heightmap resolution and terrain size.\n";
  out += "\nOther flags:\n";
  for (const ExportFlagInfo& o : otherExportFlags()) {
    add(out, {"  --", o.name, o.metavar.empty() ? "" : " ", o.metavar, "\n      ", o.help, "\n"});
  }
  out += "\nBuilt-in ramps:";
  for (auto name : builtinRampNames()) add(out, {" ", name});
  out += "\n";
  return out;
}

}  // namespace terrain::cli
