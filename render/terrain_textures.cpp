#include "render/terrain_textures.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace terrain::render {
namespace {

int maxTextureSize() {
  GLint size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &size);
  return std::max(size, 1024);  // GL 3.3 guarantees 1024
}

void uploadR32F(gl::Texture& texture, int width, int height, const float* data) {
  if (!texture) texture = gl::Texture::create();
  texture.bind(kHeightsUnit);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, width, height, 0, GL_RED, GL_FLOAT, data);
  gl::Texture::setSampling2D(GL_NEAREST);
}

void uploadTable(gl::Texture& texture, GLuint unit, const std::vector<Rgb8>& table) {
  if (!texture) texture = gl::Texture::create();
  texture.bind(unit);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);  // 3-byte texels
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, static_cast<GLsizei>(table.size()), 1, 0, GL_RGB,
               GL_UNSIGNED_BYTE, table.data());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  gl::Texture::setSampling2D(GL_LINEAR);
}

// Nearest-sample decimation for heightmaps beyond the GPU's texture limit.
Heightfield decimated(const Heightfield& field, int maxSize) {
  const int w = std::min(field.width, maxSize);
  const int h = std::min(field.height, maxSize);
  Heightfield out(w, h);
  for (int y = 0; y < h; ++y) {
    const int sy = static_cast<int>(static_cast<long long>(y) * (field.height - 1) / std::max(h - 1, 1));
    for (int x = 0; x < w; ++x) {
      const int sx = static_cast<int>(static_cast<long long>(x) * (field.width - 1) / std::max(w - 1, 1));
      out.at(x, y) = field.at(sx, sy);
    }
  }
  return out;
}

}  // namespace

void TerrainTextures::uploadHeights(const Heightfield& field) {
  if (field.width <= 0 || field.height <= 0 || field.size() != Heightfield::cellCount(field.width, field.height)) {
    throw std::invalid_argument("TerrainView::setTerrain: the heightfield is empty or inconsistent");
  }
  const int limit = maxTextureSize();
  width = field.width;
  height = field.height;
  if (field.isProfile() && field.width > limit) {
    // Fold the profile onto rows; the tail of the last row is padding.
    textureWidth = limit;
    textureHeight = (field.width + limit - 1) / limit;
    std::vector<float> folded(Heightfield::cellCount(textureWidth, textureHeight), 0.0f);
    std::copy(field.heights.begin(), field.heights.end(), folded.begin());
    uploadR32F(heights, textureWidth, textureHeight, folded.data());
  } else if (field.width > limit || field.height > limit) {
    const Heightfield small = decimated(field, limit);
    width = textureWidth = small.width;
    height = textureHeight = small.height;
    uploadR32F(heights, textureWidth, textureHeight, small.heights.data());
  } else {
    textureWidth = field.width;
    textureHeight = field.height;
    uploadR32F(heights, textureWidth, textureHeight, field.heights.data());
  }
}

void TerrainTextures::uploadRamp(const ColorRamp& ramp) {
  uploadTable(landRamp, kLandRampUnit, ramp.landTable(kRampEntries));
  hasWater = ramp.hasWater();
  // A ramp without water still binds a valid table, so the sampler is complete.
  const std::vector<Rgb8> water = hasWater ? ramp.waterTable(kRampEntries)
                                           : std::vector<Rgb8>(kRampEntries, Rgb8{});
  uploadTable(waterRamp, kWaterRampUnit, water);
}

void TerrainTextures::bind() const {
  heights.bind(kHeightsUnit);
  landRamp.bind(kLandRampUnit);
  waterRamp.bind(kWaterRampUnit);
  if (surface) surface.bind(kSurfaceUnit);
  glActiveTexture(GL_TEXTURE0);
}

}  // namespace terrain::render
