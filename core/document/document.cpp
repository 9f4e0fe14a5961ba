#include "core/document/document.hpp"

#include <algorithm>

#include "core/base/error.hpp"
#include "core/nodes/registry.hpp"

namespace terrain {
namespace {

constexpr std::string_view kViewNames[] = {"side", "map", "3d"};  // ViewKind order
constexpr std::string_view kOverlayNames[] = {"none", "slope",      "flow",
                                              "wear", "deposition", "splat"};  // MapOverlay order

ParamTable<ViewState> makeViewTable() {
  return ParamTable<ViewState>({
      TERRAIN_BIND(ViewState, kind,
                   (ParamInfo{"kind", "View", "", "Which view the window shows", ParamType::Choice,
                              0, 2, kViewNames})),
      TERRAIN_BIND(
          ViewState, row,
          (ParamInfo{"row", "Row", "", "Side view of a map: the row shown, 0 top .. 1 bottom",
                     ParamType::Real, 0, 1})),
      TERRAIN_BIND(ViewState, exaggeration,
                   (ParamInfo{"exaggeration", "Exaggeration", "",
                              "3D: height of 1.0 in map widths (the panel shows it as a vertical "
                              "scale, 1 = true scale)",
                              ParamType::Real, 0.001, 1})),
      TERRAIN_BIND(ViewState, waterPlane,
                   (ParamInfo{"water-plane", "Water plane", "", "3D: draw the water plane",
                              ParamType::Toggle, 0, 1})),
      TERRAIN_BIND(ViewState, overlay,
                   (ParamInfo{"overlay", "Overlay", "",
                              "Map view: a mask or the splat map's materials over the terrain",
                              ParamType::Choice, 0,
                              static_cast<double>(std::size(kOverlayNames) - 1), kOverlayNames})),
  });
}

ViewState viewFor(const SourceStage& source) {
  ViewState view;
  view.kind = source.profile() ? ViewKind::Side : ViewKind::Map;
  return view;
}

}  // namespace

std::optional<MaskKind> overlayMask(MapOverlay overlay) {
  if (overlay == MapOverlay::None || overlay == MapOverlay::Splat) return std::nullopt;
  return static_cast<MaskKind>(static_cast<int>(overlay) - 1);
}

MapOverlay maskOverlay(MaskKind kind) {
  return static_cast<MapOverlay>(static_cast<int>(kind) + 1);
}

const ParamTable<ViewState>& viewTable() {
  static const ParamTable<ViewState> table = makeViewTable();
  return table;
}

const ParamInfo& DocumentParam::info() const {
  return group_ == Group::World ? worldTable().infos()[index_] : lookTable().infos()[index_];
}

double DocumentParam::get(const Document& doc) const {
  return group_ == Group::World ? worldTable().get(doc.world, index_)
                                : lookTable().get(doc.look, index_);
}

void DocumentParam::set(Document& doc, double value) const {
  if (group_ == Group::World) {
    worldTable().set(doc.world, index_, value);
  } else {
    lookTable().set(doc.look, index_, value);
  }
}

std::string DocumentParam::getText(const Document& doc) const {
  // Only the look has a Text row.
  return group_ == Group::Look ? lookTable().getText(doc.look, index_) : std::string();
}

void DocumentParam::setText(Document& doc, const std::string& text) const {
  if (const auto problem = checkText(info(), text)) throw InputError(*problem);
  if (group_ == Group::Look) lookTable().setText(doc.look, index_, text);
}

std::optional<DocumentParam> findDocumentParam(std::string_view key) {
  if (const auto i = worldTable().indexOf(key))
    return DocumentParam(DocumentParam::Group::World, *i);
  if (const auto i = lookTable().indexOf(key)) return DocumentParam(DocumentParam::Group::Look, *i);
  return std::nullopt;
}

Document defaultDocument(std::string_view sourceKey) {
  const SourceStage& source = sourceStage(sourceKey);
  Chain chain{{std::string(source.key()), source.defaults()}, {}};
  for (const std::string_view key : source.defaultModifiers()) {
    chain.modifiers.push_back(defaultModifier(key));
  }
  Document doc;
  doc.graph = chainGraph(chain);
  doc.look.water = source.defaultWater();
  doc.view = viewFor(source);
  return doc;
}

Document chainDocument(const Chain& chain) {
  Document doc = defaultDocument(chain.source.key);
  doc.graph = chainGraph(chain);
  return doc;
}

Document articleDocument(std::string_view sourceKey) {
  const SourceStage& source = sourceStage(sourceKey);
  const auto preset = source.articlePreset();
  if (!preset) {
    throw InputError("--preset article: " + std::string(sourceKey) + " has no article");
  }
  Document doc;
  doc.seed = preset->seed;
  doc.graph = chainGraph({{std::string(source.key()), preset->values}, {}});
  doc.look.water = preset->water;
  doc.view.kind = preset->view;
  doc.view.waterPlane = preset->waterPlane;
  return doc;
}

namespace {

// A chain's stages checked as the CLI's flags name them (its source's
// parameters and each --stage's), before the graph's own checks name nodes.
void validateChain(const Graph& graph, const std::vector<NodeId>& order) {
  const GraphNode& head = *graph.find(order.front());
  const SourceStage& source = sourceStage(head.type);
  source.validate(head.values);
  for (std::size_t i = 1; i < order.size(); ++i) {
    const GraphNode& node = *graph.find(order[i]);
    const ModifierStage& stage = modifierStage(node.type);
    stage.validate(node.values);
    if (source.profile() && !stage.appliesToProfiles()) {
      throw InputError("--stage " + node.type + ": works on 2D maps, and " + head.type +
                       " makes a 1D profile");
    }
  }
}

// Every source of the graph makes a map (a 1D profile only heads a chain),
// and all make one size, so the document has one size to show, export and
// tile.
void validateGraphSources(const Graph& graph, bool linear) {
  const GraphNode* first = nullptr;
  for (const GraphNode& node : graph.nodes) {
    const SourceStage* source = findSource(node.type);
    if (source == nullptr) continue;
    const std::string name = "node " + std::to_string(node.id) + " (" + node.type + ")";
    if (source->profile() && !linear) {
      throw InputError(name + " makes a 1D profile; a graph combines maps (use " + node.type +
                       " in a chain)");
    }
    if (first == nullptr) {
      first = &node;
    } else if (source->size(node.values) != sourceStage(first->type).size(first->values)) {
      throw InputError(name + " makes a " + std::to_string(source->size(node.values)) +
                       " map and node " + std::to_string(first->id) + " (" + first->type + ") a " +
                       std::to_string(sourceStage(first->type).size(first->values)) +
                       " one; every source of a graph makes one size");
    }
  }
}

// The chain's source when the graph is linear.
const SourceStage* chainSourceStage(const Document& doc, const GraphNode** node = nullptr) {
  const std::vector<NodeId> order = chainOrder(doc.graph);
  if (order.empty()) return nullptr;
  const GraphNode* head = doc.graph.find(order.front());
  if (node != nullptr) *node = head;
  return findSource(head->type);
}

}  // namespace

void validate(const Document& doc, GraphCheck check) {
  const std::vector<NodeId> order = chainOrder(doc.graph);
  if (!order.empty()) validateChain(doc.graph, order);
  validate(doc.graph, check);
  validateGraphSources(doc.graph, !order.empty());
  validate(doc.world);
  validate(doc.look);
}

int documentSize(const Document& doc) {
  for (const GraphNode& node : doc.graph.nodes) {
    if (const SourceStage* source = findSource(node.type)) return source->size(node.values);
  }
  throw InputError("the graph has no source node, so no map size");
}

void setDocumentSize(Document& doc, int size) {
  for (GraphNode& node : doc.graph.nodes) {
    if (const SourceStage* source = findSource(node.type)) {
      node.values[source->sizeIndex()] = source->snapSize(size);
    }
  }
}

bool documentWraps(const Document& doc) {
  const Graph& graph = doc.graph;
  if (graph.find(graph.output) == nullptr) return false;
  bool any = false;
  for (const NodeId id : upstreamOrder(graph, graph.output)) {
    const GraphNode& node = *graph.find(id);
    const SourceStage* source = findSource(node.type);
    // A chain's source is never disabled away (it has no input to pass on).
    if (source == nullptr || !node.enabled) continue;
    if (!source->wraps(node.values)) return false;
    any = true;
  }
  return any;
}

Document mapSizedCopy(const Document& worldDoc) {
  Document check = worldDoc;
  for (GraphNode& node : check.graph.nodes) {
    const SourceStage* source = findSource(node.type);
    if (source == nullptr) continue;
    double& size = node.values[source->sizeIndex()];
    size = std::min(size, static_cast<double>(source->maxSize()));
    if (!source->sizeAllowed(static_cast<int>(size))) size = source->snapSize(source->maxSize());
  }
  return check;
}

bool isProfile(const Document& doc) {
  const SourceStage* source = chainSourceStage(doc);
  return source != nullptr && source->profile();
}

bool isClassMap(const Document& doc) {
  const GraphNode* node = nullptr;
  const SourceStage* source = chainSourceStage(doc, &node);
  return source != nullptr && source->classMap(node->values);
}

bool isAppletSeaAndLand(const Document& doc) {
  const GraphNode* node = nullptr;
  const SourceStage* source = chainSourceStage(doc, &node);
  return source != nullptr && source->seaAndLand(node->values);
}

std::string resolvedRampName(const Document& doc) {
  if (doc.look.ramp != "auto") return doc.look.ramp;
  return isAppletSeaAndLand(doc) ? "coastline" : "earth";
}

bool resolvedHillshade(const Document& doc) {
  switch (doc.look.hillshade) {
    case HillshadeChoice::On:
      return true;
    case HillshadeChoice::Off:
      return false;
    case HillshadeChoice::Auto:
      break;
  }
  // Class maps are flat tiles (the applet's look): slope shading would only
  // outline the class borders.
  return !isClassMap(doc);
}

std::string defaultFileStem(const Document& doc, int side, NodeId node) {
  const GraphNode* head = nullptr;
  chainSourceStage(doc, &head);
  std::string what = head != nullptr && node == 0 ? head->type : std::string("graph");
  if (node != 0) {
    const GraphNode* n = doc.graph.find(node);
    what += "-node" + std::to_string(node) + (n != nullptr ? "-" + n->type : std::string());
  }
  return what + "-s" + std::to_string(doc.seed) + "-" +
         std::to_string(side > 0 ? side : documentSize(doc));
}

}  // namespace terrain
