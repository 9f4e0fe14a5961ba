#include "app/screenshot.hpp"

#include <glad/gl.h>

#include <cstring>

#include "core/base/error.hpp"
#include "core/io/png_io.hpp"
#include "core/look/color.hpp"

namespace terrain::app {

void saveFramebufferPng(const std::string& path, int width, int height) {
  if (width <= 0 || height <= 0) {
    throw IoError("cannot write '" + path + "': the window has no pixels (minimised?)");
  }
  RgbImage image(width, height);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, image.pixels.data());
  // GL's rows start at the bottom; PNG's at the top.
  const auto stride = static_cast<std::size_t>(width) * 3;
  std::vector<std::uint8_t> swap(stride);
  for (std::size_t top = 0, bottom = static_cast<std::size_t>(height) - 1; top < bottom;
       ++top, --bottom) {
    std::uint8_t* a = image.pixels.data() + top * stride;
    std::uint8_t* b = image.pixels.data() + bottom * stride;
    std::memcpy(swap.data(), a, stride);
    std::memcpy(a, b, stride);
    std::memcpy(b, swap.data(), stride);
  }
  writePngRgb8(path, image);
}

}  // namespace terrain::app
