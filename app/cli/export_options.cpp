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
#include "app/cli/export_flags.hpp"
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

// From the tokens to the export: the document, the outputs and their
// options, the other flags (export_flags), tiles (tile_options) and an
// engine's package (engine_package), each checked where it is set. The
// command line's tokens: export_tokens.cpp; --help: export_help.cpp.
namespace terrain::cli {
namespace {

constexpr int kMinSideView = 16;
constexpr int kMaxSideView = 16384;
constexpr int kMaxThreads = 1024;

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

}  // namespace terrain::cli
