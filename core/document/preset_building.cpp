#include "core/document/preset_building.hpp"

#include <cstdio>
#include <string>

#include "core/base/error.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/graph_layout.hpp"
#include "core/graph/node_type.hpp"
#include "core/look/look.hpp"
#include "core/nodes/registry.hpp"

namespace terrain::landform {

// Values are written as a designer types them ("ridged", "0.4"), parsed
// by the stage's own metadata, so a renamed choice fails the preset test.
void setValues(const Stage& stage, ParamValues& values, Settings settings) {
  for (const auto& [key, text] : settings) {
    const auto index = stage.indexOf(key);
    if (!index)
      throw InputError("preset: " + std::string(stage.key()) + " has no " + std::string(key));
    values[*index] = parseValue(stage.params()[*index], text);
  }
}

Document startFrom(std::string_view source, std::uint64_t seed, Settings settings) {
  Chain chain{{std::string(source), sourceStage(source).defaults()}, {}};
  setValues(sourceStage(source), chain.source.values, settings);
  Document doc = chainDocument(chain);
  doc.seed = seed;
  return doc;
}

void addStage(Document& doc, std::string_view key, Settings settings) {
  GraphNode& node = appendModifier(doc.graph, key);
  setValues(modifierStage(key), node.values, settings);
}

// A node of a graph preset with its values set; its port names are the
// project file's.
NodeId addNodeWith(Document& doc, std::string_view type, float x, float y, Settings settings,
                   std::uint32_t seedOffset) {
  const NodeId id = addNode(doc.graph, type, x, y);
  GraphNode& node = *doc.graph.find(id);
  setValues(typeOf(node), node.values, settings);
  node.seedOffset = seedOffset;
  return id;
}

std::uint32_t portNamed(std::span<const PortInfo> ports, std::string_view key) {
  std::uint32_t port = 0;
  while (port < ports.size() && ports[port].key != key) ++port;
  return port;
}

// From the node's first output unless one is named.
void link(Document& doc, NodeId from, NodeId to, std::string_view toPort,
          std::string_view fromPort) {
  const std::uint32_t out =
      fromPort.empty() ? 0 : portNamed(typeOf(*doc.graph.find(from)).outputs(), fromPort);
  connect(doc.graph, {from, out}, {to, portNamed(typeOf(*doc.graph.find(to)).inputs(), toPort)});
}

// Every preset opens in 3D with the splat map's materials, its relief
// exaggerated as its world's proportions want, and its nodes laid out by
// the node editor's layout (the places given above are replaced).
void openIn3D(Document& doc, double exaggeration) {
  layOut(doc.graph);
  doc.view.kind = ViewKind::Mesh;
  doc.view.overlay = MapOverlay::Splat;
  doc.view.exaggeration = exaggeration;
}

// A graph document whose source (the default noise) has these values.
Document graphFromNoise(std::uint64_t seed, Settings settings) {
  Document doc = chainDocument({{"noise", sourceStage("noise").defaults()}, {}});
  doc.seed = seed;
  GraphNode& source = *doc.graph.find(doc.graph.output);
  setValues(typeOf(source), source.values, settings);
  return doc;
}

namespace {

// The scatter's own seed offset: its places are not the terrain nodes'.
constexpr std::uint32_t kLifeSeedOffset = 40;

// A value as the project file would spell it, exactly (17 digits).
std::string exactly(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

}  // namespace

LifeNodes addWaterAndLife(Document& doc, NodeId terrain, std::string_view species,
                          std::optional<NodeId> extra) {
  // The look's own water model (core/look/water_look.cpp): its sea level,
  // all ground below it, its rainfall and evaporation, the node's defaults
  // for the rest; so the masks below are the water the view draws.
  const std::string sea = exactly(elevationOf(doc.world, doc.look.water));
  const std::string rain = exactly(doc.look.rainfall);
  const std::string dry = exactly(doc.look.evaporation);
  const NodeId water =
      addNodeWith(doc, "water", 0, 800,
                  {{"sea-level", sea}, {"sea", "below"}, {"rainfall", rain}, {"evaporation", dry}});
  link(doc, terrain, water, "in");
  // Dry land: 0 in every cell water covers, however little of it (the
  // wetness is exactly 1 there and below 1 everywhere else: a cell's
  // distance to water is then a cell or more), 1 from a few metres off
  // the water on (1 - wetness, doubled three times, clamped: 1 where the
  // wetness is 0.875 or less, 6.5 m from water at the default reach).
  NodeId land = addNodeWith(doc, "invert-mask", 242, 800, {});
  link(doc, water, land, "mask", "wetness");
  for (const float x : {484.0f, 726.0f, 968.0f}) {
    const NodeId twice = addNodeWith(doc, "combine-masks", x, 800, {{"operation", "add"}});
    link(doc, land, twice, "a");
    link(doc, land, twice, "b");
    land = twice;
  }
  const NodeId banks = addNodeWith(doc, "combine-masks", 1452, 700, {{"operation", "multiply"}});
  link(doc, water, banks, "a", "wetness");
  link(doc, land, banks, "b");
  const NodeId upland = addNodeWith(doc, "combine-masks", 1452, 900, {{"operation", "subtract"}});
  link(doc, land, upland, "a");
  link(doc, water, upland, "b", "wetness");
  const NodeId scatter =
      addNodeWith(doc, "scatter", 1694, 800, {{"species", species}}, kLifeSeedOffset);
  link(doc, terrain, scatter, "heights");
  link(doc, land, scatter, "mask1");
  link(doc, banks, scatter, "mask2");
  link(doc, upland, scatter, "mask3");
  if (extra) {
    const NodeId own = addNodeWith(doc, "combine-masks", 1452, 1100, {{"operation", "multiply"}});
    link(doc, *extra, own, "a");
    link(doc, land, own, "b");
    link(doc, own, scatter, "mask4");
  }
  return {water, scatter};
}

}  // namespace terrain::landform
