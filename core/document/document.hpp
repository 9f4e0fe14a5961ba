#pragma once
// The designer's document: a graph of nodes (what makes the terrain), the
// world, the look and the view. A chain (a source and modifiers) is a
// linear graph (core/document/chain.hpp). A plain value: it compares with == and is
// cheap to copy, so undo keeps whole documents and the worker gets its own
// copy.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/document/chain.hpp"
#include "core/document/export_settings.hpp"
#include "core/graph/graph.hpp"
#include "core/look/look.hpp"
#include "core/look/masks.hpp"
#include "core/nodes/stage.hpp"

namespace terrain {

// Map view: what is drawn over the terrain, saved by name ("none", "slope",
// "flow", "wear", "deposition", "splat"). A new kind goes last, so older
// projects keep their meaning.
enum class MapOverlay : std::uint8_t { None, Slope, Flow, Wear, Deposition, Splat };
// The mask an overlay shows; nullopt for none and the splat map.
std::optional<MaskKind> overlayMask(MapOverlay overlay);
MapOverlay maskOverlay(MaskKind kind);

// How the window shows the terrain; saved with the project, ignored by export.
struct ViewState {
  ViewKind kind = ViewKind::Map;
  double row = 0.5;            // side view of a map: the row shown, 0 top .. 1 bottom
  double exaggeration = 0.25;  // 3D: height of 1.0 in map widths
  bool waterPlane = true;      // 3D
  MapOverlay overlay = MapOverlay::None;

  bool operator==(const ViewState&) const = default;
};

// The view's parameters: the project file reads and writes them through
// this table. Ranges are the panel's.
const ParamTable<ViewState>& viewTable();

struct Document {
  std::uint64_t seed = 1;
  // What makes the terrain. A new document, the presets and the CLI's
  // --generator and --stage flags make a linear one (a chain), which the
  // panel's Source and Modifiers sections edit.
  Graph graph;
  World world;  // metres: what erosion measures slopes in, what exports report
  Look look;
  ViewState view;
  // The window's export settings, kept with the project; no part of the
  // terrain, and no undo step (core/document/history.hpp).
  ExportSettings exports;

  bool operator==(const Document&) const = default;
};

// The source's defaults and a look and view that suit it. Throws InputError
// for an unknown key (naming the known ones).
Document defaultDocument(std::string_view sourceKey = "diamond-square");
// A document of that chain, with the look and view defaultDocument gives
// its source.
Document chainDocument(const Chain& chain);
// What the article showed: its values, size, seed, view and water.
// Throws InputError when the source has no article.
Document articleDocument(std::string_view sourceKey);

// A parameter of the document beside its stages' (the world's or the
// look's), as the CLI's flags and a script's set: steps name it by key.
class DocumentParam {
 public:
  const ParamInfo& info() const;
  double get(const Document& doc) const;
  void set(Document& doc, double value) const;
  // A Text parameter (the look's ramp): its value as text; set checks it
  // (checkText) and throws InputError.
  bool isText() const { return info().type == ParamType::Text; }
  std::string getText(const Document& doc) const;
  void setText(Document& doc, const std::string& text) const;

 private:
  friend std::optional<DocumentParam> findDocumentParam(std::string_view key);
  enum class Group : std::uint8_t { World, Look };
  DocumentParam(Group group, std::size_t index) : group_(group), index_(index) {}
  Group group_;
  std::size_t index_;
};
std::optional<DocumentParam> findDocumentParam(std::string_view key);

// Throws InputError for the first thing wrong: what validate(Graph, check)
// refuses, a 1D source anywhere but at the head of a chain, a modifier
// that does not apply to a profile, or sources of two sizes. A graph with open inputs passes
// GraphCheck::Structure (a project file may hold one being built) but not Complete (what makes a
// terrain).
void validate(const Document& doc, GraphCheck check = GraphCheck::Complete);

// The map's side: every source's (one size).
int documentSize(const Document& doc);
// Sets the map's side: every source's, each snapped to its own grid
// (diamond-square 2^k+1, rectangles 2^k).
void setDocumentSize(Document& doc, int size);
// Whether the terrain wraps (a torus): every source the output depends on
// does.
bool documentWraps(const Document& doc);
// A tiled world's document with every source's size brought within a map's
// (the largest its grid allows): what validate() checks of a world whose
// size may be larger than any map.
Document mapSizedCopy(const Document& worldDoc);

// Heights mode of a chain's source: whether a two-class map is being shown
// (the applet's flat sea and land), for the look's "auto" choices; false
// for a graph that is not a chain.
bool isClassMap(const Document& doc);
bool isAppletSeaAndLand(const Document& doc);
bool isProfile(const Document& doc);

// The resolved look: "auto" replaced by what suits the document.
std::string resolvedRampName(const Document& doc);
bool resolvedHillshade(const Document& doc);

// "<source>-s<seed>-<size>" ("graph-s<seed>-<size>" for a graph that is not
// a chain), the
// default name of exported files: what they hold, its seed and its side.
// `side`: the side written when it is not the document's (an engine size's
// 1009 of a 1025 map), 0 = the document's; `node`: a graph's node written
// instead of its terrain ("graph-node3-terrace-s<seed>-<size>"), 0 = none.
std::string defaultFileStem(const Document& doc, int side = 0, NodeId node = 0);

}  // namespace terrain
