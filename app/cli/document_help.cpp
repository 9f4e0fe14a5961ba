// The help's section on the document: every source, modifier and graph
// node with its parameters and ports, the world, the look and the landform
// presets, drawn from their tables so it says what the flags accept.
#include <initializer_list>

#include "app/cli/document_args.hpp"
#include "core/document/presets.hpp"
#include "core/graph/node_registry.hpp"
#include "core/graph/node_type.hpp"
#include "core/nodes/registry.hpp"

namespace terrain::cli {
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
