#include "app/window_platform.hpp"

#include <glad/gl.h>
// glad first: GLFW must not pull in the system GL header.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>
#include <system_error>

namespace terrain::app {
namespace {

// GLFW reports errors through a callback without a user pointer; the last
// one is kept to explain a failed start in one line.
std::string g_lastGlfwError;
void onGlfwError(int /*code*/, const char* description) {
  g_lastGlfwError = description != nullptr ? description : "unknown GLFW error";
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

// The window and its 3.3 core context; throws WindowStartError saying why not.
GLFWwindow* createWindow(int width, int height) {
  glfwSetErrorCallback(onGlfwError);
  if (!glfwInit()) throw WindowStartError(displayProblem());
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  GLFWwindow* window = glfwCreateWindow(width, height, "Terrain Explorer", nullptr, nullptr);
  if (window != nullptr) return window;
  const std::string glfwError = g_lastGlfwError;
  const std::string offered = offeredGlVersion();
  glfwTerminate();
  throw WindowStartError(offered.empty() ? "no OpenGL 3.3 core context: " + glfwError
                                         : "OpenGL 3.3 core profile is needed; the driver "
                                           "refused it and offers " +
                                               offered);
}

// The GL functions, once the context is current; throws WindowStartError
// when the driver's version is below 3.3.
void loadGl() {
  const int version = gladLoadGL(glfwGetProcAddress);
  if (version == 0) throw WindowStartError("cannot load OpenGL functions");
  const int major = GLAD_VERSION_MAJOR(version);
  const int minor = GLAD_VERSION_MINOR(version);
  if (major * 10 + minor < 33) {
    throw WindowStartError("OpenGL 3.3 core profile is needed; the driver offers OpenGL " +
                           std::to_string(major) + "." + std::to_string(minor));
  }
}

}  // namespace

WindowPlatform::WindowPlatform(int width, int height, bool vsync)
    : window_(createWindow(width, height)) {
  glfwMakeContextCurrent(window_);
  glfwSwapInterval(vsync ? 1 : 0);
  glfwSetWindowUserPointer(window_, this);
  installWakeCallbacks();
  try {
    loadGl();
  } catch (...) {
    glfwDestroyWindow(window_);
    glfwTerminate();
    throw;
  }
  float contentScaleX = 1.0f, contentScaleY = 1.0f;
  glfwGetWindowContentScale(window_, &contentScaleX, &contentScaleY);
  const PixelSize win = windowSize();
  const PixelSize fb = framebufferSize();
  // Where the OS already scales window coordinates (macOS), the framebuffer
  // is larger than the window and ImGui only needs sharper fonts.
  const float fbScale = win.width > 0 && fb.width > 0
                            ? static_cast<float>(fb.width) / static_cast<float>(win.width)
                            : 1.0f;
  uiScale_ = std::max(1.0f, contentScaleX / fbScale);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // the panel is laid out in code
  setUpStyle(uiScale_, fbScale);
  ImGui_ImplGlfw_InitForOpenGL(window_, true);
  ImGui_ImplOpenGL3_Init("#version 330");
}

WindowPlatform::~WindowPlatform() {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window_);
  glfwTerminate();
}

void WindowPlatform::markActive(GLFWwindow* window) {
  if (auto* platform = static_cast<WindowPlatform*>(glfwGetWindowUserPointer(window))) {
    platform->framesToSettle_ = 3;
  }
}

void WindowPlatform::installWakeCallbacks() {
  // Set before ImGui's backend, which chains to these.
  glfwSetMouseButtonCallback(window_, [](GLFWwindow* w, int, int, int) { markActive(w); });
  glfwSetScrollCallback(window_, [](GLFWwindow* w, double, double) { markActive(w); });
  glfwSetKeyCallback(window_, [](GLFWwindow* w, int, int, int, int) { markActive(w); });
  glfwSetCharCallback(window_, [](GLFWwindow* w, unsigned) { markActive(w); });
  glfwSetWindowFocusCallback(window_, [](GLFWwindow* w, int) { markActive(w); });
  glfwSetCursorEnterCallback(window_, [](GLFWwindow* w, int) { markActive(w); });
  // Not chained by ImGui 1.86's backend; ours alone.
  glfwSetCursorPosCallback(window_, [](GLFWwindow* w, double, double) { markActive(w); });
  glfwSetFramebufferSizeCallback(window_, [](GLFWwindow* w, int, int) { markActive(w); });
  glfwSetWindowRefreshCallback(window_, [](GLFWwindow* w) { markActive(w); });
  glfwSetWindowIconifyCallback(window_, [](GLFWwindow* w, int) { markActive(w); });
}

void WindowPlatform::waitForEvents(Wait wait) {
  switch (wait) {
    case Wait::Poll:
      glfwPollEvents();
      break;
    case Wait::Briefly:
      glfwWaitEventsTimeout(1.0 / 30.0);
      break;
    case Wait::UntilEvent:
      glfwWaitEvents();
      break;
    case Wait::Hidden:
      glfwWaitEventsTimeout(0.25);
      break;
  }
  framesToSettle_ = std::max(framesToSettle_ - 1, 0);
}

bool WindowPlatform::closeRequested() const {
  return glfwWindowShouldClose(window_) != 0;
}

bool WindowPlatform::hidden() const {
  const PixelSize fb = framebufferSize();
  return glfwGetWindowAttrib(window_, GLFW_ICONIFIED) != 0 ||
         glfwGetWindowAttrib(window_, GLFW_VISIBLE) == 0 || fb.width <= 0 || fb.height <= 0;
}

PixelSize WindowPlatform::windowSize() const {
  PixelSize size;
  glfwGetWindowSize(window_, &size.width, &size.height);
  return size;
}

PixelSize WindowPlatform::framebufferSize() const {
  PixelSize size;
  glfwGetFramebufferSize(window_, &size.width, &size.height);
  return size;
}

void WindowPlatform::beginFrame(const std::optional<PointerAt>& pointer, bool keepFocus) {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();  // reads the system's pointer (only while focused)
  ImGuiIO& io = ImGui::GetIO();
  if (pointer) {
    io.MousePos = ImVec2(pointer->x, pointer->y);
    io.MouseDown[ImGuiMouseButton_Left] = pointer->leftDown;
  }
  if (keepFocus) io.AppFocusLost = false;
  ImGui::NewFrame();
}

void WindowPlatform::drawUi() {
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void WindowPlatform::present(int frame) {
  glfwSwapBuffers(window_);
  static std::set<GLenum> reported;  // each kind once, not every frame
  for (GLenum err = glGetError(); err != GL_NO_ERROR; err = glGetError()) {
    if (reported.insert(err).second) {
      std::fprintf(stderr, "terrain-explorer: GL error 0x%04x (frame %d)\n", err, frame);
    }
  }
}

void WindowPlatform::wake() {
  glfwPostEmptyEvent();
}

}  // namespace terrain::app
