// terrain-explorer-driver: the explorer's window driven from outside, for
// the GL tests. The same WindowPlatform and App as terrain-explorer-window
// and every window flag, plus what only a test wants:
//   --actions LIST         steps one a frame, each once the terrain before it is
//                          on screen (tests/app/driver/app_script.hpp)
//   --print-document       the final document as project JSON on stdout
//   --soak N               N frames, a new terrain each (tests/app/driver/soak.hpp),
//                          'soak frame F rss_kib R terrains T' every 50 frames
//   --squash-at F          squash the window to 1 pixel high at frame F, hide it
//                          5 frames later, restore it 10 frames later
//   --test-export DIR      on the last frame, tick every format and press Export
//                          into DIR (empty: the Export window's own folder); the
//                          run ends on the first frame after it after which the
//                          window would sleep until input, printing its status
//                          line (the screenshot is of that frame)
//   --test-export-engine S an engine size for it ("unreal-1009", "unity-257:resample")
//   --test-export-for E    the Export window's "For" engine (unreal, unity, godot, blender)
//   --test-export-formats L  tick only these format keys (comma-separated), not every one
//   --timing               one clean regeneration timed on the last frame, on stderr
//   --until-draft          after the steps, frames go on without waiting until a
//                          draft is on screen (a slow map's preview-size first
//                          result): the screenshot is of that frame, and
//                          --test-export presses Export on the next
//   --choose-overlays LIST the map's overlay shown with none until the terrain
//                          lands, then each of LIST (none, slope, flow, wear,
//                          deposition, splat) chosen one a frame, as the panel
//                          would, frames going on without waiting until the
//                          last is drawn; each such frame printed on stderr
//                          ('overlay: frame F choice K cpu C ms wall W ms
//                          drawn D', C the window thread's CPU time)
//   --write-config         the settings and the session are written as a
//                          designer's window writes them (into the
//                          XDG_CONFIG_HOME the test gives), and the panel's
//                          notes about them are printed at the end; without
//                          it a driven run only reads them
#include <glad/gl.h>
// glad first: GLFW must not pull in the system GL header.
#include <GLFW/glfw3.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/app.hpp"
#include "app/brush_tool.hpp"
#include "app/document_edits.hpp"
#include "app/screenshot.hpp"
#include "app/window_platform.hpp"
#include "core/base/error.hpp"
#include "core/document/project.hpp"
#include "core/export/outputs.hpp"
#include "core/io/temporary_cleanup.hpp"
#include "tests/app/driver/app_script.hpp"
#include "tests/app/driver/soak.hpp"

namespace terrain::testing {
namespace {

using app::App;
using app::FrameControl;
using app::WindowPlatform;

constexpr int kSquashFrames = 10;  // how long --squash-at keeps the window squashed
constexpr double kNoDrafts = std::numeric_limits<double>::infinity();
constexpr int kOverlayFrames = 2000;  // --choose-overlays gives up after these

struct DriverOptions {
  app::AppOptions app;
  std::vector<ScriptStep> actions;
  bool printDocument = false;
  int soak = 0;
  int squashAt = -1;
  std::optional<std::string> exportDir;
  std::optional<std::string> exportEngine;
  std::optional<std::string> exportFor;
  std::optional<std::string> exportFormats;
  bool timing = false;
  bool untilDraft = false;
  bool writeConfig = false;
  std::vector<MapOverlay> chooseOverlays;
};

// "slope,splat": the overlays by their names in the panel's order.
std::vector<MapOverlay> overlayList(const std::string& text) {
  constexpr std::string_view kNames[] = {"none", "slope", "flow", "wear", "deposition", "splat"};
  std::vector<MapOverlay> out;
  std::size_t begin = 0;
  for (;;) {
    const std::size_t end = text.find(',', begin);
    const std::string_view name = std::string_view(text).substr(begin, end - begin);
    const auto* found = std::find(std::begin(kNames), std::end(kNames), name);
    if (found == std::end(kNames)) {
      throw InputError("--choose-overlays: '" + std::string(name) +
                       "' is not none, slope, flow, wear, deposition or splat");
    }
    out.push_back(static_cast<MapOverlay>(found - std::begin(kNames)));
    if (end == std::string::npos) return out;
    begin = end + 1;
  }
}

double threadCpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

int wholeNumber(std::string_view flag, const std::string& text) {
  int value = -1;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 0) {
    throw InputError(std::string(flag) + ": '" + text + "' is not a whole number");
  }
  return value;
}

// Takes the driver's own flags out of args; the rest are the window's.
DriverOptions parseDriverOptions(std::span<char*> args) {
  DriverOptions d;
  std::vector<char*> windowArgs;
  std::optional<std::string> actionsText;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    const auto eq = arg.find('=');
    const std::string_view name = arg.substr(0, eq);
    const auto value = [&]() -> std::string {
      if (eq != std::string_view::npos) return std::string(arg.substr(eq + 1));
      if (i + 1 >= args.size()) throw InputError(std::string(name) + ": needs a value");
      return args[++i];
    };
    if (name == "--print-document") {
      d.printDocument = true;
    } else if (name == "--timing") {
      d.timing = true;
    } else if (name == "--until-draft") {
      d.untilDraft = true;
    } else if (name == "--choose-overlays") {
      d.chooseOverlays = overlayList(value());
    } else if (name == "--write-config") {
      d.writeConfig = true;
    } else if (name == "--actions") {
      actionsText = value();
    } else if (name == "--soak") {
      d.soak = wholeNumber(name, value());
    } else if (name == "--squash-at") {
      d.squashAt = wholeNumber(name, value());
    } else if (name == "--test-export") {
      d.exportDir = value();
    } else if (name == "--test-export-engine") {
      d.exportEngine = value();
    } else if (name == "--test-export-for") {
      d.exportFor = value();
    } else if (name == "--test-export-formats") {
      d.exportFormats = value();
    } else {
      windowArgs.push_back(args[i]);
    }
  }
  d.app = app::parseAppOptions(windowArgs);
  if (d.soak > 0) d.app.frames = d.soak;
  if (d.app.frames == 0) d.app.frames = 3;  // a driven run always ends
  if (d.squashAt >= 0 && d.squashAt + kSquashFrames >= d.app.frames) {
    throw InputError("--squash-at: needs --frames larger than " +
                     std::to_string(d.squashAt + kSquashFrames));
  }
  if (actionsText) d.actions = parseScript(*actionsText, d.app.doc);
  return d;
}

// The brush's gestures in the view, through app/brush_tool's own functions,
// at shares of the world's width.
void brushGesture(Document& doc, app::EditorState& editor, const app::ShownTerrain& shown,
                  const ScriptStep& step) {
  using Kind = ScriptStep::Kind;
  if (step.kind == Kind::StrokeEnd) {  // the release
    app::endStroke(doc, editor.brush);
    return;
  }
  const double width = doc.world.width;
  const auto points = strokePoints(step.value);
  const std::array<double, 2> first{points[0][0] * width, points[0][1] * width};
  if (step.kind == Kind::Drag) {  // press on a course's point, move, release
    if (!app::beginStroke(doc, editor, shown, first, false, 0.02 * width) ||
        editor.brush.movingCourse < 0) {
      throw InputError("no course point there: select a river or road node with a course");
    }
  } else if (!editor.brush.drawing && !app::beginStroke(doc, editor, shown, first, false)) {
    // (a stroke step while the button is down moves on: the same stroke)
    throw InputError("no brush: select a sculpt or paint-mask node, with a map on screen");
  }
  for (const auto& p : points)
    app::extendStroke(doc, editor.brush, shown, {p[0] * width, p[1] * width});
  if (step.kind == Kind::Drag) app::endStroke(doc, editor.brush);
}

// A key: step's key as GLFW codes it (a letter's or digit's code is its
// upper-case ASCII).
int glfwKeyCode(const std::string& name) {
  if (name == "tab") return GLFW_KEY_TAB;
  if (name == "enter") return GLFW_KEY_ENTER;
  if (name == "escape") return GLFW_KEY_ESCAPE;
  if (name == "delete") return GLFW_KEY_DELETE;
  return static_cast<unsigned char>(name[0]);
}

// A step given as the designer's input would give it: the same actions (a
// click, a shortcut, a button) or the panel's edit of the document.
void scriptActions(Document& doc, app::EditorState& editor, const app::ShownTerrain& shown,
                   const ScriptStep& step, app::PanelActions& a) {
  using Kind = ScriptStep::Kind;
  switch (step.kind) {
    case Kind::NextSeed:
      a.nextSeed = true;
      break;
    case Kind::Undo:
      a.undo = true;
      break;
    case Kind::Redo:
      a.redo = true;
      break;
    case Kind::Save:
    case Kind::Open:
      editor.projectPathInput = step.value;  // typed into the path field, then "Save as" / "Open"
      (step.kind == Kind::Save ? a.saveAs : a.open) = true;
      break;
    case Kind::Set:
    case Kind::Stage:
    case Kind::Node:
    case Kind::Link:
    case Kind::Output:
    case Kind::Pin:
      applyEdit(doc, step);
      a.documentChanged = true;
      break;
    case Kind::Editor:  // the G key
      editor.graph.open = true;
      editor.graph.frameAll = true;
      break;
    case Kind::Frame:  // the F key over the editor
      editor.graph.frameAll = true;
      break;
    case Kind::Select:  // a click on the node
      editor.graph.selected = static_cast<NodeId>(std::stoul(step.value));
      editor.graph.selection = {*editor.graph.selected};
      break;
    case Kind::Stroke:
    case Kind::Drag:
    case Kind::StrokeEnd:
      brushGesture(doc, editor, shown, step);
      a.documentChanged = true;
      break;
    case Kind::Key:  // input from outside the App: the driver's frame gives it
    case Kind::Type:
    case Kind::Hover:
    case Kind::Wheel:
    case Kind::Press:
    case Kind::Release:
      break;
  }
}

// Every output ticked, into `directory` ("" = the Export window's own),
// at the engine size `engine` ("unity-257:resample") if any.
void setUpTestExport(app::ExportState& e, const std::string& directory,
                     const std::optional<std::string>& engine, const DriverOptions& d) {
  e.open = true;
  if (!directory.empty()) e.directory = directory;
  e.formats.clear();
  // ",a,b," to find ",key," in (appended piece by piece: GCC 12's -Wrestrict).
  std::string list = ",";
  list += d.exportFormats.value_or("");
  list += ",";
  for (const OutputFormat& f : outputFormats()) {
    std::string key = ",";
    key += f.key;
    key += ",";
    if (!d.exportFormats || list.find(key) != std::string::npos) e.formats.emplace_back(f.key);
  }
  if (d.exportFor) e.engine = *d.exportFor;
  if (engine) {
    const auto colon = engine->find(':');
    e.engineSize = engine->substr(0, colon);
    if (colon != std::string::npos) {
      e.fit = engine->substr(colon + 1) == "resample" ? FitMode::Resample : FitMode::Crop;
    }
  }
}

// Frame F shrinks the window to the smallest X allows (a 0-pixel-high
// window is an X protocol error), drawn like that for a few frames; then
// minimised and hidden (Xvfb has no window manager to iconify it, so hiding
// is what really unmaps it); restored kSquashFrames after F.
void squashWindow(GLFWwindow* window, int step, int width, int height) {
  int wantHeight = 0;
  if (step == 0) {
    glfwSetWindowSize(window, width, 1);
    wantHeight = 1;
  } else if (step == kSquashFrames / 2) {
    glfwIconifyWindow(window);
    glfwHideWindow(window);
  } else if (step == kSquashFrames) {
    glfwShowWindow(window);
    glfwRestoreWindow(window);
    glfwSetWindowSize(window, width, height);
    wantHeight = height;
  } else {
    return;
  }
  // X applies these asynchronously: wait (a second at most) until they have.
  int w = 0, h = 0;
  bool visible = false;
  for (int i = 0; i < 100; ++i) {
    glfwPollEvents();
    glfwGetFramebufferSize(window, &w, &h);
    visible = glfwGetWindowAttrib(window, GLFW_VISIBLE) != 0;
    if (wantHeight > 0 ? visible && h == wantHeight : !visible) break;
    glfwWaitEventsTimeout(0.01);
  }
  std::printf("squash step %d framebuffer %dx%d %s\n", step, w, h, visible ? "visible" : "hidden");
  std::fflush(stdout);
}

void soakReport(int frames, int terrainsShown) {
  settleAllocator();
  std::printf("soak frame %d rss_kib %ld terrains %d\n", frames, residentKib(), terrainsShown);
  std::fflush(stdout);
}

double cpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

void printTiming(const App& app, const app::FrameReport& report, double cpuAtRequest) {
  glFinish();  // the new terrain is in this frame once the GPU is done
  const app::ShownTerrain& shown = app.shown();
  const double wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() -
                                                                  app.requestedAt())
                            .count();
  std::fprintf(stderr,
               "timing: %dx%d request->frame %.1f ms wall; generate %.1f ms + stats %.1f ms "
               "(worker); upload %.1f ms; frame %.1f ms",
               shown.field ? shown.field->width : 0, shown.field ? shown.field->height : 0, wallMs,
               shown.generateMs - shown.statsMs, shown.statsMs, report.uploadMs, shown.frameMs);
  if (cpuAtRequest > 0.0) {
    std::fprintf(stderr, "; process CPU %.1f ms", (cpuSeconds() - cpuAtRequest) * 1000.0);
  }
  std::fputc('\n', stderr);
}

class Driver {
 public:
  Driver(const DriverOptions& d, WindowPlatform& platform, App& app)
      : d_(d), platform_(platform), app_(app) {}

  int run() {
    for (int frame = 0; !platform_.closeRequested(); ++frame) {
      if (this->frame(frame)) break;
    }
    return status_;
  }

 private:
  // Returns whether this was the last frame.
  bool frame(int frame) {
    const bool stepDue = nextStep_ < d_.actions.size();
    const bool draftDue = d_.untilDraft && !draftAwaited_;
    const bool overlayDue = !d_.chooseOverlays.empty() && !overlayDrawn_;
    const bool framesDone = !stepDue && !draftDue && !overlayDue && frame >= d_.app.frames - 1;
    const bool exportDue = framesDone && d_.exportDir && !exportStarted_;
    // An export run ends on the frame after which a designer's window would
    // sleep until input (decided after the update): what it shows then is
    // what the designer sees until the mouse moves.
    const bool exportRun = d_.exportDir.has_value();
    bool lastFrame = framesDone && !exportRun;
    platform_.waitForEvents(WindowPlatform::Wait::Poll);
    if (d_.squashAt >= 0) {
      squashWindow(platform_.handle(), frame - d_.squashAt, d_.app.width, d_.app.height);
    }
    if (platform_.hidden() && !lastFrame) return false;
    if (d_.soak > 0) {
      if (frame > 0 && frame % kSoakReportEvery == 0) soakReport(frame, app_.terrainsShown());
      app_.document().doc = soakStep(frame).doc;
      app_.request(app_.document().doc);
    }
    const bool soakWaits = d_.soak > 0 && frame % kSoakWaitEvery == kSoakWaitEvery - 1;
    if (overlayDue && frame == 0) {  // the terrain first comes with no overlay to hand
      app_.document().doc.view.overlay = MapOverlay::None;
      app_.request(app_.document().doc);
    }
    const bool landing = overlayDue && !stepDue && !overlayLanded_;
    FrameControl control{
        .userInput = false,
        .postEdits = stepDue,
        .waitForNewest = (framesDone && !d_.untilDraft) || stepDue || soakWaits || landing,
        .waitForGallery = lastFrame || exportStarted_,
        // --until-draft: a draft after any map, however quick
        .draftAfterMs = d_.untilDraft ? 0.0 : kNoDrafts,
        .actions = {},
        .keys = {},
        .text = {},
        .wheel = 0.0f,
        .pointer = std::nullopt};
    double cpuAtRequest = 0.0;
    if (lastFrame && d_.timing) {  // one clean regeneration: the same document again
      cpuAtRequest = cpuSeconds();
      app_.request(app_.document().doc);
    }
    std::optional<ScriptStep> step;
    if (stepDue) step = takeStep(control);
    control.pointer = pointer_;  // once hovered, it stays where it was put
    if (exportDue) {
      exportStarted_ = true;
      setUpTestExport(app_.exporting(), *d_.exportDir, d_.exportEngine, d_);
      control.actions.exportNow = true;
    }
    const bool choosing = overlayDue && !stepDue && overlayLanded_;
    if (choosing && nextOverlay_ < d_.chooseOverlays.size()) {
      app_.document().doc.view.overlay = d_.chooseOverlays[nextOverlay_++];
    }
    const double cpuBefore = threadCpuMs();
    const auto wallBefore = std::chrono::steady_clock::now();
    const app::FrameReport report = app_.update(control);
    if (choosing) reportOverlayFrame(frame, cpuBefore, wallBefore);
    if (landing) overlayLanded_ = true;
    if (exportRun && exportStarted_ && !exportDue) {
      lastFrame = !app_.exportRunning() && app_.idleWait() == WindowPlatform::Wait::UntilEvent;
    }
    if (step && (step->kind == ScriptStep::Kind::Open || step->kind == ScriptStep::Kind::Save) &&
        !app_.document().projectStatus.ok) {
      fail("--actions: " + app_.document().projectStatus.text);
    }
    if (report.newestShown && d_.timing) printTiming(app_, report, cpuAtRequest);
    const bool draftFrame = draftDue && !stepDue && awaitDraft();
    takeScreenshot(d_.untilDraft ? draftFrame : lastFrame);
    if (lastFrame && d_.exportDir) {
      const app::StatusLine& status = app_.exporting().status;
      std::fprintf(stderr, "terrain-explorer: export: %s\n", status.text.c_str());
      if (!status.ok) status_ = 1;
    }
    platform_.present(frame);
    if (d_.writeConfig) app_.saveSettingsIfChanged();  // as the window's loop does
    if (lastFrame) finish(frame);
    return lastFrame;
  }

  std::optional<ScriptStep> takeStep(FrameControl& control) {
    const ScriptStep& step = d_.actions[nextStep_++];
    try {
      if (step.kind == ScriptStep::Kind::Key) {  // a press as GLFW would give it
        const bool ctrl = step.value.starts_with("ctrl+");
        control.keys.push_back(glfwKeyCode(ctrl ? step.value.substr(5) : step.value));
        control.ctrl = ctrl;
        control.userInput = true;
      }
      if (step.kind == ScriptStep::Kind::Wheel) {
        control.wheel = std::stof(step.value);
        control.userInput = true;
      }
      if (step.kind == ScriptStep::Kind::Type) {
        control.text = step.value;
        control.userInput = true;
      }
      if (step.kind == ScriptStep::Kind::Hover) pointAt(strokePoints(step.value)[0]);
      if (step.kind == ScriptStep::Kind::Press || step.kind == ScriptStep::Kind::Release) {
        if (!pointer_) throw InputError("press: and release: need a hover: first");
        pointer_->leftDown = step.kind == ScriptStep::Kind::Press;
        control.userInput = true;
      }
      scriptActions(app_.document().doc, app_.editor(), app_.shown(), step, control.actions);
    } catch (const std::exception& e) {
      fail("--actions: '" + step.text + "': " + e.what());
    }
    return step;
  }

  // The pointer at shares of the window, given to ImGui from here on. Not
  // warped on the X server: GL tests run two at a time on one Xvfb, whose
  // one pointer and focus (no window manager: focus follows the pointer)
  // the other test's window shares, so a warp raced with it.
  void pointAt(const std::array<double, 2>& at) {
    const app::PixelSize size = platform_.windowSize();
    pointer_ = app::PointerAt{static_cast<float>(at[0] * size.width),
                              static_cast<float>(at[1] * size.height),
                              pointer_ && pointer_->leftDown};  // a drag goes on
  }

  void takeScreenshot(bool lastFrame) {
    if (!d_.app.screenshot || !lastFrame) return;
    const app::PixelSize fb = platform_.framebufferSize();
    try {
      app::saveFramebufferPng(*d_.app.screenshot, fb.width, fb.height);
    } catch (const std::exception& e) {
      fail(std::string("screenshot: ") + e.what());
    }
  }

  // Whether this frame put the draft on screen; fails and ends the run when
  // the map landed without one.
  bool awaitDraft() {
    if (app_.shown().fieldIsDraft) {
      draftAwaited_ = true;
      return true;
    }
    if (!app_.busy()) {
      fail(
          "--until-draft: the map landed with no draft on screen (it is no larger than "
          "the draft, it was the first run, or it came before a frame showed its draft)");
      draftAwaited_ = true;
    }
    return false;
  }

  // One frame of --choose-overlays: its cost to the window's thread and
  // whether the last choice is drawn.
  void reportOverlayFrame(int frame, double cpuBefore,
                          std::chrono::steady_clock::time_point wallBefore) {
    const double cpuMs = threadCpuMs() - cpuBefore;
    const double wallMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - wallBefore)
            .count();
    const app::ShownOverlay& drawn = app_.gpu().overlay;
    overlayDrawn_ = nextOverlay_ == d_.chooseOverlays.size() &&
                    drawn.kind == d_.chooseOverlays.back() &&
                    drawn.field == app_.shown().field.get();
    std::fprintf(stderr, "overlay: frame %d choice %zu cpu %.1f ms wall %.1f ms drawn %d\n", frame,
                 nextOverlay_, cpuMs, wallMs, overlayDrawn_ ? 1 : 0);
    if (!overlayDrawn_ && frame > kOverlayFrames) {
      fail("--choose-overlays: the overlay was not drawn within " + std::to_string(kOverlayFrames) +
           " frames");
      overlayDrawn_ = true;
    }
  }

  void finish(int frame) {
    if (d_.soak > 0) soakReport(frame + 1, app_.terrainsShown());
    if (d_.printDocument) std::fputs((projectToJson(app_.document().doc) + "\n").c_str(), stdout);
    if (const std::string notes = app::configNotes(app_.prefs());
        d_.writeConfig && !notes.empty()) {
      std::fprintf(stderr, "terrain-explorer: panel note: %s\n", notes.c_str());
    }
    if (!app_.shown().generateError.empty()) fail(app_.shown().generateError);
  }

  void fail(const std::string& why) {
    std::fprintf(stderr, "terrain-explorer: %s\n", why.c_str());
    status_ = 1;
  }

  const DriverOptions& d_;
  WindowPlatform& platform_;
  App& app_;
  std::size_t nextStep_ = 0;
  bool exportStarted_ = false;
  bool draftAwaited_ = false;
  bool overlayLanded_ = false;  // --choose-overlays: the terrain is on screen
  std::size_t nextOverlay_ = 0;
  bool overlayDrawn_ = false;
  std::optional<app::PointerAt> pointer_;  // set by hover: steps
  int status_ = 0;
};

}  // namespace
}  // namespace terrain::testing

int main(int argc, char** argv) {
  using namespace terrain;
  installTemporaryCleanupOnSignals();
  testing::DriverOptions options;
  try {
    options =
        testing::parseDriverOptions(std::span<char*>(argv + 1, static_cast<std::size_t>(argc - 1)));
  } catch (const std::runtime_error& e) {
    std::fprintf(stderr, "terrain-explorer: %s\n", e.what());
    return 2;
  }
  std::optional<app::WindowPlatform> platform;
  std::optional<app::App> app;
  try {
    platform.emplace(options.app.width, options.app.height, false);
    app.emplace(options.app, *platform, app::AppStorage::standard(options.writeConfig));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "terrain-explorer: cannot open a window (%s)\n", e.what());
    return 1;
  }
  try {
    return testing::Driver(options, *platform, *app).run();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "terrain-explorer: %s\n", e.what());
    return 1;
  }
}
