#pragma once
// One invisible GLFW window with an OpenGL 3.3 core context per process, glad
// loaded: for the GL tests and the render benchmark. `error` says why there
// is none (no display, no 3.3 core) and how to run under xvfb-run.
#include <cstdlib>
#include <string>

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace terrain::render::testing {

struct GlContext {
  GLFWwindow* window = nullptr;
  std::string error;  // why there is no context

  GlContext() {
    glfwSetErrorCallback([](int, const char*) {});  // the message is reported below
    if (glfwInit() != GLFW_TRUE) {
      error = describe("glfwInit failed");
      return;
    }
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    window = glfwCreateWindow(64, 64, "gl_tests", nullptr, nullptr);
    if (window == nullptr) {
      error = describe("glfwCreateWindow (OpenGL 3.3 core) failed");
      return;
    }
    glfwMakeContextCurrent(window);
    if (gladLoadGL(glfwGetProcAddress) == 0) error = "gladLoadGL failed";
  }
  ~GlContext() {
    if (window != nullptr) glfwDestroyWindow(window);
    glfwTerminate();
  }
  GlContext(const GlContext&) = delete;
  GlContext& operator=(const GlContext&) = delete;

  static std::string describe(const char* what) {
    const char* detail = nullptr;
    glfwGetError(&detail);
    const char* display = std::getenv("DISPLAY");
    return std::string(what) + (detail ? std::string(": ") + detail : std::string()) +
           ". DISPLAY=" + (display ? display : "(unset)") +
           ". Run the GL tests under xvfb-run -a -s \"-screen 0 1280x1024x24\".";
  }

  static GlContext& instance() {
    static GlContext context;
    return context;
  }
};

}  // namespace terrain::render::testing
