#pragma once
// GL test fixture: one invisible GLFW window with an OpenGL 3.3 core context
// per process, glad loaded. Without a display the tests FAIL (not skip): CI
// runs them under xvfb-run, where a missing display is a real fault.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include "core/base/heightfield.hpp"
#include "core/io/png_io.hpp"
#include "core/look/color.hpp"
#include "tests/support/gl_context.hpp"

namespace terrain::render::testing {

class GlTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const GlContext& context = GlContext::instance();
    ASSERT_TRUE(context.error.empty()) << context.error;
    while (glGetError() != GL_NO_ERROR) {
    }
  }
  void TearDown() override {
    if (GlContext::instance().error.empty()) {
      EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << "a GL error was left behind";
    }
  }
};

// Largest per-channel difference.
inline int colorDistance(Rgb8 a, Rgb8 b) {
  return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
}

inline float brightness(Rgb8 c) {
  return 0.2126f * static_cast<float>(c.r) + 0.7152f * static_cast<float>(c.g) +
         0.0722f * static_cast<float>(c.b);
}

inline bool isBluish(Rgb8 c) {
  return c.b > c.r + 20 && c.b >= c.g;
}

inline ::testing::AssertionResult colorNear(Rgb8 actual, Rgb8 expected, int tolerance) {
  const int d = colorDistance(actual, expected);
  if (d <= tolerance) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "got (" << int(actual.r) << ", " << int(actual.g) << ", " << int(actual.b)
         << "), expected (" << int(expected.r) << ", " << int(expected.g) << ", " << int(expected.b)
         << ") within " << tolerance;
}

// Number of differing pixels between two same-size images.
inline int differingPixels(const RgbImage& a, const RgbImage& b, int tolerance = 2) {
  int count = 0;
  for (int y = 0; y < a.height; ++y) {
    for (int x = 0; x < a.width; ++x) {
      if (colorDistance(a.at(x, y), b.at(x, y)) > tolerance) ++count;
    }
  }
  return count;
}

// Rendered pictures go next to the test binary (build tree), for people to look at.
inline std::filesystem::path imageDirectory() {
  std::error_code ec;
  std::filesystem::path dir = std::filesystem::read_symlink("/proc/self/exe", ec).parent_path();
  if (ec) dir = std::filesystem::current_path();
  dir /= "gl_images";
  std::filesystem::create_directories(dir, ec);
  return dir;
}

inline void saveImage(const RgbImage& image, const std::string& name) {
  writePngRgb8((imageDirectory() / name).string(), image);
}

// Synthetic maps. A plane rising from west (0) to east (1).
inline Heightfield eastRamp(int size) {
  Heightfield field(size, size);
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x)
      field.at(x, y) = static_cast<float>(x) / static_cast<float>(size - 1);
  }
  return field;
}

// A round hill (cone-like, smooth top) in the middle, 0 at the rim.
inline Heightfield singleHill(int size, float peak = 1.0f) {
  Heightfield field(size, size);
  const float c = static_cast<float>(size - 1) * 0.5f;
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      const float dx = (static_cast<float>(x) - c) / c;
      const float dy = (static_cast<float>(y) - c) / c;
      const float r = std::min(std::sqrt(dx * dx + dy * dy), 1.0f);
      field.at(x, y) = peak * 0.5f * (1.0f + std::cos(r * 3.14159265f));
    }
  }
  return field;
}

// A ridge along the north-south axis: the west half faces west, the east half east.
inline Heightfield ridge(int size) {
  Heightfield field(size, size);
  const float c = static_cast<float>(size - 1) * 0.5f;
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      field.at(x, y) = 0.9f - 0.8f * std::abs(static_cast<float>(x) - c) / c;
    }
  }
  return field;
}

}  // namespace terrain::render::testing
