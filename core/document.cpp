#include "core/document.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/registry.hpp"

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
  Document doc;
  doc.source.key = std::string(source.key());
  doc.source.values = source.defaults();
  doc.look.water = source.defaultWater();
  doc.view = viewFor(source);
  for (const std::string_view key : source.defaultModifiers()) {
    doc.modifiers.push_back(defaultModifier(key));
  }
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
  doc.source.key = std::string(source.key());
  doc.source.values = preset->values;
  doc.look.water = preset->water;
  doc.view.kind = preset->view;
  doc.view.waterPlane = preset->waterPlane;
  return doc;
}

ModifierSettings defaultModifier(std::string_view key) {
  const ModifierStage& stage = modifierStage(key);
  return {std::string(stage.key()), stage.defaults(), true};
}

namespace {

// Every source of the graph makes a map, and all make one size, so the
// document has one size to show, export and tile.
void validateGraphSources(const Graph& graph) {
  const GraphNode* first = nullptr;
  for (const GraphNode& node : graph.nodes) {
    const SourceStage* source = findSource(node.type);
    if (source == nullptr) continue;
    const std::string name = "node " + std::to_string(node.id) + " (" + node.type + ")";
    if (source->profile()) {
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

}  // namespace

void validate(const Document& doc, GraphCheck check) {
  if (doc.graph) {
    validate(*doc.graph, check);
    validateGraphSources(*doc.graph);
    validate(doc.world);
    validate(doc.look);
    return;
  }
  const SourceStage& source = sourceStage(doc.source.key);
  source.validate(doc.source.values);
  for (const ModifierSettings& m : doc.modifiers) {
    const ModifierStage& stage = modifierStage(m.key);
    stage.validate(m.values);
    if (source.profile() && !stage.appliesToProfiles()) {
      throw InputError("--stage " + m.key + ": works on 2D maps, and " + doc.source.key +
                       " makes a 1D profile");
    }
  }
  validate(doc.world);
  validate(doc.look);
}

Graph documentGraph(const Document& doc) {
  return doc.graph ? *doc.graph : chainGraph(doc);
}

int documentSize(const Document& doc) {
  if (!doc.graph) return sourceStage(doc.source.key).size(doc.source.values);
  for (const GraphNode& node : doc.graph->nodes) {
    if (const SourceStage* source = findSource(node.type)) return source->size(node.values);
  }
  throw InputError("the graph has no source node, so no map size");
}

void setDocumentSize(Document& doc, int size) {
  auto set = [size](const SourceStage& source, ParamValues& values) {
    values[source.sizeIndex()] = source.snapSize(size);
  };
  if (!doc.graph) {
    set(sourceStage(doc.source.key), doc.source.values);
    return;
  }
  for (GraphNode& node : doc.graph->nodes) {
    if (const SourceStage* source = findSource(node.type)) set(*source, node.values);
  }
}

bool documentWraps(const Document& doc) {
  if (!doc.graph) return sourceStage(doc.source.key).wraps(doc.source.values);
  const Graph& graph = *doc.graph;
  if (graph.find(graph.output) == nullptr) return false;
  bool any = false;
  for (const NodeId id : upstreamOrder(graph, graph.output)) {
    const GraphNode& node = *graph.find(id);
    const SourceStage* source = findSource(node.type);
    if (source == nullptr || !node.enabled) continue;
    if (!source->wraps(node.values)) return false;
    any = true;
  }
  return any;
}

Document mapSizedCopy(const Document& worldDoc) {
  Document check = worldDoc;
  auto bound = [](const SourceStage& source, ParamValues& values) {
    double& size = values[source.sizeIndex()];
    size = std::min(size, static_cast<double>(source.maxSize()));
    if (!source.sizeAllowed(static_cast<int>(size))) size = source.snapSize(source.maxSize());
  };
  if (!check.graph) {
    bound(sourceStage(check.source.key), check.source.values);
    return check;
  }
  for (GraphNode& node : check.graph->nodes) {
    if (const SourceStage* source = findSource(node.type)) bound(*source, node.values);
  }
  return check;
}

bool isProfile(const Document& doc) {
  if (doc.graph) return false;
  const SourceStage* source = findSource(doc.source.key);
  return source != nullptr && source->profile();
}

bool isClassMap(const Document& doc) {
  if (doc.graph) return false;
  const SourceStage* source = findSource(doc.source.key);
  return source != nullptr && source->classMap(doc.source.values);
}

bool isAppletSeaAndLand(const Document& doc) {
  if (doc.graph) return false;
  const SourceStage* source = findSource(doc.source.key);
  return source != nullptr && source->seaAndLand(doc.source.values);
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
  std::string what = doc.graph ? std::string("graph") : doc.source.key;
  if (doc.graph && node != 0) {
    const GraphNode* n = doc.graph->find(node);
    what += "-node" + std::to_string(node) + (n != nullptr ? "-" + n->type : std::string());
  }
  return what + "-s" + std::to_string(doc.seed) + "-" +
         std::to_string(side > 0 ? side : documentSize(doc));
}

}  // namespace terrain
