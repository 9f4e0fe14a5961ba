#pragma once
// The window the App draws into: a GLFW window with an OpenGL 3.3 core
// context, the GL loader and Dear ImGui with its GLFW and OpenGL3 backends,
// made in that order and taken down in reverse by the destructor. Knows
// nothing of terrain.
#include <optional>
#include <stdexcept>
#include <string>

struct GLFWwindow;

namespace terrain::app {

// Why the window could not start (no display, no OpenGL 3.3 core): one
// line, for "cannot open a window (...)".
class WindowStartError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A point in the window's coordinates (ImGui's and glfwGetCursorPos's).
struct PointerAt {
  float x = 0.0f;
  float y = 0.0f;
  bool leftDown = false;  // the left button, held from a press until its release
};

struct PixelSize {
  int width = 0;
  int height = 0;
};

class WindowPlatform {
 public:
  // vsync: wait for the display between frames (off for scripted runs,
  // which should not be paced by a monitor). Throws WindowStartError.
  WindowPlatform(int width, int height, bool vsync);
  ~WindowPlatform();
  WindowPlatform(const WindowPlatform&) = delete;
  WindowPlatform& operator=(const WindowPlatform&) = delete;

  // How the loop waits before its next frame.
  enum class Wait {
    Poll,        // take what is there and go on (work under way, scripted runs)
    Briefly,     // up to 1/30 s (an export's progress bar moves)
    UntilEvent,  // until input or a worker's wake-up
    Hidden,      // up to 1/4 s (minimised: nothing to draw)
  };
  void waitForEvents(Wait wait);
  // Input arrived recently: draw a few more frames before waiting again
  // (ImGui needs a frame or two to settle).
  bool settling() const { return framesToSettle_ > 0; }
  void drawMoreFrames(int frames) {
    framesToSettle_ = frames > framesToSettle_ ? frames : framesToSettle_;
  }

  bool closeRequested() const;
  // Minimised, hidden or 0x0: nothing to draw into.
  bool hidden() const;
  PixelSize windowSize() const;       // screen coordinates (ImGui's units times uiScale)
  PixelSize framebufferSize() const;  // pixels
  float uiScale() const { return uiScale_; }

  // ImGui's new frame for both backends; drawUi() draws what ImGui::Render
  // made; present() swaps the buffers and reports GL errors (each kind
  // once) with the frame number.
  // `pointer`: the pointer ImGui sees this frame instead of the system's;
  // `keepFocus`: a focus lost since the last frame does not release the
  // keys given from outside (ImGui would clear them in NewFrame).
  void beginFrame(const std::optional<PointerAt>& pointer = std::nullopt, bool keepFocus = false);
  void drawUi();
  void present(int frame);

  GLFWwindow* handle() const { return window_; }

  // Wakes waitForEvents from any thread (the workers call it when done).
  static void wake();

 private:
  void installWakeCallbacks();
  static void markActive(GLFWwindow* window);

  GLFWwindow* window_ = nullptr;
  float uiScale_ = 1.0f;
  int framesToSettle_ = 3;
};

}  // namespace terrain::app
