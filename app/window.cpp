// The window's loop, like Dear ImGui's GLFW + OpenGL3 example: the window,
// the App, a frame at a time until the window closes (or --frames are
// done), then both taken down in reverse.
#include "app/window.hpp"

#include <cstdio>
#include <optional>
#include <string>

#include "app/app.hpp"
#include "app/screenshot.hpp"
#include "app/window_platform.hpp"

namespace terrain::app {
namespace {

int cannotStart(const std::string& why) {
  std::fprintf(stderr,
               "terrain-explorer: cannot open a window (%s); use 'terrain-explorer export ...' "
               "for headless export\n",
               why.c_str());
  return 1;
}

// Scripted runs never wait; a designer's window waits as the App says.
WindowPlatform::Wait nextWait(const App& app, bool scripted) {
  return scripted ? WindowPlatform::Wait::Poll : app.idleWait();
}

// --frames N: the last frame shows the newest terrain and its gallery, is
// saved to --screenshot, and a generation error ends the run with status 1.
int finishScriptedRun(const AppOptions& options, const WindowPlatform& platform, const App& app) {
  int status = 0;
  if (options.screenshot) {
    const PixelSize fb = platform.framebufferSize();
    try {
      saveFramebufferPng(*options.screenshot, fb.width, fb.height);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "terrain-explorer: screenshot: %s\n", e.what());
      status = 1;
    }
  }
  if (!app.shown().generateError.empty()) {
    std::fprintf(stderr, "terrain-explorer: %s\n", app.shown().generateError.c_str());
    status = 1;
  }
  return status;
}

}  // namespace

int runWindow(const AppOptions& options) {
  // --frames: no input, and the settings are read but never written.
  const bool scripted = options.frames > 0;
  std::optional<WindowPlatform> platform;
  std::optional<App> app;  // after the platform: destroyed before it
  try {
    platform.emplace(options.width, options.height, !scripted);
    app.emplace(options, *platform, AppStorage::standard(!scripted));
  } catch (const std::exception& e) {  // WindowStartError, or the renderer's
    return cannotStart(e.what());
  }
  for (int frame = 0; !platform->closeRequested(); ++frame) {
    const bool lastFrame = scripted && frame >= options.frames - 1 && !app->exportRunning();
    platform->waitForEvents(nextWait(*app, scripted));
    if (platform->hidden() && !lastFrame) {
      if (!scripted) platform->waitForEvents(WindowPlatform::Wait::Hidden);
      continue;
    }
    app->update({.userInput = !scripted,
                 .postEdits = !scripted,
                 .waitForNewest = lastFrame,
                 .waitForGallery = lastFrame,
                 .actions = {},
                 .keys = {},
                 .text = {},
                 .wheel = 0.0f,
                 .pointer = std::nullopt});
    const int status = lastFrame ? finishScriptedRun(options, *platform, *app) : 0;
    platform->present(frame);
    if (lastFrame) return status;
    app->saveSettingsIfChanged();
  }
  return 0;
}

}  // namespace terrain::app
