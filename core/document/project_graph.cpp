#include "core/document/project_graph.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/document/project.hpp"
#include "core/graph/graph_layout.hpp"
#include "core/graph/node_registry.hpp"
#include "core/graph/node_type.hpp"

namespace terrain::project_io {
namespace {

// Links leave a node's outputs and reach its inputs; no type has more than
// four inputs, so this bounds what a valid file can hold.
constexpr std::size_t kMaxLinksPerNode = 4;
constexpr double kMaxCanvas = 1e6;             // canvas units: far beyond any screen
constexpr std::size_t kMaxCommentText = 1000;  // characters: a note, not a document

std::string portList(std::span<const PortInfo> ports) {
  std::string list;
  for (const PortInfo& port : ports) list += (list.empty() ? "" : ", ") + std::string(port.key);
  return list.empty() ? "none" : list;
}

Json portsOfLink(NodeId node, std::span<const PortInfo> ports, std::uint32_t port) {
  return {{"node", node}, {"port", std::string(ports[port].key)}};
}

const Json& arrayAt(const Json& parent, const char* key, const std::string& path,
                    std::size_t most) {
  const auto it = parent.find(key);
  if (it == parent.end()) fail(excerpt(path) + " has no '" + key + "'");
  if (!it->is_array())
    fail(excerpt(path + "." + key) + " must be an array [...], not " + typeName(*it));
  if (it->size() > most) {
    fail(excerpt(path + "." + key) + " has " + std::to_string(it->size()) + " entries; at most " +
         std::to_string(most));
  }
  return *it;
}

NodeId readId(const Json& j, const std::string& path) {
  if (!j.is_number_unsigned() || j.get<std::uint64_t>() == 0 ||
      j.get<std::uint64_t>() > std::numeric_limits<NodeId>::max()) {
    fail(excerpt(path) + " must be a node id, a whole number from 1 to " +
         std::to_string(std::numeric_limits<NodeId>::max()) + ", not " +
         (j.is_number() ? j.dump() : typeName(j)));
  }
  return static_cast<NodeId>(j.get<std::uint64_t>());
}

void readPosition(const Json& j, const std::string& path, GraphNode& node) {
  const bool pair = j.is_array() && j.size() == 2 && j[0].is_number() && j[1].is_number();
  if (!pair || !(std::abs(j[0].get<double>()) <= kMaxCanvas) ||
      !(std::abs(j[1].get<double>()) <= kMaxCanvas)) {
    fail(excerpt(path) + " must be [x, y], two numbers within +-1e6, not " + excerpt(j.dump()));
  }
  node.x = static_cast<float>(j[0].get<double>());
  node.y = static_cast<float>(j[1].get<double>());
}

GraphNode readNode(const Json& entry, const std::string& path) {
  requireObject(entry, path);
  checkKeys(entry, {"id", "type", "enabled", "seed-offset", "position", "params"}, path);
  GraphNode node;
  const auto id = entry.find("id");
  if (id == entry.end()) fail(excerpt(path) + " has no 'id'");
  node.id = readId(*id, path + ".id");
  const auto type = entry.find("type");
  if (type == entry.end()) fail(excerpt(path) + " has no 'type'");
  if (!type->is_string()) fail(excerpt(path + ".type") + " must be a name, not " + typeName(*type));
  const NodeType* nodeType = findNodeType(type->get_ref<const std::string&>());
  if (nodeType == nullptr) {
    fail("unknown node type " + excerpt(type->get_ref<const std::string&>()) + " in " +
         excerpt(path + ".type") + "; allowed: " + nodeTypeKeyList());
  }
  node.type = std::string(nodeType->key());
  node.values = nodeType->defaults();
  if (const auto enabled = entry.find("enabled"); enabled != entry.end()) {
    if (!enabled->is_boolean()) {
      fail(excerpt(path + ".enabled") + " must be true or false, not " + typeName(*enabled));
    }
    node.enabled = enabled->get<bool>();
  }
  if (const auto offset = entry.find("seed-offset"); offset != entry.end()) {
    if (!offset->is_number_unsigned() ||
        offset->get<std::uint64_t>() > std::numeric_limits<std::uint32_t>::max()) {
      fail(excerpt(path + ".seed-offset") + " must be a whole number from 0 to 4294967295, not " +
           (offset->is_number() ? offset->dump() : typeName(*offset)));
    }
    node.seedOffset = static_cast<std::uint32_t>(offset->get<std::uint64_t>());
  }
  if (const auto position = entry.find("position"); position != entry.end()) {
    readPosition(*position, path + ".position", node);
  }
  readParams(*nodeType, entry, path, node.values);
  return node;
}

// {"node": 3, "port": "a"}: a port of a node read above, by its key.
PortRef readEnd(const Json& j, const std::string& path, const Graph& graph, bool input) {
  requireObject(j, path);
  checkKeys(j, {"node", "port"}, path);
  const auto node = j.find("node");
  const auto port = j.find("port");
  if (node == j.end() || port == j.end()) fail(excerpt(path) + " must name a 'node' and a 'port'");
  const NodeId id = readId(*node, path + ".node");
  const GraphNode* found = graph.find(id);
  if (found == nullptr) fail(excerpt(path + ".node") + ": there is no node " + std::to_string(id));
  if (!port->is_string()) fail(excerpt(path + ".port") + " must be a name, not " + typeName(*port));
  const NodeType& type = typeOf(*found);
  const auto ports = input ? type.inputs() : type.outputs();
  const std::string& key = port->get_ref<const std::string&>();
  for (std::uint32_t i = 0; i < ports.size(); ++i) {
    if (ports[i].key == key) return {id, i};
  }
  fail(excerpt(path + ".port") + ": " + found->type + " has no " + (input ? "input" : "output") +
       " " + excerpt(key) + "; its " + (input ? "inputs" : "outputs") + ": " + portList(ports));
}

// {"text": "Peaks", "position": [x, y], "size": [w, h]}, each optional
// but the text.
GraphComment readComment(const Json& j, const std::string& path) {
  requireObject(j, path);
  checkKeys(j, {"text", "position", "size"}, path);
  GraphComment c;
  const auto text = j.find("text");
  if (text == j.end() || !text->is_string() ||
      text->get_ref<const std::string&>().size() > kMaxCommentText) {
    fail(excerpt(path + ".text") + " must be a text of at most " + std::to_string(kMaxCommentText) +
         " characters");
  }
  c.text = text->get<std::string>();
  // Lines and tabs are a note's; any other control character (an escape
  // sequence, a NUL) is no part of one.
  const auto control = std::ranges::find_if(c.text, [](char ch) {
    const auto byte = static_cast<unsigned char>(ch);
    return (byte < 0x20 && ch != '\n' && ch != '\t') || byte == 0x7f;
  });
  if (control != c.text.end()) {
    fail(excerpt(path + ".text") + " holds a control character (" +
         escapeControl(std::string_view(&*control, 1)) + " at byte " +
         std::to_string(control - c.text.begin()) + "); a comment may hold lines and tabs only");
  }
  GraphNode place;  // the same checks as a node's place
  if (const auto position = j.find("position"); position != j.end()) {
    readPosition(*position, path + ".position", place);
  }
  c.x = place.x;
  c.y = place.y;
  if (const auto size = j.find("size"); size != j.end()) {
    readPosition(*size, path + ".size", place);
    if (place.x < 0.0f || place.y < 0.0f) fail(excerpt(path + ".size") + " must not be negative");
    c.width = place.x;
    c.height = place.y;
  }
  return c;
}

void readComments(const Json& section, Graph& graph) {
  const Json& comments = arrayAt(section, "comments", "graph", kMaxProjectNodes);
  for (std::size_t i = 0; i < comments.size(); ++i) {
    graph.comments.push_back(readComment(comments[i], "graph.comments[" + std::to_string(i) + "]"));
  }
}

}  // namespace

Json graphToJson(const Graph& graph) {
  Json nodes = Json::array();
  for (const GraphNode& node : graph.nodes) {
    Json entry = {{"id", node.id}, {"type", node.type}, {"enabled", node.enabled}};
    if (node.seedOffset != 0) entry["seed-offset"] = node.seedOffset;
    entry["position"] = {node.x, node.y};
    entry["params"] = paramsToJson(typeOf(node), node.values);
    nodes.push_back(std::move(entry));
  }
  Json links = Json::array();
  for (const GraphEdge& edge : graph.edges) {
    const GraphNode& from = *graph.find(edge.from.node);
    const GraphNode& to = *graph.find(edge.to.node);
    links.push_back({{"from", portsOfLink(from.id, typeOf(from).outputs(), edge.from.port)},
                     {"to", portsOfLink(to.id, typeOf(to).inputs(), edge.to.port)}});
  }
  Json section = {{"output", graph.output}};
  if (graph.pinned != 0) section["pinned"] = graph.pinned;
  section["nodes"] = std::move(nodes);
  section["links"] = std::move(links);
  if (!graph.comments.empty()) {  // absent when none: older programs read the file too
    Json comments = Json::array();
    for (const GraphComment& c : graph.comments) {
      comments.push_back(
          {{"text", c.text}, {"position", {c.x, c.y}}, {"size", {c.width, c.height}}});
    }
    section["comments"] = std::move(comments);
  }
  return section;
}

Graph graphFromJson(const Json& section) {
  requireObject(section, "graph");
  checkKeys(section, {"output", "pinned", "nodes", "links", "comments"}, "graph");
  Graph graph;
  bool unplaced = false;  // a node without a "position"
  const Json& nodes = arrayAt(section, "nodes", "graph", kMaxProjectNodes);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const std::string path = "graph.nodes[" + std::to_string(i) + "]";
    GraphNode node = readNode(nodes[i], path);
    unplaced |= !nodes[i].contains("position");
    if (graph.find(node.id) != nullptr) {
      fail(excerpt(path + ".id") + ": two nodes have the id " + std::to_string(node.id));
    }
    graph.nodes.push_back(std::move(node));
  }
  // A graph of one source has no links.
  static const Json kNoLinks = Json::array();
  const Json& links = section.contains("links")
                          ? arrayAt(section, "links", "graph",
                                    kMaxLinksPerNode * std::max<std::size_t>(nodes.size(), 1))
                          : kNoLinks;
  for (std::size_t i = 0; i < links.size(); ++i) {
    const std::string path = "graph.links[" + std::to_string(i) + "]";
    const Json& link = requireObject(links[i], path);
    checkKeys(link, {"from", "to"}, path);
    if (!link.contains("from") || !link.contains("to")) {
      fail(excerpt(path) + " must have a 'from' and a 'to'");
    }
    graph.edges.push_back({readEnd(link.at("from"), path + ".from", graph, false),
                           readEnd(link.at("to"), path + ".to", graph, true)});
  }
  const auto output = section.find("output");
  if (output == section.end()) fail("'graph' has no 'output'; name the node that is the terrain");
  graph.output = readId(*output, "graph.output");
  if (const auto pinned = section.find("pinned"); pinned != section.end()) {
    graph.pinned = readId(*pinned, "graph.pinned");  // a node since deleted: the terrain
  }
  if (graph.find(graph.output) == nullptr) {
    fail("'graph.output': there is no node " + std::to_string(graph.output));
  }
  if (section.contains("comments")) readComments(section, graph);
  // A file written by hand or by an older version without places opens
  // laid out (issue 38 item 7). Places a designer gave are kept, even
  // where nodes cover each other (a duplicate lands on its original).
  if (unplaced) layOut(graph);
  return graph;
}

}  // namespace terrain::project_io
