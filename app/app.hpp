#pragma once
// The explorer inside its window: the state, the generation and export
// workers, the seed gallery and the renderer, advanced one frame at a time
// by update(). Whoever owns the loop (runWindow for a designer, the tests'
// driver for scripted runs) decides when frames happen and what comes from
// outside them; update() is the same for both.
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/app_state.hpp"
#include "app/document_edits.hpp"
#include "app/generation_worker.hpp"
#include "app/options.hpp"
#include "app/panel.hpp"
#include "app/settings.hpp"
#include "app/window_platform.hpp"

namespace terrain::app {

// The landform a first start opens on (core/document/presets.hpp).
inline constexpr std::string_view kFirstStartPreset = "alpine";

// Where the explorer keeps what outlives a session: settings.ini and the
// last session's document ($XDG_CONFIG_HOME/terrain-explorer/). Either may
// be absent (no HOME); `write` false reads them and never writes (a
// scripted run must not change a designer's files).
struct AppStorage {
  std::optional<std::filesystem::path> settingsFile;
  std::optional<std::filesystem::path> sessionFile;
  bool write = true;
  static AppStorage standard(bool write);
};

// What one frame is told from outside.
struct FrameControl {
  bool userInput = true;        // mouse, keys and file choosers reach the app
  bool postEdits = true;        // a changed document goes to the generation worker
  bool waitForNewest = false;   // the frame shows the newest terrain
  bool waitForGallery = false;  // and the seed gallery of the terrain shown
  // An edit shows a draft first when the map before it took longer than
  // this (GenerationWorker::setDraftAfterMs); a caller that waits for every
  // map (a test driver) would only pay for drafts it never shows.
  double draftAfterMs = kDraftAfterMs;
  PanelActions actions;  // given from outside (merged with the panel's)
  // Keys pressed and released in this frame from outside (a test driver's;
  // GLFW codes, as ImGui 1.86 indexes them): they reach ImGui, the view's
  // keys and the shortcuts as a designer's would (with userInput).
  std::vector<int> keys;
  bool ctrl = false;   // Ctrl held with this frame's keys from outside
  std::string text;    // typed in this frame from outside (UTF-8), as the keys
  float wheel = 0.0f;  // mouse wheel notches turned from outside, as the keys
  // Where the pointer is, in window coordinates, from outside (a test
  // driver's): given to ImGui directly, not warped on the X server, whose
  // one pointer and focus the test windows beside it share.
  std::optional<PointerAt> pointer;
};

// What one frame did, for a caller that times or scripts it.
struct FrameReport {
  bool newestShown = false;  // the newest requested terrain is drawn in this frame
  double uploadMs = 0.0;     // the terrain's upload to the GPU, if one happened
};

class App {
 public:
  // Throws std::runtime_error when the renderer cannot start.
  App(const AppOptions& options, WindowPlatform& platform, AppStorage storage);
  ~App();
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  // One frame: the workers' news, the panel and the input, the actions,
  // the export, the terrain view and the panel drawn. The caller presents it.
  FrameReport update(const FrameControl& control);

  // Posts the document to the generation worker now.
  void request(const Document& doc);
  // A result or a gallery is on its way: keep polling instead of waiting.
  bool busy() const;
  bool exportRunning() const;
  // How a designer's window waits before its next frame: it polls while a
  // result is on its way or input settles, wakes often while an export
  // runs (its bar moves), else sleeps until input or a worker's wake-up.
  WindowPlatform::Wait idleWait() const;
  // Writes settings.ini when the view, the ramp or the export folder changed.
  void saveSettingsIfChanged();

  // The owners, for a caller that scripts the window (the tests' driver)
  // or reports on it: the document, the editors, the export, what is shown.
  DocumentState& document() { return state_.document; }
  const DocumentState& document() const { return state_.document; }
  EditorState& editor() { return state_.editor; }
  ExportState& exporting() { return state_.exporting; }
  const ShownTerrain& shown() const { return state_.shown; }
  const GpuResources& gpu() const { return state_.gpu; }
  const Preferences& prefs() const { return state_.prefs; }
  int terrainsShown() const { return terrainsShown_; }
  std::chrono::steady_clock::time_point requestedAt() const { return requestedAt_; }

 private:
  struct Parts;  // the workers, the renderer and the gallery's textures

  void restoreSession(const AppOptions& options, Settings& saved);
  bool firstStart() const;
  FrameReport takeNewestTerrain(bool waitForNewest);
  void followGallery(bool waitForGallery);
  PanelActions drawPanelAndTakeInput(const FrameControl& control);
  void postIfChanged(bool changed, bool postEdits);
  void commitAndKeepSession();
  void updateRamp();
  void applyCacheBudget();             // the setting, to the generation worker
  void drawFrame(bool waitForNewest);  // waits for the overlay chosen when told

  AppState state_;  // each owner, handed to the steps that use it
  WindowPlatform& platform_;
  AppStorage storage_;
  Settings saved_;                // what settings.ini says now
  std::string exportDirSetting_;  // the folder of the last export that started
  ExportSettings
      exportsSynced_;  // the Export window's settings as last synced (app/export_panel.hpp)
  std::unique_ptr<Parts> parts_;
  std::uint64_t lastRequest_ = 0;
  Document requestedDoc_;  // the newest document posted to the worker
  Document sessionKept_;   // the document the session file was last written with
  std::chrono::steady_clock::time_point requestedAt_;
  double lastUploadMs_ = 0.0;
  std::chrono::steady_clock::time_point lastUploadEnd_;
  std::optional<Document> galleryFor_;  // the document the gallery was asked for
  int terrainsShown_ = 0;
  std::optional<LookHold> heldLook_;  // the look drawn while a new terrain comes
};

}  // namespace terrain::app
