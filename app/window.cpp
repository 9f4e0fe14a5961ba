// The window's main reads top to bottom in phases, like Dear ImGui's
// GLFW + OpenGL3 example: window, GL loader, ImGui, app state, loop,
// cleanup in reverse.
#include "app/window.hpp"

#include <glad/gl.h>
// glad first: GLFW must not pull in the system GL header.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <system_error>

#include "app/app_state.hpp"
#include "app/export_worker.hpp"
#include "app/file_dialog.hpp"
#include "app/generation_worker.hpp"
#include "app/map_overlay.hpp"
#include "app/panel.hpp"
#include "app/screenshot.hpp"
#include "app/seed_gallery.hpp"
#include "app/settings.hpp"
#include "app/soak.hpp"
#include "app/view_controls.hpp"
#include "app/window_export.hpp"
#include "core/outputs.hpp"
#include "core/project.hpp"
#include "core/registry.hpp"
#include "render/gl_objects.hpp"
#include "render/terrain_view.hpp"

namespace terrain::app {
namespace {

using Clock = std::chrono::steady_clock;

constexpr double kSlowUploadMs = 20.0;  // uploads slower than this are throttled while dragging

// GLFW reports errors through a callback without a user pointer; the last
// one is kept to explain a failed start in one line.
std::string g_lastGlfwError;
void onGlfwError(int /*code*/, const char* description) {
  g_lastGlfwError = description != nullptr ? description : "unknown GLFW error";
}

int cannotStart(const std::string& why) {
  std::fprintf(stderr,
               "terrain-explorer: cannot open a window (%s); use 'terrain-explorer export ...' "
               "for headless export\n",
               why.c_str());
  return 1;
}

std::string displayProblem() {
  const char* x11 = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  if ((x11 == nullptr || *x11 == '\0') && (wayland == nullptr || *wayland == '\0')) {
    return "no display: DISPLAY is not set";
  }
  return g_lastGlfwError.empty() ? "glfwInit failed" : g_lastGlfwError;
}

// After the 3.3 core context was refused: what the driver does offer, from
// a hidden window with its default (legacy) context; empty when even that fails.
std::string offeredGlVersion() {
  glfwDefaultWindowHints();
  glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  GLFWwindow* probe = glfwCreateWindow(16, 16, "probe", nullptr, nullptr);
  if (probe == nullptr) return {};
  glfwMakeContextCurrent(probe);
  std::string offered;
  if (gladLoadGL(glfwGetProcAddress) != 0) {
    // Not the GLSL version: Mesa reports 4.50 there even when it caps GLSL,
    // and so the core profile, lower (MESA_GLSL_VERSION_OVERRIDE).
    if (const auto* version = glGetString(GL_VERSION)) {
      offered = "OpenGL " + std::string(reinterpret_cast<const char*>(version));
    }
  }
  glfwMakeContextCurrent(nullptr);
  glfwDestroyWindow(probe);
  return offered;
}

double cpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double msSince(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// Set by GLFW callbacks: something happened, so draw a few more frames
// before going back to waiting (ImGui needs a frame or two to settle).
struct LoopWake {
  int framesToDraw = 3;
};

void markActive(GLFWwindow* window) {
  if (auto* wake = static_cast<LoopWake*>(glfwGetWindowUserPointer(window))) {
    wake->framesToDraw = 3;
  }
}

void installWakeCallbacks(GLFWwindow* window) {
  // Set before ImGui's backend, which chains to these.
  glfwSetMouseButtonCallback(window, [](GLFWwindow* w, int, int, int) { markActive(w); });
  glfwSetScrollCallback(window, [](GLFWwindow* w, double, double) { markActive(w); });
  glfwSetKeyCallback(window, [](GLFWwindow* w, int, int, int, int) { markActive(w); });
  glfwSetCharCallback(window, [](GLFWwindow* w, unsigned) { markActive(w); });
  glfwSetWindowFocusCallback(window, [](GLFWwindow* w, int) { markActive(w); });
  glfwSetCursorEnterCallback(window, [](GLFWwindow* w, int) { markActive(w); });
  // Not chained by ImGui 1.86's backend; ours alone.
  glfwSetCursorPosCallback(window, [](GLFWwindow* w, double, double) { markActive(w); });
  glfwSetFramebufferSizeCallback(window, [](GLFWwindow* w, int, int) { markActive(w); });
  glfwSetWindowRefreshCallback(window, [](GLFWwindow* w) { markActive(w); });
  glfwSetWindowIconifyCallback(window, [](GLFWwindow* w, int) { markActive(w); });
}

// Dark panel with a little more air than ImGui's default, scaled for the
// monitor; DejaVu Sans when the system has it (crisper than the built-in font).
void setUpStyle(float uiScale, float framebufferScale) {
  ImGuiStyle& style = ImGui::GetStyle();
  ImGui::StyleColorsDark(&style);
  style.WindowRounding = 0.0f;
  style.WindowBorderSize = 0.0f;
  style.FrameRounding = 3.0f;
  style.GrabRounding = 3.0f;
  style.WindowPadding = ImVec2(10.0f, 10.0f);
  style.FramePadding = ImVec2(6.0f, 4.0f);
  style.ItemSpacing = ImVec2(8.0f, 6.0f);
  style.Colors[ImGuiCol_WindowBg] = ImVec4(0.105f, 0.11f, 0.125f, 1.0f);
  style.ScaleAllSizes(uiScale);

  ImGuiIO& io = ImGui::GetIO();
  const float pixels = 15.0f * uiScale * framebufferScale;
  const char* font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  std::error_code ec;
  if (std::filesystem::exists(font, ec) && io.Fonts->AddFontFromFileTTF(font, pixels) != nullptr) {
    io.FontGlobalScale = 1.0f / framebufferScale;
  } else {
    ImFontConfig config;
    config.SizePixels = 13.0f * uiScale * framebufferScale;
    io.Fonts->AddFontDefault(&config);
    io.FontGlobalScale = 1.0f / framebufferScale;
  }
}

// ---- what the loop does with the state ----

// Loads the look's ramp when it changed; a failed load keeps the last
// good ramp and says why.
void updateRamp(AppState& s, render::TerrainView& view) {
  const std::string wanted = resolvedRampName(s.doc);
  if (wanted == s.loadedRamp) return;
  try {
    s.ramp = loadLookRamp(s.doc);
    s.rampStatus = s.ramp.name() == wanted ? StatusLine{} : StatusLine{"loaded " + wanted, true};
  } catch (const std::exception& e) {
    // Keep the ramp that worked; at start, the built-in one that suits the map.
    if (s.loadedRamp.empty()) {
      Document automatic = s.doc;
      automatic.look.ramp = "auto";
      s.ramp = builtinRamp(resolvedRampName(automatic));
    }
    s.rampStatus = {std::string(e.what()) + "; keeping the " + s.ramp.name() + " ramp", false};
    s.doc.look.ramp = s.rampSetting.empty() ? "auto" : s.rampSetting;
    s.loadedRamp = resolvedRampName(s.doc);
    view.setRamp(s.ramp);
    return;
  }
  s.loadedRamp = wanted;
  s.rampSetting = s.doc.look.ramp;
  view.setRamp(s.ramp);
}

// Uploads the newest result; an error keeps the last good terrain on screen.
void showResult(AppState& s, render::TerrainView& view, GenerationResult&& r) {
  if (!r.error.empty()) {
    s.generateError = r.error;
    return;
  }
  try {
    view.setTerrain(*r.field, s.ramp);
    s.overlayShown = {};  // setTerrain dropped the mask
  } catch (const std::exception& e) {
    s.generateError = std::string("cannot draw this terrain: ") + e.what();
    return;
  }
  s.generateError.clear();
  if (s.shownDoc.source != r.doc.source || s.shownDoc.seed != r.doc.seed) {
    s.exporting.status = {};  // "wrote ..." was about the old terrain
  }
  s.displayedSide = view.displayedResolution().x;
  s.gpuTextureLimit = view.textureLimit();
  s.field = std::move(r.field);
  s.shownDoc = r.doc;
  s.stats = r.stats;
  s.histogram = r.histogram;
  s.generateMs = r.generateMs;
  s.statsMs = r.statsMs;
}

// What the renderer draws, from the document (the look and the view).
void syncViewSettings(AppState& s) {
  auto& v = s.viewSettings;
  v.kind = effectiveViewKind(s);
  v.water = static_cast<float>(s.doc.look.water);
  v.hillshade = resolvedHillshade(s.doc);
  const auto sun = sunDirection(s.doc.look);
  v.sun = glm::vec3(sun[0], sun[1], sun[2]);
  v.relief = static_cast<float>(s.doc.look.relief);
  v.exaggeration = static_cast<float>(s.doc.view.exaggeration);
  v.crossSection = static_cast<float>(s.doc.view.row);
  v.markCrossSection = true;
}

// What the settings file should say now; `exportDir`: the folder the last
// export that started went to.
Settings currentSettings(const AppState& s, const std::string& exportDir) {
  Settings out;
  out.exportDir = exportDir;
  out.view = s.doc.view.kind;
  const bool builtin = s.doc.look.ramp == "auto" || isBuiltinRamp(s.doc.look.ramp);
  out.ramp = builtin ? s.doc.look.ramp : "auto";
  out.rampPng = builtin ? "" : s.doc.look.ramp;
  return out;
}

// The last session's document, beside the settings.
std::optional<std::filesystem::path> sessionPath() {
  auto settings = settingsPath();
  if (!settings) return std::nullopt;
  return settings->parent_path() / "session.json";
}

bool ctrlPressed(int glfwKey, bool shift) {  // ImGui 1.86 indexes keys by GLFW code
  const ImGuiIO& io = ImGui::GetIO();
  return io.KeyCtrl && io.KeyShift == shift && ImGui::IsKeyPressed(glfwKey, false);
}

// Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y, Ctrl+S, Ctrl+Shift+S, Ctrl+O (even while a
// text field has focus: they are the window's).
void shortcuts(PanelActions& a) {
  a.undo |= ctrlPressed(GLFW_KEY_Z, false);
  a.redo |= ctrlPressed(GLFW_KEY_Z, true) || ctrlPressed(GLFW_KEY_Y, false);
  a.save |= ctrlPressed(GLFW_KEY_S, false);
  a.saveAs |= ctrlPressed(GLFW_KEY_S, true);
  a.open |= ctrlPressed(GLFW_KEY_O, false);
}

// Project file actions; messages go to the panel. Returns whether the
// document was replaced.
bool projectActions(AppState& s, const PanelActions& a) {
  const std::string typed = s.projectPathInput;
  if (a.open) {
    if (typed.empty()) {
      s.projectStatus = {"type the project's path first", false};
      return false;
    }
    try {
      s.doc = loadProject(typed);
      s.projectPath = typed;
      s.projectStatus = {"opened " + std::filesystem::absolute(typed).string(), true};
      return true;
    } catch (const std::exception& e) {
      s.projectStatus = {std::string(e.what()) + " (the current document stays)", false};
      return false;
    }
  }
  if (a.save || a.saveAs) {
    const std::string path = a.saveAs || s.projectPath.empty() ? typed : s.projectPath;
    if (path.empty()) {
      s.projectStatus = {"type a path for the project (e.g. my-island.json)", false};
      return false;
    }
    try {
      saveProject(path, s.doc);
      s.projectPath = path;
      s.projectPathInput = path;
      s.projectStatus = {"saved " + std::filesystem::absolute(path).string(), true};
    } catch (const std::exception& e) {
      s.projectStatus = {e.what(), false};
    }
  }
  return false;
}

// The gallery's previews as textures the panel can show.
class GalleryTextures {
 public:
  void upload(const std::vector<SeedPreview>& previews, AppState& s) {
    s.gallery.clear();
    textures_.resize(previews.size());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    for (std::size_t i = 0; i < previews.size(); ++i) {
      const RgbImage& image = previews[i].image;
      if (image.width <= 0) continue;
      if (textures_[i].id() == 0) textures_[i] = render::gl::Texture::create();
      glBindTexture(GL_TEXTURE_2D, textures_[i].id());
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, image.width, image.height, 0, GL_RGB,
                   GL_UNSIGNED_BYTE, image.pixels.data());
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
      s.gallery.push_back({previews[i].seed, textures_[i].id(), image.width, image.height});
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  }

 private:
  std::vector<render::gl::Texture> textures_;
};

// What the gallery's previews depend on: the document but its view.
bool sameGalleryInput(const Document& a, const Document& b) {
  return a.seed == b.seed && a.source == b.source && a.modifiers == b.modifiers && a.look == b.look;
}

// A --actions step, given as the designer's input would give it: the same
// actions (a click, a shortcut, a button) or the panel's edit of the document.
void scriptActions(AppState& s, const ScriptStep& step, PanelActions& a) {
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
      s.projectPathInput = step.value;  // typed into the path field, then "Save as" / "Open"
      (step.kind == Kind::Save ? a.saveAs : a.open) = true;
      break;
    case Kind::Set:
    case Kind::Stage:
      applyEdit(s.doc, step);
      a.documentChanged = true;
      break;
  }
}

// Open and Save as (and Save of a document never saved) ask the desktop's
// file chooser where there is one; a cancelled chooser cancels the action.
// Without one, the panel's path field is used.
void askForProjectFile(AppState& s, PanelActions& a) {
  const bool needsPath = a.open || a.saveAs || (a.save && s.projectPath.empty());
  if (!needsPath || !fileDialogAvailable()) return;
  const FileDialogKind kind = a.open ? FileDialogKind::Open : FileDialogKind::Save;
  const std::string start =
      s.projectPath.empty() ? defaultFileStem(s.doc) + ".json" : s.projectPath;
  const auto chosen = chooseProjectFile(kind, start);
  if (!chosen) {
    a.open = a.save = a.saveAs = false;
    return;
  }
  s.projectPathInput = *chosen;
  if (a.save) a.saveAs = true;
}

// What one frame's actions do to the document and the view, whoever asked:
// the panel, the view, the keys or a --actions step. Returns whether the
// document changed (and so goes to the worker).
bool applyActions(AppState& s, const PanelActions& a) {
  bool changed = a.documentChanged;
  if (a.nextSeed) {
    s.doc.seed = nextSeed(s.doc.seed);
    changed = true;
  }
  if (a.undo || a.redo) changed |= undoRedo(s.doc, s.history, a.undo);
  changed |= projectActions(s, a);
  if (a.resetView) resetView(s);
  return changed;
}

struct Layout {
  ViewRect view;                           // ImGui (window) coordinates
  float panelWidth = 0;                    // ImGui units
  int fbX = 0, fbWidth = 0, fbHeight = 0;  // the view in framebuffer pixels
};

Layout layoutFor(GLFWwindow* window, float uiScale) {
  int winW = 0, winH = 0, fbW = 0, fbH = 0;
  glfwGetWindowSize(window, &winW, &winH);
  glfwGetFramebufferSize(window, &fbW, &fbH);
  Layout l;
  if (winW <= 0 || winH <= 0 || fbW <= 0 || fbH <= 0) return l;
  const auto w = static_cast<float>(winW);
  const auto h = static_cast<float>(winH);
  l.panelWidth = std::min(kPanelWidth * uiScale, w * 0.6f);
  l.view = {l.panelWidth, 0.0f, w - l.panelWidth, h};
  const float fbScale = static_cast<float>(fbW) / w;
  l.fbX = std::min(static_cast<int>(l.panelWidth * fbScale + 0.5f), fbW);
  l.fbWidth = fbW - l.fbX;
  l.fbHeight = fbH;
  return l;
}

void reportGlErrors(int frame) {
  static std::set<GLenum> reported;  // each kind once, not every frame
  for (GLenum err = glGetError(); err != GL_NO_ERROR; err = glGetError()) {
    if (reported.insert(err).second) {
      std::fprintf(stderr, "terrain-explorer: GL error 0x%04x (frame %d)\n", err, frame);
    }
  }
}

// --squash-at F: frame F shrinks the window to the smallest X allows (a
// 0-pixel-high window is an X protocol error), drawn like that for a few
// frames; then minimised and hidden (Xvfb has no window manager to iconify
// it, so hiding is what really unmaps it); restored kSquashFrames after F.
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

// --soak: after `frames` frames, the resident memory once the allocator has
// settled, and how many terrains were put on screen so far.
void soakReport(int frames, int terrainsShown) {
  settleAllocator();
  std::printf("soak frame %d rss_kib %ld terrains %d\n", frames, residentKib(), terrainsShown);
  std::fflush(stdout);
}

}  // namespace

int runWindow(const AppOptions& options) {
  // --frames: no input, and the settings are read but never written.
  const bool scripted = options.frames > 0;
  // Developer hooks: print regeneration timings; export on the last --frames frame.
  const bool logTiming = std::getenv("TERRAIN_EXPLORER_TIMING") != nullptr;
  const char* testExportDir = scripted ? std::getenv("TERRAIN_EXPLORER_TEST_EXPORT") : nullptr;
  // With it: an engine size for that export ("unreal-1009" or "unity-257:resample"), and
  // a screenshot taken mid-export (see below).
  const char* testExportEngine = std::getenv("TERRAIN_EXPLORER_TEST_EXPORT_ENGINE");
  const char* testExportShotAt = std::getenv("TERRAIN_EXPLORER_TEST_EXPORT_SHOT_AT");

  // ---- window and OpenGL 3.3 core context ----
  glfwSetErrorCallback(onGlfwError);
  if (!glfwInit()) return cannotStart(displayProblem());
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  GLFWwindow* window =
      glfwCreateWindow(options.width, options.height, "Terrain Explorer", nullptr, nullptr);
  if (window == nullptr) {
    const std::string glfwError = g_lastGlfwError;
    const std::string offered = offeredGlVersion();
    const std::string why = offered.empty()
                                ? "no OpenGL 3.3 core context: " + glfwError
                                : "OpenGL 3.3 core profile is needed; the driver refused it "
                                  "and offers " +
                                      offered;
    glfwTerminate();
    return cannotStart(why);
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(scripted ? 0 : 1);
  LoopWake wake;
  glfwSetWindowUserPointer(window, &wake);
  installWakeCallbacks(window);

  // ---- GL loader ----
  const int glVersion = gladLoadGL(glfwGetProcAddress);
  if (glVersion == 0 || GLAD_VERSION_MAJOR(glVersion) * 10 + GLAD_VERSION_MINOR(glVersion) < 33) {
    const std::string why = glVersion == 0
                                ? std::string("cannot load OpenGL functions")
                                : "OpenGL 3.3 core profile is needed; the driver offers OpenGL " +
                                      std::to_string(GLAD_VERSION_MAJOR(glVersion)) + "." +
                                      std::to_string(GLAD_VERSION_MINOR(glVersion));
    glfwDestroyWindow(window);
    glfwTerminate();
    return cannotStart(why);
  }

  // ---- Dear ImGui ----
  float contentScaleX = 1.0f, contentScaleY = 1.0f;
  glfwGetWindowContentScale(window, &contentScaleX, &contentScaleY);
  int winW = 0, fbW = 0, unused = 0;
  glfwGetWindowSize(window, &winW, &unused);
  glfwGetFramebufferSize(window, &fbW, &unused);
  // Where the OS already scales window coordinates (macOS), the framebuffer
  // is larger than the window and ImGui only needs sharper fonts.
  const float fbScale =
      winW > 0 && fbW > 0 ? static_cast<float>(fbW) / static_cast<float>(winW) : 1.0f;
  const float uiScale = std::max(1.0f, contentScaleX / fbScale);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // the panel is laid out in code
  setUpStyle(uiScale, fbScale);
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330");

  // ---- app state ----
  int exitStatus = 0;
  {
    AppState state;
    state.doc = options.doc;
    std::optional<std::filesystem::path> settingsFile = settingsPath();
    std::optional<std::filesystem::path> sessionFile = sessionPath();
    Settings saved;
    if (settingsFile) {
      LoadedSettings loaded = loadSettings(*settingsFile);
      saved = loaded.settings;
      state.settingsNote = loaded.note;
      if (!loaded.note.empty()) std::fprintf(stderr, "terrain-explorer: %s\n", loaded.note.c_str());
    }
    // The last session comes back unless the flags say what to show; else
    // the remembered view and ramp apply to the flags' document.
    bool restored = false;
    if (!options.documentGiven && sessionFile && std::filesystem::exists(*sessionFile)) {
      try {
        state.doc = loadProject(sessionFile->string());
        restored = true;
      } catch (const std::exception& e) {
        state.settingsNote = std::string("last session not restored: ") + e.what();
      }
    }
    if (!restored) {
      if (!options.viewInDocument) state.doc.view.kind = saved.view;
      if (!options.rampGiven) {
        state.doc.look.ramp = saved.rampPng.empty() ? saved.ramp : saved.rampPng;
      }
    }
    if (scripted) settingsFile.reset();  // never written by a scripted run
    if (scripted) sessionFile.reset();
    if (options.view) state.doc.view.kind = *options.view;
    if (options.crossSectionRow >= 0) {
      const SourceStage& source = sourceStage(state.doc.source.key);
      const int rows = source.profile() ? 1 : source.size(state.doc.source.values);
      state.doc.view.row = render::crossSectionFraction(options.crossSectionRow, rows);
    }
    state.history = History(state.doc);
    // The Export window opens on the last export's folder while it still
    // exists (a drive may be gone), else where the explorer was started.
    std::string exportDirSetting = saved.exportDir;
    std::error_code dirError;
    state.exporting.directory =
        !saved.exportDir.empty() && std::filesystem::is_directory(saved.exportDir, dirError)
            ? saved.exportDir
            : std::filesystem::current_path().string();
    resetView(state);

    std::optional<render::TerrainView> view;
    try {
      view.emplace();
    } catch (const std::exception& e) {
      exitStatus = cannotStart(std::string("renderer: ") + e.what());
    }
    if (view) {
      updateRamp(state, *view);
      if (!state.rampStatus.ok) {
        std::fprintf(stderr, "terrain-explorer: %s\n", state.rampStatus.text.c_str());
      }
      GenerationWorker worker([] { glfwPostEmptyEvent(); });
      // Declared after the view: closing cancels an export and joins it first.
      ExportWorker exporter({}, [] { glfwPostEmptyEvent(); });
      bool testExportStarted = false;  // TERRAIN_EXPLORER_TEST_EXPORT's job
      bool testShotTaken = false;
      SeedGallery gallery([] { glfwPostEmptyEvent(); });
      GalleryTextures galleryTextures;
      std::optional<Document> galleryFor;  // the document the gallery was asked for
      std::uint64_t lastRequest = worker.request(state.doc);
      Document requestedDoc = state.doc;  // the newest document posted to the worker
      Clock::time_point requestedAt = Clock::now();
      std::optional<std::uint64_t> awaitingFrame;  // newest result uploaded, not yet drawn
      std::optional<GenerationResult> held;        // taken from the worker, not yet uploaded
      double lastUploadMs = 0.0;
      Clock::time_point lastUploadEnd = Clock::now();
      ViewInteraction interaction;
      int terrainsShown = 0;     // for --soak's report
      std::size_t nextStep = 0;  // of --actions

      // ---- loop ----
      for (int frame = 0; !glfwWindowShouldClose(window); ++frame) {
        // --actions: a step a frame, each once the terrain before it is on
        // screen; the last frame comes after the last step.
        const bool stepDue = nextStep < options.actions.size();
        // The test export starts on what would be the last frame; the run
        // ends once it has finished.
        const bool framesDone = scripted && !stepDue && frame >= options.frames - 1;
        const bool testExportDue = framesDone && testExportDir != nullptr && !testExportStarted;
        const bool lastFrame =
            framesDone && !testExportDue && !exporter.running() && !state.exporting.running;
        if (scripted || wake.framesToDraw > 0 || worker.pending() || held) {
          glfwPollEvents();
        } else if (exporter.running()) {
          glfwWaitEventsTimeout(1.0 / 30.0);  // the progress bar moves
        } else {
          glfwWaitEvents();  // the workers post an empty event when they finish
        }
        wake.framesToDraw = std::max(wake.framesToDraw - 1, 0);

        if (options.squashAt >= 0) {
          squashWindow(window, frame - options.squashAt, options.width, options.height);
        }

        // Minimised or 0x0: nothing to draw into; wait for the next event
        // (a scripted run counts the frame; its last frame is always drawn).
        int fbWidth = 0, fbHeight = 0;
        glfwGetFramebufferSize(window, &fbWidth, &fbHeight);
        const bool hidden = glfwGetWindowAttrib(window, GLFW_ICONIFIED) ||
                            !glfwGetWindowAttrib(window, GLFW_VISIBLE) || fbWidth <= 0 ||
                            fbHeight <= 0;
        if (hidden && !lastFrame) {
          if (!scripted) glfwWaitEventsTimeout(0.25);
          continue;
        }
        const auto frameStart = Clock::now();

        if (options.soak > 0) {
          if (frame > 0 && frame % kSoakReportEvery == 0) soakReport(frame, terrainsShown);
          const SoakStep step = soakStep(frame);
          state.doc = step.doc;
          lastRequest = worker.request(state.doc);
          requestedDoc = state.doc;
          requestedAt = Clock::now();
        }

        // Newest generated terrain: a screenshot always waits for it (and
        // --soak, every kSoakWaitEvery frames).
        const bool waitForNewest =
            framesDone || stepDue ||
            (options.soak > 0 && frame % kSoakWaitEvery == kSoakWaitEvery - 1);
        double cpuAtRequest = 0.0;
        if (lastFrame && logTiming) {
          // Measure one clean regeneration: same spec again, nothing else running.
          cpuAtRequest = cpuSeconds();
          requestedAt = Clock::now();
          lastRequest = worker.request(state.doc);
        }
        if (auto result = waitForNewest && worker.pending() ? worker.waitFor(lastRequest)
                                                            : worker.takeResult()) {
          held = std::move(result);
        }
        // While a slider is being dragged, slow uploads (huge maps, software
        // GL) are spaced out to at most a fifth of the time, so the panel
        // keeps up with the mouse; the newest result always lands at release.
        const bool dragging = ImGui::IsAnyItemActive();
        const bool throttled =
            dragging && lastUploadMs > kSlowUploadMs && msSince(lastUploadEnd) < 4.0 * lastUploadMs;
        double uploadMs = 0.0;
        if (held && (waitForNewest || !throttled)) {
          const bool newest = held->id == lastRequest;
          const auto uploadStart = Clock::now();
          showResult(state, *view, std::move(*held));
          held.reset();
          if (state.generateError.empty()) ++terrainsShown;
          uploadMs = msSince(uploadStart);
          lastUploadMs = uploadMs;
          lastUploadEnd = Clock::now();
          if (newest) awaitingFrame = lastRequest;
        }
        state.generating = worker.pending() || held.has_value();
        // The gallery follows the document on screen (a scripted run's last
        // frame waits for it, so screenshots do not depend on timing).
        if (state.galleryOpen && state.field &&
            (!galleryFor || !sameGalleryInput(*galleryFor, state.shownDoc))) {
          galleryFor = state.shownDoc;
          gallery.request(state.shownDoc);
        }
        if (auto previews =
                lastFrame && galleryFor ? std::optional(gallery.waitForNewest()) : gallery.take()) {
          galleryTextures.upload(*previews, state);
        }
        state.progress = worker.progress();

        // Panel and input.
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        ImGui::NewFrame();
        const Layout layout = layoutFor(window, uiScale);
        PanelActions actions;
        if (layout.panelWidth > 0.0f) {
          actions = drawPanel(state, layout.panelWidth, layout.view.height);
        }
        if (!scripted) {
          actions.nextSeed |= interaction.update(state, layout.view).regenerate;
          shortcuts(actions);
        }
        if (stepDue) {
          const ScriptStep& step = options.actions[nextStep++];
          try {
            scriptActions(state, step, actions);
          } catch (const std::exception& e) {
            std::fprintf(stderr, "terrain-explorer: --actions: '%s': %s\n", step.text.c_str(),
                         e.what());
            exitStatus = 1;
          }
        }
        if (!scripted) askForProjectFile(state, actions);
        const bool changed = applyActions(state, actions);
        if (stepDue && (actions.open || actions.saveAs) && !state.projectStatus.ok) {
          std::fprintf(stderr, "terrain-explorer: --actions: %s\n",
                       state.projectStatus.text.c_str());
          exitStatus = 1;
        }
        updateRamp(state, *view);
        // A scripted run takes no input: only its steps post documents.
        if (changed && (!scripted || stepDue) && state.doc != requestedDoc) {
          lastRequest = worker.request(state.doc);
          requestedDoc = state.doc;
          requestedAt = Clock::now();
          state.generating = true;
        }
        if (commitFinishedEdit(state.history, state.doc, ImGui::IsAnyItemActive()) && sessionFile) {
          try {
            saveProject(sessionFile->string(), state.doc);
          } catch (const std::exception& e) {
            state.settingsNote = std::string("session not saved: ") + e.what();
          }
        }
        if (testExportDue) {
          testExportStarted = true;
          actions.exportNow = setUpTestExport(state, testExportDir, testExportEngine);
        }
        if (driveExport(state, actions, exporter, *view)) {
          exportDirSetting = exportDirectory(state).string();  // remembered once it worked
        }
        drawCrossSectionMarker(state, layout.view);
        drawViewStatus(state, layout.view);
        ImGui::Render();

        // Terrain view, then the panel over it.
        glViewport(0, 0, fbWidth, fbHeight);
        glDisable(GL_SCISSOR_TEST);
        glClearColor(0.08f, 0.085f, 0.095f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        syncViewSettings(state);
        syncOverlay(state, *view);
        if (state.field && layout.fbWidth > 0 && layout.fbHeight > 0) {
          state.viewAspect =
              static_cast<float>(layout.fbWidth) / static_cast<float>(layout.fbHeight);
          view->draw(state.viewSettings, layout.fbX, 0, layout.fbWidth, layout.fbHeight);
          glViewport(0, 0, fbWidth, fbHeight);
        }
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        state.frameMs = msSince(frameStart);
        if (awaitingFrame) {
          // The new terrain is in this frame: time it once the GPU is done,
          // before the screenshot (PNG encoding is not regeneration).
          if (logTiming) glFinish();
          state.regenToFrameMs = msSince(requestedAt);
          wake.framesToDraw = std::max(wake.framesToDraw, 1);  // show the new figure in the panel
          if (logTiming) {
            std::fprintf(stderr,
                         "timing: %dx%d request->frame %.1f ms wall; generate %.1f ms + stats "
                         "%.1f ms (worker); upload %.1f ms; frame %.1f ms",
                         state.field ? state.field->width : 0,
                         state.field ? state.field->height : 0, state.regenToFrameMs,
                         state.generateMs - state.statsMs, state.statsMs, uploadMs, state.frameMs);
            if (cpuAtRequest > 0.0) {
              std::fprintf(stderr, "; process CPU %.1f ms", (cpuSeconds() - cpuAtRequest) * 1000.0);
            }
            std::fputc('\n', stderr);
          }
          awaitingFrame.reset();
        }

        // TERRAIN_EXPLORER_TEST_EXPORT_SHOT_AT=F: the screenshot shows the
        // export's progress bar once it has passed F (0..1).
        const bool shotMidExport =
            testExportShotAt != nullptr && !testShotTaken && state.exporting.progress &&
            state.exporting.progress->fraction >= std::atof(testExportShotAt);
        if (options.screenshot && ((lastFrame && !testShotTaken) || shotMidExport)) {
          testShotTaken = true;
          try {
            saveFramebufferPng(*options.screenshot, fbWidth, fbHeight);
          } catch (const std::exception& e) {
            std::fprintf(stderr, "terrain-explorer: screenshot: %s\n", e.what());
            exitStatus = 1;
          }
        }
        if (lastFrame && testExportDir != nullptr) {
          const StatusLine& status = state.exporting.status;
          std::fprintf(stderr, "terrain-explorer: export: %s\n", status.text.c_str());
          if (!status.ok) exitStatus = 1;
        }
        glfwSwapBuffers(window);
        reportGlErrors(frame);

        if (scripted && lastFrame) {
          if (options.soak > 0) soakReport(frame + 1, terrainsShown);
          if (options.printDocument) std::fputs((projectToJson(state.doc) + "\n").c_str(), stdout);
          if (!state.generateError.empty()) {
            std::fprintf(stderr, "terrain-explorer: %s\n", state.generateError.c_str());
            exitStatus = 1;
          }
          break;
        }
        if (settingsFile && currentSettings(state, exportDirSetting) != saved) {
          saved = currentSettings(state, exportDirSetting);
          const std::string err = saveSettings(*settingsFile, saved);
          if (!err.empty()) state.settingsNote = "settings not saved: " + err;
        }
      }
    }
  }

  // ---- cleanup, in reverse ----
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return exitStatus;
}

}  // namespace terrain::app
