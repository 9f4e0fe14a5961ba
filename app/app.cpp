#include "app/app.hpp"

#include <glad/gl.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <system_error>
#include <utility>

#include "app/document_edits.hpp"
#include "app/export_panel.hpp"
#include "app/export_worker.hpp"
#include "app/frame_actions.hpp"
#include "app/gallery_textures.hpp"
#include "app/generation_worker.hpp"
#include "app/graph_editor.hpp"
#include "app/instance_view.hpp"
#include "app/map_overlay.hpp"
#include "app/seed_gallery.hpp"
#include "app/source_panel.hpp"
#include "app/view_controls.hpp"
#include "app/window_export.hpp"
#include "app/window_platform.hpp"
#include "core/base/quote.hpp"
#include "core/document/presets.hpp"
#include "core/document/project.hpp"
#include "core/nodes/registry.hpp"
#include "render/terrain_view.hpp"

namespace terrain::app {
namespace {

using Clock = std::chrono::steady_clock;

constexpr double kSlowUploadMs = 20.0;  // uploads slower than this are throttled while dragging

double msSince(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// Loads the look's ramp when it changed; a failed load keeps the last
// good ramp and says why.
void updateRamp(ShownTerrain& shown, Document& doc, render::TerrainView& renderer) {
  const std::string wanted = resolvedRampName(doc);
  if (wanted == shown.loadedRamp) return;
  try {
    shown.ramp = loadLookRamp(doc);
    shown.rampStatus =
        shown.ramp.name() == wanted ? StatusLine{} : StatusLine{"loaded " + wanted, true};
  } catch (const std::exception& e) {
    // Keep the ramp that worked; at start, the built-in one that suits the map.
    if (shown.loadedRamp.empty()) {
      Document automatic = doc;
      automatic.look.ramp = "auto";
      shown.ramp = builtinRamp(resolvedRampName(automatic));
    }
    shown.rampStatus = {std::string(e.what()) + "; keeping the " + shown.ramp.name() + " ramp",
                        false};
    doc.look.ramp = shown.rampSetting.empty() ? "auto" : shown.rampSetting;
    shown.loadedRamp = resolvedRampName(doc);
    renderer.setRamp(shown.ramp);
    return;
  }
  shown.loadedRamp = wanted;
  shown.rampSetting = doc.look.ramp;
  renderer.setRamp(shown.ramp);
}

// Uploads the newest result; an error keeps the last good terrain on screen.
// Returns whether a different terrain (not only a new look or size) is shown.
bool showResult(ShownTerrain& shown, GpuResources& gpu, render::TerrainView& renderer,
                GenerationResult&& r) {
  if (!r.error.empty()) {
    shown.generateError = r.error;
    return false;
  }
  if (completesShownMap(shown, r)) {
    try {
      uploadInstances(renderer, r.instances.get(), shown.instances.get(), *r.field, r.doc.world);
    } catch (const std::exception& e) {
      shown.generateError = std::string("cannot draw these instances: ") + e.what();
      return false;
    }
    shown.instances = std::move(r.instances);
    shown.instancesPending = false;
    shown.nodeCacheHeld = r.cachedBytes;
    return false;
  }
  std::shared_ptr<const InstanceSet> instances = instancesToShow(shown, r);
  try {
    renderer.setTerrain(*r.field, shown.ramp);
    gpu.overlay = {};  // setTerrain dropped the mask
    // and the water: the worker made this terrain's (for its document's
    // look), so the window only uploads it.
    renderer.setWaterBodies(r.water ? *r.water : WaterLook{});
    uploadInstances(renderer, instances.get(), shown.instances.get(), *r.field, r.doc.world);
  } catch (const std::exception& e) {
    shown.generateError = std::string("cannot draw this terrain: ") + e.what();
    return false;
  }
  shown.generateError.clear();
  const bool another = shown.doc.graph != r.doc.graph || shown.doc.seed != r.doc.seed;
  gpu.displayedSide = renderer.displayedResolution().x;
  gpu.textureLimit = renderer.textureLimit();
  shown.field = std::move(r.field);
  shown.mask = std::move(r.mask);
  shown.water = std::move(r.water);
  shown.splat = std::move(r.splat);
  shown.instances = std::move(instances);
  shown.instancesPending = r.instancesPending;
  shown.resultId = r.id;
  shown.fieldIsDraft = r.draft;
  shown.doc = r.doc;
  shown.stats = r.stats;
  shown.histogram = r.histogram;
  shown.generateMs = r.generateMs;
  shown.nodeCacheHeld = r.cachedBytes;
  shown.statsMs = r.statsMs;
  return another;
}

// What the renderer draws, from the document (the look and the view).
void syncViewSettings(WindowView& view, const Document& doc) {
  auto& v = view.settings;
  v.kind = effectiveViewKind(doc);
  v.water = static_cast<float>(doc.look.water);
  v.hillshade = resolvedHillshade(doc);
  const auto sun = sunDirection(doc.look);
  v.sun = glm::vec3(sun[0], sun[1], sun[2]);
  v.relief = static_cast<float>(doc.look.relief);
  v.exaggeration = static_cast<float>(doc.view.exaggeration);
  v.crossSection = static_cast<float>(doc.view.row);
  // The row belongs to the side view: marked over the map it read as a
  // stray line across the terrain (issue 38 item 9). The renderer can
  // still mark it for a picture that asks.
  v.markCrossSection = false;
}

// What the settings file should say now; `exportDir`: the folder the last
// export that started went to.
Settings currentSettings(const Document& doc, const Preferences& prefs,
                         const std::string& exportDir) {
  Settings out;
  out.exportDir = exportDir;
  out.view = doc.view.kind;
  const bool builtin = doc.look.ramp == "auto" || isBuiltinRamp(doc.look.ramp);
  out.ramp = builtin ? doc.look.ramp : "auto";
  out.rampPng = builtin ? "" : doc.look.ramp;
  out.nodeCacheMiB = prefs.nodeCacheMiB;
  out.recentFiles = prefs.recentFiles;
  return out;
}

// Swaps a held look into the document while the view reads it, and back.
class DrawnLook {
 public:
  DrawnLook(Document& doc, Look* held) : doc_(doc), held_(held) {
    if (held_) std::swap(doc_.look, *held_);
  }
  ~DrawnLook() {
    if (held_) std::swap(doc_.look, *held_);
  }
  DrawnLook(const DrawnLook&) = delete;
  DrawnLook& operator=(const DrawnLook&) = delete;

 private:
  Document& doc_;
  Look* held_;
};

// What the gallery's previews depend on: the document but its view.
bool sameGalleryInput(const Document& a, const Document& b) {
  return a.seed == b.seed && a.graph == b.graph && a.look == b.look;
}

struct Layout {
  ViewRect view;         // ImGui (window) coordinates
  ViewRect editor;       // the graph editor below the view, when it is open
  float panelWidth = 0;  // ImGui units
  int fbX = 0, fbY = 0, fbWidth = 0, fbHeight = 0;  // the view in framebuffer pixels (GL: y up)
};

// The share of the view's height the graph editor takes when open.
constexpr float kEditorShare = 0.45f;

Layout layoutFor(const WindowPlatform& platform, bool editorOpen) {
  const auto [winW, winH] = platform.windowSize();
  const auto [fbW, fbH] = platform.framebufferSize();
  const float uiScale = platform.uiScale();
  Layout l;
  if (winW <= 0 || winH <= 0 || fbW <= 0 || fbH <= 0) return l;
  const auto w = static_cast<float>(winW);
  const auto h = static_cast<float>(winH);
  l.panelWidth = std::min(kPanelWidth * uiScale, w * 0.6f);
  const float editorHeight = editorOpen ? std::floor(h * kEditorShare) : 0.0f;
  l.view = {l.panelWidth, 0.0f, w - l.panelWidth, h - editorHeight};
  l.editor = {l.panelWidth, h - editorHeight, w - l.panelWidth, editorHeight};
  const float fbScale = static_cast<float>(fbW) / w;
  l.fbX = std::min(static_cast<int>(l.panelWidth * fbScale + 0.5f), fbW);
  l.fbY = std::min(static_cast<int>(editorHeight * fbScale + 0.5f), fbH);
  l.fbWidth = fbW - l.fbX;
  l.fbHeight = fbH - l.fbY;
  return l;
}

}  // namespace

// The last session's document, beside the settings.
AppStorage AppStorage::standard(bool write) {
  AppStorage storage;
  storage.settingsFile = settingsPath();
  if (storage.settingsFile) {
    storage.sessionFile = storage.settingsFile->parent_path() / "session.json";
  }
  storage.write = write;
  return storage;
}

// Declared in the order they must be made; destroyed in reverse, so
// closing cancels an export and joins it before the view goes.
struct App::Parts {
  render::TerrainView view;
  GenerationWorker worker{WindowPlatform::wake};
  ExportWorker exporter{{}, WindowPlatform::wake};
  SeedGallery gallery{WindowPlatform::wake};
  ViewInteraction interaction;
  std::optional<GenerationResult> held;        // taken from the worker, not yet uploaded
  std::optional<std::uint64_t> awaitingFrame;  // the newest result uploaded, not yet drawn
};

App::App(const AppOptions& options, WindowPlatform& platform, AppStorage storage)
    : platform_(platform), storage_(std::move(storage)) {
  state_.document.doc = options.doc;
  if (storage_.settingsFile) {
    LoadedSettings loaded = loadSettings(*storage_.settingsFile);
    saved_ = loaded.settings;
    state_.prefs.settingsNote = loaded.note;
    if (!loaded.note.empty() && !options.quiet) {
      std::fprintf(stderr, "terrain-explorer: %s\n", escapeControl(loaded.note).c_str());
    }
  }
  restoreSession(options, saved_);
  state_.prefs.nodeCacheMiB = saved_.nodeCacheMiB;
  state_.prefs.recentFiles = saved_.recentFiles;
  state_.document.history = History(state_.document.doc);
  sessionKept_ = state_.document.doc;
  // The Export window opens on the last export's folder while it still
  // exists (a drive may be gone), else where the explorer was started.
  exportDirSetting_ = saved_.exportDir;
  std::error_code dirError;
  state_.exporting.directory =
      !saved_.exportDir.empty() && std::filesystem::is_directory(saved_.exportDir, dirError)
          ? saved_.exportDir
          : std::filesystem::current_path().string();
  resetView(state_.view);

  try {
    parts_ = std::make_unique<Parts>();
  } catch (const std::exception& e) {
    throw std::runtime_error(std::string("renderer: ") + e.what());
  }
  updateRamp();
  applyCacheBudget();
  if (!state_.shown.rampStatus.ok && !options.quiet) {
    std::fprintf(stderr, "terrain-explorer: %s\n",
                 escapeControl(state_.shown.rampStatus.text).c_str());
  }
  request(state_.document.doc);
}

App::~App() = default;

// The last session comes back unless the flags say what to show; else the
// remembered view and ramp apply to the flags' document.
void App::restoreSession(const AppOptions& options, Settings& saved) {
  bool restored = false;
  std::error_code ec;
  if (!options.documentGiven && storage_.sessionFile &&
      std::filesystem::exists(*storage_.sessionFile, ec)) {
    try {
      state_.document.doc = loadProject(storage_.sessionFile->string());
      restored = true;
    } catch (const std::exception& e) {
      state_.prefs.settingsNote = std::string("last session not restored: ") + e.what();
    }
  }
  if (!restored && !options.documentGiven && firstStart()) {
    // A designer's first look is a landform in 3D with its materials, not a
    // raw source in the Map view (issue 38 item 9); later starts restore the
    // session. --view still chooses the view.
    state_.document.doc = landformDocument(kFirstStartPreset);
    restored = true;
  }
  if (!restored) {
    if (!options.viewInDocument) state_.document.doc.view.kind = saved.view;
    if (!options.rampGiven)
      state_.document.doc.look.ramp = saved.rampPng.empty() ? saved.ramp : saved.rampPng;
  }
  if (options.view) state_.document.doc.view.kind = *options.view;
  if (options.crossSectionRow >= 0) {
    const int rows = isProfile(state_.document.doc) ? 1 : documentSize(state_.document.doc);
    state_.document.doc.view.row =
        static_cast<double>(render::crossSectionFraction(options.crossSectionRow, rows));
  }
}

// No session kept on this machine yet (settings alone may be: a view or a
// ramp chosen, nothing edited).
bool App::firstStart() const {
  std::error_code ec;
  return !storage_.sessionFile ||
         (!std::filesystem::exists(*storage_.sessionFile, ec) && !ec);  // unreadable: not new
}

void App::request(const Document& doc) {
  lastRequest_ = parts_->worker.request(doc);
  requestedDoc_ = doc;
  requestedAt_ = Clock::now();
  state_.shown.generating = true;
}

bool App::busy() const {
  return parts_->worker.pending() || parts_->held.has_value();
}

bool App::exportRunning() const {
  return parts_->exporter.running() || state_.exporting.running;
}

WindowPlatform::Wait App::idleWait() const {
  if (platform_.settling() || busy()) return WindowPlatform::Wait::Poll;
  if (exportRunning()) return WindowPlatform::Wait::Briefly;
  return WindowPlatform::Wait::UntilEvent;
}

FrameReport App::update(const FrameControl& control) {
  const auto frameStart = Clock::now();
  FrameReport report = takeNewestTerrain(control.waitForNewest);
  followGallery(control.waitForGallery);
  state_.shown.progress = parts_->worker.progress();
  followExport(state_.exporting, parts_->exporter);

  ImGuiIO& io = ImGui::GetIO();
  const auto keyIndex = [&](int key) {  // a key ImGui has no slot for goes nowhere
    return static_cast<std::size_t>(std::clamp(key, 0, IM_ARRAYSIZE(io.KeysDown) - 1));
  };
  for (const int key : control.keys) io.KeysDown[keyIndex(key)] = true;  // down for this frame
  if (control.ctrl) io.KeyCtrl = true;
  if (!control.text.empty()) io.AddInputCharactersUTF8(control.text.c_str());
  io.MouseWheel += control.wheel;
  // Input from outside is a designer's at a window that has the keyboard,
  // whatever the X server last said of focus (test windows share one).
  const bool fromOutside = !control.keys.empty() || !control.text.empty() || control.pointer;
  platform_.beginFrame(control.pointer, fromOutside);
  PanelActions actions = drawPanelAndTakeInput(control);
  for (const int key : control.keys) io.KeysDown[keyIndex(key)] = false;  // up by the next
  if (control.ctrl) io.KeyCtrl = false;
  const Look lookBefore = state_.document.doc.look;
  const bool changed = applyActions(state_.document, state_.editor, state_.view, actions);
  syncExportSettings(state_.document.doc, state_.exporting, exportsSynced_);
  heldLook_ = holdLook(heldLook_, lookBefore, state_.document.doc, requestedDoc_,
                       state_.shown.field ? &state_.shown.doc : nullptr);
  {
    const DrawnLook drawn(state_.document.doc, heldLook_ ? &heldLook_->shown : nullptr);
    updateRamp();
  }
  applyCacheBudget();
  parts_->worker.setDraftAfterMs(control.draftAfterMs);
  postIfChanged(changed, control.postEdits);
  commitAndKeepSession();
  syncViewSettings(state_.view, state_.document.doc);  // an exported view is the one drawn
  if (driveExport(state_.exporting, state_.shown, state_.view, actions, parts_->exporter,
                  parts_->view)) {
    exportDirSetting_ = exportDirectory(state_.exporting).string();  // remembered once it started
  }
  // A job that ended since the panel drew: one more frame draws its outcome.
  if (followExport(state_.exporting, parts_->exporter)) platform_.drawMoreFrames(1);
  // A frame that must show the newest terrain has it whole; otherwise a new
  // map is prepared a part a frame (the last one drawn meanwhile), so no
  // frame stalls when it lands, and frames keep coming until it is shown.
  if (control.waitForNewest) parts_->view.finishPreparing();
  drawFrame(control.waitForNewest);
  const bool preparing = parts_->view.preparing();
  if (preparing) platform_.drawMoreFrames(1);
  state_.shown.frameMs = msSince(frameStart);
  if (parts_->awaitingFrame && !preparing) {
    (state_.shown.fieldIsDraft ? state_.shown.draftToFrameMs : state_.shown.regenToFrameMs) =
        msSince(requestedAt_);
    platform_.drawMoreFrames(1);  // the panel shows the new figures
    report.newestShown = true;
    parts_->awaitingFrame.reset();
  }
  return report;
}

// The newest generated terrain, uploaded. While a slider is being dragged,
// slow uploads (huge maps, software GL) are spaced out to at most a fifth
// of the time, so the panel keeps up with the mouse; the newest result
// always lands at release, and whenever the caller waits for it.
FrameReport App::takeNewestTerrain(bool waitForNewest) {
  FrameReport report;
  GenerationWorker& worker = parts_->worker;
  if (auto result =
          waitForNewest && worker.pending() ? worker.waitFor(lastRequest_) : worker.takeResult()) {
    parts_->held = std::move(result);
  }
  const bool dragging = ImGui::IsAnyItemActive();
  const bool throttled =
      dragging && lastUploadMs_ > kSlowUploadMs && msSince(lastUploadEnd_) < 4.0 * lastUploadMs_;
  if (parts_->held && (waitForNewest || !throttled)) {
    const bool newest = parts_->held->id == lastRequest_;
    // Instances landing on the map shown: its figures stay the map's.
    const bool onlyInstances = completesShownMap(state_.shown, *parts_->held);
    const auto uploadStart = Clock::now();
    if (!parts_->held->draft) state_.gpu.nodePreviews.upload(parts_->held->previews);
    if (showResult(state_.shown, state_.gpu, parts_->view, std::move(*parts_->held))) {
      state_.exporting.status = {};  // "wrote ..." was about the old terrain
    }
    parts_->held.reset();
    if (state_.shown.generateError.empty() && !onlyInstances) ++terrainsShown_;
    report.uploadMs = lastUploadMs_ = msSince(uploadStart);
    lastUploadEnd_ = Clock::now();
    if (newest && !onlyInstances) parts_->awaitingFrame = lastRequest_;
  }
  state_.shown.generating = busy();
  return report;
}

// The gallery follows the document on screen; a screenshot's frame waits
// for it (so screenshots do not depend on timing).
void App::followGallery(bool waitForGallery) {
  if (state_.editor.galleryOpen && state_.shown.field && documentUsesSeed(state_.shown.doc) &&
      (!galleryFor_ || !sameGalleryInput(*galleryFor_, state_.shown.doc))) {
    galleryFor_ = state_.shown.doc;
    parts_->gallery.request(state_.shown.doc);
  }
  SeedGallery& gallery = parts_->gallery;
  if (auto previews =
          waitForGallery && galleryFor_ ? std::optional(gallery.waitForNewest()) : gallery.take()) {
    state_.gpu.gallery.upload(*previews);
  }
}

PanelActions App::drawPanelAndTakeInput(const FrameControl& control) {
  const Layout layout = layoutFor(platform_, state_.editor.graph.open);
  PanelActions actions = control.actions;
  const float height = layout.view.height + layout.editor.height;
  if (layout.panelWidth > 0.0f) actions |= drawPanel(state_, layout.panelWidth, height);
  state_.editor.graph.hovered = false;
  if (state_.editor.graph.open)
    actions.documentChanged |= drawGraphEditor(state_.document.doc, state_.editor.graph,
                                               state_.gpu.nodePreviews, layout.editor);
  if (control.userInput) {
    const ViewCommands view = parts_->interaction.update(state_.document.doc, state_.editor,
                                                         state_.view, state_.shown, layout.view);
    actions.nextSeed |= view.regenerate;
    actions.documentChanged |= view.documentChanged;
    addShortcuts(actions);
    askForProjectFile(state_.document, state_.editor, actions);
  }
  return actions;
}

void App::postIfChanged(bool changed, bool postEdits) {
  if (changed && postEdits && state_.document.doc != requestedDoc_) request(state_.document.doc);
}

// A finished edit is a step in the history, and the session file follows
// it and the view (which is no step).
void App::commitAndKeepSession() {
  const bool editing =
      ImGui::IsAnyItemActive() || state_.editor.brush.drawing;  // a stroke: one step
  commitFinishedEdit(state_.document.history, state_.document.doc, editing);
  if (editing || state_.document.doc == sessionKept_) return;
  sessionKept_ = state_.document.doc;
  if (!storage_.sessionFile || !storage_.write) return;
  state_.prefs.sessionSaveNote = saveSession(*storage_.sessionFile, state_.document.doc);
}

void App::applyCacheBudget() {
  parts_->worker.setCacheBudget(static_cast<std::size_t>(state_.prefs.nodeCacheMiB) << 20);
}

void App::updateRamp() {
  terrain::app::updateRamp(state_.shown, state_.document.doc, parts_->view);
}

// The terrain view, then the panel over it.
void App::drawFrame(bool waitForNewest) {
  const Layout layout = layoutFor(platform_, state_.editor.graph.open);
  drawCrossSectionMarker(state_.document.doc, state_.shown, state_.view, layout.view);
  drawViewStatus(state_.shown, layout.view);
  ImGui::Render();
  const PixelSize fb = platform_.framebufferSize();
  glViewport(0, 0, fb.width, fb.height);
  glDisable(GL_SCISSOR_TEST);
  glClearColor(0.08f, 0.085f, 0.095f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  {
    const DrawnLook drawn(state_.document.doc, heldLook_ ? &heldLook_->shown : nullptr);
    syncViewSettings(state_.view, state_.document.doc);
    syncOverlay(state_.document.doc, state_.shown, state_.view, state_.gpu, parts_->view,
                waitForNewest);
    // Lakes and rivers come with each result (showResult): a look-only
    // edit posts a run the pipeline answers from its cache, and the old
    // water stays drawn until that run's arrives.
  }
  if (state_.shown.field && layout.fbWidth > 0 && layout.fbHeight > 0) {
    state_.view.aspect = static_cast<float>(layout.fbWidth) / static_cast<float>(layout.fbHeight);
    parts_->view.draw(state_.view.settings, layout.fbX, layout.fbY, layout.fbWidth,
                      layout.fbHeight);
    glViewport(0, 0, fb.width, fb.height);
  }
  platform_.drawUi();
}

void App::saveSettingsIfChanged() {
  if (!storage_.settingsFile || !storage_.write) return;
  const Settings now = currentSettings(state_.document.doc, state_.prefs, exportDirSetting_);
  if (now == saved_) return;
  saved_ = now;
  const std::string err = saveSettings(*storage_.settingsFile, saved_);
  state_.prefs.settingsSaveNote = err.empty() ? err : "settings not saved: " + err;
}

}  // namespace terrain::app
