#pragma once
// An offscreen framebuffer (RGBA8 colour + 24-bit depth) for screenshots and
// exports. Kept between calls and rebuilt only when the size changes.
#include "core/look/color.hpp"
#include "render/gl_objects.hpp"

namespace terrain::render {

// Largest offscreen image side; larger requests throw std::invalid_argument.
inline constexpr int kMaxOffscreenSize = 8192;

class OffscreenTarget {
 public:
  // Throws std::invalid_argument for sizes outside 1..kMaxOffscreenSize and
  // std::runtime_error when the driver rejects the framebuffer.
  void ensure(int width, int height);
  void bind() const { framebuffer_.bind(); }
  // Reads the colour attachment into a top-row-first image.
  RgbImage read() const;

 private:
  gl::Framebuffer framebuffer_;
  gl::Renderbuffer color_;
  gl::Renderbuffer depth_;
  int width_ = 0;
  int height_ = 0;
};

}  // namespace terrain::render
