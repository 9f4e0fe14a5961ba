#include "render/terrain_textures.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/look/image.hpp"

namespace terrain::render {
namespace {

void uploadTable(gl::Texture& texture, GLuint unit, const std::vector<Rgb8>& table,
                 bool allocated) {
  if (!texture) texture = gl::Texture::create();
  texture.bind(unit);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);  // 3-byte texels
  const auto entries = static_cast<GLsizei>(table.size());
  if (allocated) {
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, entries, 1, GL_RGB, GL_UNSIGNED_BYTE, table.data());
  } else {
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, entries, 1, 0, GL_RGB, GL_UNSIGNED_BYTE, table.data());
    gl::Texture::setSampling2D(GL_LINEAR);
  }
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
}

// Samples kept along a side of `samples` when every `step`-th one is: the
// first and the last always (the last gap is shorter when step does not
// divide samples - 1; for 2^n + 1 maps and step 2^k it always does).
int keptSamples(int samples, int step) {
  return (samples - 2 + step) / step + 1;
}

// Every `step`-th sample of the field in both directions (cells stay
// square), into out (row-major, outWidth x outHeight).
template <class Cell>
void decimate(const Cell* cells, int width, int height, int step, int outWidth, int outHeight,
              std::vector<Cell>& out) {
  std::vector<int> columns(static_cast<std::size_t>(outWidth));
  for (int x = 0; x < outWidth; ++x)
    columns[static_cast<std::size_t>(x)] = std::min(x * step, width - 1);
  out.resize(Heightfield::cellCount(outWidth, outHeight));
  Cell* dst = out.data();
  for (int y = 0; y < outHeight; ++y) {
    const Cell* src = cells + Heightfield::cellCount(width, std::min(y * step, height - 1));
    for (const int x : columns) *dst++ = src[x];
  }
}

// One mip level from the one below: each texel the mean of a 2x2 block of
// `src` (w x h); an odd side's last row or column is left out, as GL sizes
// levels (floor(side / 2)). `dst` may be `src` itself: every write lands at
// or before the reads still to come.
void halveInto(const float* src, int w, int h, float* dst, int halfW, int halfH) {
  const int dx = w > 1 ? 1 : 0;
  const int dy = h > 1 ? 1 : 0;
  for (int y = 0; y < halfH; ++y) {
    const float* row0 = src + static_cast<std::size_t>(y * (dy + 1)) * static_cast<std::size_t>(w);
    const float* row1 = row0 + static_cast<std::size_t>(dy) * static_cast<std::size_t>(w);
    float* out = dst + static_cast<std::size_t>(y) * static_cast<std::size_t>(halfW);
    for (int x = 0; x < halfW; ++x) {
      const int x0 = x * (dx + 1);
      out[x] = 0.25f * ((row0[x0] + row0[x0 + dx]) + (row1[x0] + row1[x0 + dx]));
    }
  }
}

}  // namespace

int gpuTextureLimit() {
  GLint size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &size);
  return std::max(size, 1024);  // GL 3.3 guarantees 1024
}

void TerrainTextures::uploadHeights(const Heightfield& field) {
  if (field.width <= 0 || field.height <= 0 ||
      field.size() != Heightfield::cellCount(field.width, field.height)) {
    throw std::invalid_argument(
        "TerrainView::setTerrain: the heightfield is empty or inconsistent");
  }
  const int limit = textureLimit();
  const float* data = field.heights.data();
  static std::atomic<std::uint64_t> uploads{0};
  heightsVersion = ++uploads;
  decimationStep_ = 1;
  hasOverlay = false;      // a mask belongs to one field
  hasWaterBodies = false;  // and so does its water
  if (field.isProfile() && field.width > limit) {
    // Fold the profile onto rows; the tail of the last row is padding.
    textureWidth = limit;
    textureHeight = (field.width + limit - 1) / limit;
    scratch_.assign(Heightfield::cellCount(textureWidth, textureHeight), 0.0f);
    std::copy(field.heights.begin(), field.heights.end(), scratch_.begin());
    data = scratch_.data();
  } else if (field.width > limit || field.height > limit) {
    // Too big for one texture: show every step-th sample (16385 -> 8193).
    const int longest = std::max(field.width, field.height);
    const int step = (longest - 1 + limit - 2) / (limit - 1);
    textureWidth = keptSamples(field.width, step);
    textureHeight = keptSamples(field.height, step);
    decimate(field.heights.data(), field.width, field.height, step, textureWidth, textureHeight,
             scratch_);
    data = scratch_.data();
    decimationStep_ = step;
  } else {
    textureWidth = field.width;
    textureHeight = field.height;
    scratch_ = {};  // a map that fits needs no copy; free an earlier one
  }
  width = field.width;
  height = field.height;
  wraps = field.wraps && !field.isProfile();

  if (!heights) heights = gl::Texture::create();
  heights.bind(kHeightsUnit);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  if (textureWidth == allocatedWidth_ && textureHeight == allocatedHeight_) {
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, textureWidth, textureHeight, GL_RED, GL_FLOAT, data);
    uploadMipChain(data, false);
  } else {
    allocatedWidth_ = allocatedHeight_ = 0;
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, textureWidth, textureHeight, 0, GL_RED, GL_FLOAT, data);
    if (glGetError() == GL_OUT_OF_MEMORY) {
      const std::string size = std::to_string(textureWidth) + "x" + std::to_string(textureHeight);
      width = height = textureWidth = textureHeight = 0;  // nothing to draw
      throw std::runtime_error("heights texture " + size + ": out of GPU memory");
    }
    gl::Texture::setSampling2D(GL_LINEAR);
    allocatedWidth_ = textureWidth;
    allocatedHeight_ = textureHeight;
    uploadMipChain(data, true);
  }
  uploadShading(field, data);
}

void TerrainTextures::uploadShading(const Heightfield& field, const float* shown) {
  if (isProfile()) return;
  std::vector<float> texels;
  if (shown == field.heights.data()) {
    texels = despeckled(field);
  } else {  // downsampled: shade what is shown
    Heightfield kept(textureWidth, textureHeight);
    kept.heights.assign(shown, shown + kept.size());
    texels = despeckled(kept);
  }
  if (!shading) shading = gl::Texture::create();
  shading.bind(kShadingUnit);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, textureWidth, textureHeight, 0, GL_RED, GL_FLOAT,
               texels.data());
  gl::Texture::setSampling2D(GL_NEAREST);
  glActiveTexture(GL_TEXTURE0);
}

void TerrainTextures::uploadWaterBodies(const WaterLook& water) {
  if (water.alpha.empty()) {
    hasWaterBodies = false;
    return;
  }
  const std::size_t cells = Heightfield::cellCount(width, height);
  if (isProfile() || water.alpha.size() != cells || water.depth.size() != cells) {
    throw std::invalid_argument("TerrainView::setWaterBodies: the water does not match the map");
  }
  std::vector<float> depth;
  std::vector<float> alpha;
  decimate(water.depth.data(), width, height, decimationStep_, textureWidth, textureHeight, depth);
  decimate(water.alpha.data(), width, height, decimationStep_, textureWidth, textureHeight, alpha);
  std::vector<float> texels(2 * depth.size());
  for (std::size_t i = 0; i < depth.size(); ++i) {
    texels[2 * i] = depth[i];
    texels[2 * i + 1] = alpha[i];
  }
  if (!waterBodies) waterBodies = gl::Texture::create();
  waterBodies.bind(kWaterBodiesUnit);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RG16F, textureWidth, textureHeight, 0, GL_RG, GL_FLOAT,
               texels.data());
  // Bilinear: a river's edge blends across the pixels between samples.
  gl::Texture::setSampling2D(GL_LINEAR);
  // Levels of 2x2 maxima: a river one cell wide still shows as a line when
  // a pixel spans many cells, instead of breaking into dashes (the views
  // read the level their pixel's footprint wants).
  int w = textureWidth;
  int h = textureHeight;
  int level = 0;
  std::vector<float> half;
  while (w > 1 || h > 1) {
    const int halfW = std::max(w / 2, 1);
    const int halfH = std::max(h / 2, 1);
    half.assign(2 * Heightfield::cellCount(halfW, halfH), 0.0f);
    for (int y = 0; y < halfH; ++y) {
      for (int x = 0; x < halfW; ++x) {
        for (int v = 0; v < 2; ++v) {
          for (int u = 0; u < 2; ++u) {
            const int sx = std::min(2 * x + u, w - 1);
            const int sy = std::min(2 * y + v, h - 1);
            const std::size_t from =
                2 * (static_cast<std::size_t>(sy) * static_cast<std::size_t>(w) +
                     static_cast<std::size_t>(sx));
            const std::size_t to =
                2 * (static_cast<std::size_t>(y) * static_cast<std::size_t>(halfW) +
                     static_cast<std::size_t>(x));
            half[to] = std::max(half[to], texels[from]);
            half[to + 1] = std::max(half[to + 1], texels[from + 1]);
          }
        }
      }
    }
    texels.swap(half);
    w = halfW;
    h = halfH;
    ++level;
    glTexImage2D(GL_TEXTURE_2D, level, GL_RG16F, w, h, 0, GL_RG, GL_FLOAT, texels.data());
  }
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, level);
  glActiveTexture(GL_TEXTURE0);
  hasWaterBodies = true;
}

void TerrainTextures::uploadMipChain(const float* level0, bool reallocate) {
  // A profile's side view reads single samples only (and its folded rows
  // must not be averaged together): level 0 alone.
  if (isProfile()) {
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
    return;
  }
  // Built here rather than with glGenerateMipmap, which llvmpipe runs about
  // 4x slower for R32F; each level is made in place from the one before.
  int w = textureWidth;
  int h = textureHeight;
  const float* src = level0;
  int level = 0;
  while (w > 1 || h > 1) {
    const int halfW = std::max(w / 2, 1);
    const int halfH = std::max(h / 2, 1);
    if (level == 0) mipScratch_.resize(Heightfield::cellCount(halfW, halfH));
    halveInto(src, w, h, mipScratch_.data(), halfW, halfH);
    src = mipScratch_.data();
    w = halfW;
    h = halfH;
    ++level;
    if (reallocate) {
      glTexImage2D(GL_TEXTURE_2D, level, GL_R32F, w, h, 0, GL_RED, GL_FLOAT, src);
    } else {
      glTexSubImage2D(GL_TEXTURE_2D, level, 0, 0, w, h, GL_RED, GL_FLOAT, src);
    }
  }
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, level);
}

int TerrainTextures::textureRow(int fieldRow) const {
  const long long row = std::clamp(fieldRow, 0, std::max(height - 1, 0));
  return static_cast<int>((row * (textureHeight - 1) + (height - 1) / 2) / std::max(height - 1, 1));
}

void TerrainTextures::uploadRamp(const ColorRamp& ramp) {
  hasWater = ramp.hasWater();
  // A ramp without water still binds a valid table, so the sampler is complete.
  const std::vector<Rgb8> water =
      hasWater ? ramp.waterTable(kRampEntries) : std::vector<Rgb8>(kRampEntries, Rgb8{});
  uploadTable(landRamp, kLandRampUnit, ramp.landTable(kRampEntries), rampsAllocated_);
  uploadTable(waterRamp, kWaterRampUnit, water, rampsAllocated_);
  rampsAllocated_ = true;
}

void TerrainTextures::uploadOverlay(const std::vector<float>& mask) {
  if (mask.empty()) {
    hasOverlay = false;
    return;
  }
  if (isProfile() || mask.size() != Heightfield::cellCount(width, height)) {
    throw std::invalid_argument("TerrainView::setOverlay: the mask does not match the map");
  }
  std::vector<float> shown;
  decimate(mask.data(), width, height, decimationStep_, textureWidth, textureHeight, shown);
  std::vector<std::uint8_t> bytes(shown.size());
  for (std::size_t i = 0; i < shown.size(); ++i) {
    bytes[i] = static_cast<std::uint8_t>(std::lround(std::clamp(shown[i], 0.0f, 1.0f) * 255.0f));
  }
  uploadOverlayTexels(GL_R8, GL_RED, bytes.data());
  overlayIsSplat = false;
}

void TerrainTextures::uploadSplatOverlay(
    std::span<const std::array<std::uint8_t, kMaterialCount>> weights) {
  if (weights.empty()) {
    hasOverlay = false;
    return;
  }
  if (isProfile() || weights.size() != Heightfield::cellCount(width, height)) {
    throw std::invalid_argument(
        "TerrainView::setSplatOverlay: the splat map does not match the map");
  }
  std::vector<std::array<std::uint8_t, kMaterialCount>> shown;
  decimate(weights.data(), width, height, decimationStep_, textureWidth, textureHeight, shown);
  // Five weights summing to 1 in one RGBA8 texel: all but grass, which is
  // what they leave (overlay.glsl's splatColor); one fetch, as with four.
  std::vector<std::array<std::uint8_t, 4>> packed(shown.size());
  for (std::size_t i = 0; i < shown.size(); ++i)
    packed[i] = {shown[i][1], shown[i][2], shown[i][3], shown[i][4]};
  uploadOverlayTexels(GL_RGBA8, GL_RGBA, packed.data());
  overlayIsSplat = true;
}

void TerrainTextures::uploadSplatOverlay(std::span<const std::array<std::uint8_t, 4>> weights) {
  std::vector<std::array<std::uint8_t, kMaterialCount>> five(weights.size());
  for (std::size_t i = 0; i < weights.size(); ++i)
    five[i] = {weights[i][0], weights[i][1], weights[i][2], weights[i][3], 0};
  uploadSplatOverlay(std::span<const std::array<std::uint8_t, kMaterialCount>>(five));
}

void TerrainTextures::uploadOverlayTexels(GLint internalFormat, GLenum format, const void* texels) {
  if (!overlay) overlay = gl::Texture::create();
  overlay.bind(kOverlayUnit);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, internalFormat, textureWidth, textureHeight, 0, format,
               GL_UNSIGNED_BYTE, texels);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  // Bilinear for the 3D view's materials; the map view reads texels exactly.
  gl::Texture::setSampling2D(GL_LINEAR);
  glActiveTexture(GL_TEXTURE0);
  hasOverlay = true;
}

void TerrainTextures::bind() const {
  heights.bind(kHeightsUnit);
  landRamp.bind(kLandRampUnit);
  waterRamp.bind(kWaterRampUnit);
  if (hasOverlay) overlay.bind(kOverlayUnit);
  if (shading) shading.bind(kShadingUnit);
  if (hasWaterBodies) waterBodies.bind(kWaterBodiesUnit);
  glActiveTexture(GL_TEXTURE0);
}

void setTerrainUniforms(const gl::Program& program, const TerrainTextures& textures, float water) {
  program.set("uHeights", static_cast<int>(kHeightsUnit));
  program.set("uLandRamp", static_cast<int>(kLandRampUnit));
  program.set("uWaterRamp", static_cast<int>(kWaterRampUnit));
  program.set("uHasWater", textures.hasWater ? 1 : 0);
  program.set("uWater", std::clamp(water, 0.0f, 1.0f));
  program.set("uShading", static_cast<int>(kShadingUnit));
  program.set("uWaterBodies", static_cast<int>(kWaterBodiesUnit));
  program.set("uHasWaterBodies", textures.hasWaterBodies ? 1 : 0);
  program.set("uInlandWaterColor",
              glm::vec3(kInlandWaterColor[0], kInlandWaterColor[1], kInlandWaterColor[2]));
}

std::uint32_t terrainFeatures(const TerrainTextures& textures, bool showOverlay, bool overlayGrey) {
  std::uint32_t features = 0;
  if (textures.hasWater) features |= kFeatureHasWater;
  if (textures.hasWaterBodies) features |= kFeatureWaterBodies;
  if (showOverlay && textures.hasOverlay) {
    features |= kFeatureShowOverlay;
    if (textures.overlayIsSplat) features |= kFeatureOverlaySplat;
    if (overlayGrey) features |= kFeatureOverlayGrey;
  }
  return features;
}

void setOverlayUniforms(const gl::Program& program, const TerrainTextures& textures, bool show,
                        glm::vec3 maskColor,
                        const std::array<glm::vec3, kMaterialCount>& materialColors) {
  program.set("uOverlay", static_cast<int>(kOverlayUnit));
  program.set("uShowOverlay", show && textures.hasOverlay ? 1 : 0);
  program.set("uOverlayColor", maskColor);
  program.set("uOverlaySplat", textures.overlayIsSplat ? 1 : 0);
  static constexpr const char* kColors[kMaterialCount] = {"uSplatColors[0]", "uSplatColors[1]",
                                                          "uSplatColors[2]", "uSplatColors[3]",
                                                          "uSplatColors[4]"};
  for (std::size_t i = 0; i < materialColors.size(); ++i)
    program.set(kColors[i], materialColors[i]);
}

}  // namespace terrain::render
