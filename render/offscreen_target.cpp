#include "render/offscreen_target.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace terrain::render {

void OffscreenTarget::ensure(int width, int height) {
  if (width < 1 || height < 1 || width > kMaxOffscreenSize || height > kMaxOffscreenSize) {
    throw std::invalid_argument("renderToImage: size " + std::to_string(width) + "x" +
                                std::to_string(height) + " is outside 1.." +
                                std::to_string(kMaxOffscreenSize) + " per side");
  }
  if (framebuffer_ && width == width_ && height == height_) return;
  framebuffer_ = gl::Framebuffer::create();
  color_ = gl::Renderbuffer::create(GL_RGBA8, width, height);
  depth_ = gl::Renderbuffer::create(GL_DEPTH_COMPONENT24, width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_.id());
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_.id());
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    framebuffer_.reset();
    throw std::runtime_error("renderToImage: offscreen framebuffer incomplete (status " +
                             std::to_string(status) + ")");
  }
  width_ = width;
  height_ = height;
}

RgbImage OffscreenTarget::read() const {
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(width_) *
                                 static_cast<std::size_t>(height_) * 4);
  GLint packAlignment = 4;
  glGetIntegerv(GL_PACK_ALIGNMENT, &packAlignment);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_.id());
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  glPixelStorei(GL_PACK_ALIGNMENT, packAlignment);

  // GL's rows run bottom-up; images are top row first.
  RgbImage image(width_, height_);
  const auto w = static_cast<std::size_t>(width_);
  for (int y = 0; y < height_; ++y) {
    const std::uint8_t* src = rgba.data() + static_cast<std::size_t>(height_ - 1 - y) * w * 4;
    std::uint8_t* dst = image.pixels.data() + static_cast<std::size_t>(y) * w * 3;
    for (std::size_t x = 0; x < w; ++x) {
      dst[x * 3 + 0] = src[x * 4 + 0];
      dst[x * 3 + 1] = src[x * 4 + 1];
      dst[x * 3 + 2] = src[x * 4 + 2];
    }
  }
  return image;
}

}  // namespace terrain::render
