#pragma once
// Everything the window shows and edits, in one place: the panel edits it,
// the view input edits the cameras, the loop uploads and draws from it.
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/document_edits.hpp"
#include "app/export_worker.hpp"
#include "app/generation_worker.hpp"
#include "app/options.hpp"
#include "core/color.hpp"
#include "core/document.hpp"
#include "core/engine_size.hpp"
#include "core/heightfield.hpp"
#include "core/history.hpp"
#include "core/strokes.hpp"
#include "render/terrain_view.hpp"

namespace terrain::app {

// A message for the panel: green when ok, red when not.
struct StatusLine {
  std::string text;
  bool ok = true;
};

struct ExportPanelState {
  bool open = false;      // the Export window is shown
  std::string directory;  // empty: the directory the app started in (shown absolute)
  std::string stem;       // empty = the default "<generator>-s<seed>-<size written>"
  // Which formats of core/outputs.hpp to write, by key.
  std::vector<std::string> formats = {"heightmap", "color"};
  // Each format's option values (core/outputs.hpp), by key; a format not
  // here takes its defaults.
  std::map<std::string, ParamValues, std::less<>> formatOptions;
  bool sidecar = true;   // <first file>.json beside the export (core/export/sidecar.hpp)
  int viewWidth = 1920;  // px, up to 4096; height from the view's aspect
  // An engine size by key (core/engine_size.hpp: "unreal-1009"), "" = the
  // map's size as it is; and how the map is brought to it.
  std::string engineSize;
  FitMode fit = FitMode::Crop;
  StatusLine status;
  // The export under way (app/export_worker.hpp), for the progress bar.
  bool running = false;
  bool cancelling = false;
  std::optional<ExportProgress> progress;
  // For the running export's status: its files' new name when the one asked
  // for was taken ("; as <name>-2 because <file> existed"), and "; skipped
  // <format>: <why>".
  std::string skipped;
};

// One preview of the seed gallery, uploaded: the GL texture's name.
struct GalleryItem {
  std::uint64_t seed = 0;
  unsigned texture = 0;
  int width = 0;
  int height = 0;
};

// The graph editor's canvas: where it looks, what is selected, a link being
// drawn. Not saved; the nodes' places are the document's.
struct GraphEditorState {
  bool open = false;
  bool hovered = false;  // the mouse is over the editor: its keys are the editor's
  float panX = 0.0f;     // the canvas origin, in window units from the editor's corner
  float panY = 0.0f;
  float zoom = 1.0f;
  bool frameAll = true;         // fit every node at the next frame (on opening, G)
  bool frameSelection = false;  // F: fit the selection (every node when none)
  // The node the panel edits (the last clicked), and every selected node
  // (box select, paste); `selected` is among them.
  std::optional<NodeId> selected;
  std::vector<NodeId> selection;
  std::optional<std::array<float, 2>> boxFrom;  // a box select's first corner (canvas units)
  bool minimapHeld = false;                     // the view is being moved on the minimap
  Graph clipboard;                              // Ctrl+C's nodes and the links among them
  std::optional<std::size_t> comment;           // the selected comment (index in the graph's)
  bool movingComment = false;                   // its title is being dragged
  char commentText[128] = {};                   // the comment's text being typed
  std::optional<NodeId> dragging;   // a node being moved (with the rest of the selection)
  std::optional<PortRef> linkFrom;  // an output port a link is being drawn from
  std::string message;              // why the last edit was refused
  char search[64] = {};             // the add menu's filter
  float addX = 0.0f;                // where the add menu puts its node (canvas units)
  float addY = 0.0f;
};

// The brush's settings (the panel's) and the stroke being drawn.
struct BrushState {
  int sculptMode = 0;     // raise, lower, smooth, flatten
  int maskMode = 0;       // paint, erase
  float radius = 400.0f;  // metres
  float strength = 0.6f;
  float hardness = 0.4f;
  float height = 80.0f;  // metres: raise/lower at full weight
  // The stroke under way: its node, the node's strokes before it, and the
  // view's pin to restore at the end.
  bool drawing = false;
  // A course's point being moved (its index among the node's courses, and
  // the point's), or -1: a new stroke or course.
  int movingCourse = -1;
  int movingPoint = -1;
  NodeId node = 0;
  double strokesBefore = 0.0;
  NodeId pinnedBefore = 0;
  Stroke stroke;
};

struct AppState {
  // What the panel edits; every change is posted to the worker, and each
  // finished edit (a drag on release) is a step in the history.
  Document doc;
  History history{Document{}};
  render::ViewSettings viewSettings;  // camera, map zoom, wireframe: not saved

  // The project file the document was opened from or saved to ("" = none).
  std::string projectPath;
  std::string projectPathInput;  // the panel's text field
  StatusLine projectStatus;

  // The look's ramp, loaded; a failed load keeps the last good one.
  std::string rampPathInput;  // the panel's text field
  ColorRamp ramp = ColorRamp::grayscale();
  std::string loadedRamp;   // the ramp name or path `ramp` was loaded from
  std::string rampSetting;  // the look.ramp that loaded it ("auto" stays "auto")
  StatusLine rampStatus;

  // What is on screen: the newest result taken from the worker.
  std::shared_ptr<const Heightfield> field;
  Document shownDoc;
  HeightStats stats;
  std::array<float, kHistogramBins> histogram{};
  double generateMs = 0.0;
  double statsMs = 0.0;
  double regenToFrameMs = 0.0;  // request -> first frame showing the map (not its draft)
  // `field` is a draft at the preview size while the map's own is made
  // (app/generation_worker.hpp); draftToFrameMs: request -> its frame.
  bool fieldIsDraft = false;
  double draftToFrameMs = 0.0;
  int displayedSide = 0;  // samples per side on screen (less past the GPU's limit)
  int gpuTextureLimit = 0;
  std::string generateError;
  // The panel's note on the last import edit (app/document_edits.hpp's
  // takeImportEdit): why its file's world was not taken whole; "" when it was.
  std::string importNote;
  bool generating = false;
  std::optional<PipelineProgress> progress;  // of the run under way
  // The map view's overlay as uploaded: which mask, of which field and world
  // (and, for the splat map, which look's rules).
  struct ShownOverlay {
    MapOverlay kind = MapOverlay::None;
    const Heightfield* field = nullptr;
    World world;
    Look look;  // the splat map's rules; default for a mask
    bool operator==(const ShownOverlay&) const = default;
  } overlayShown;

  std::vector<GalleryItem> gallery;  // the next seeds' previews, when ready
  bool galleryOpen = true;

  double frameMs = 0.0;  // CPU time of the last frame on the UI thread
  float viewAspect = 1.0f;
  bool helpOpen = false;
  // The configuration folder's notes: what of the settings or the last
  // session was ignored at start, and why the last save of the session or
  // of the settings failed (each cleared when the next save of it succeeds).
  std::string settingsNote;
  std::string sessionSaveNote;
  std::string settingsSaveNote;
  ExportPanelState exporting;
  GraphEditorState graphEditor;
  BrushState brush;
  std::map<NodeId, unsigned> nodePreviews;  // GL textures of the graph nodes' results
  int nodeCacheMiB = 0;                     // the setting: node results kept beyond the last run's
  std::size_t nodeCacheHeld = 0;            // bytes the worker's pipeline held after its last run
};

// The configuration folder's notes as the panel shows them, "; " between; "" when none.
inline std::string configNotes(const AppState& s) {
  std::string out;
  for (const std::string* note : {&s.settingsNote, &s.sessionSaveNote, &s.settingsSaveNote}) {
    if (!note->empty()) out.append(out.empty() ? "" : "; ").append(*note);
  }
  return out;
}

// The view actually drawn: profiles have only a side view.
inline ViewKind effectiveViewKind(const AppState& s) {
  return isProfile(s.doc) ? ViewKind::Side : s.doc.view.kind;
}

}  // namespace terrain::app
