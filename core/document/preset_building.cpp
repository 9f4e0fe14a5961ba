#include "core/document/preset_building.hpp"

#include <string>

#include "core/base/error.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/graph_layout.hpp"
#include "core/graph/node_type.hpp"
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

}  // namespace terrain::landform
