// What the renderer spends a frame on (issue 38 items 10 and 11): llvmpipe
// runs every branch of a shader under a mask, so each feature a view does
// not show is compiled out (ProgramVariants), and a large map's ambient
// occlusion is made at no more than a 1025 map's size.
#include <algorithm>
#include <cmath>
#include <ctime>
#include <optional>
#include <vector>

#include "core/look/splat.hpp"
#include "core/look/water_look.hpp"
#include "gl_test_support.hpp"
#include "render/ambient_occlusion.hpp"
#include "render/grid_mesh.hpp"
#include "render/mesh_pass.hpp"
#include "render/shader_library.hpp"
#include "render/terrain_textures.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {
namespace {

using testing::GlTest;

// Smooth, busy relief from one function of the map's place, so maps of
// different sizes sample the same landscape.
Heightfield sampledLandscape(int size) {
  Heightfield field(size, size);
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      const float u = static_cast<float>(x) / static_cast<float>(size - 1);
      const float v = static_cast<float>(y) / static_cast<float>(size - 1);
      field.at(x, y) = 0.5f + 0.35f * std::sin(u * 9.0f) * std::cos(v * 7.0f) +
                       0.08f * std::sin((u + v) * 23.0f) + 0.03f * std::sin(u * 61.0f + v * 47.0f);
    }
  }
  return field;
}

// Draws into an offscreen target of its own, as the window draws a frame.
class Target {
 public:
  Target(int width, int height) : width_(width), height_(height) {
    glGenFramebuffers(1, &fbo_);
    glGenRenderbuffers(2, buffers_);
    glBindRenderbuffer(GL_RENDERBUFFER, buffers_[0]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glBindRenderbuffer(GL_RENDERBUFFER, buffers_[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, width, height);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, buffers_[0]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, buffers_[1]);
  }
  ~Target() {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteRenderbuffers(2, buffers_);
    glDeleteFramebuffers(1, &fbo_);
  }
  Target(const Target&) = delete;
  Target& operator=(const Target&) = delete;
  void bind() const { glBindFramebuffer(GL_FRAMEBUFFER, fbo_); }
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  int width_;
  int height_;
  GLuint fbo_ = 0;
  GLuint buffers_[2] = {};
};

// Process CPU time of one drawn frame (llvmpipe's threads included; steadier
// than wall time on a shared machine), the median of `frames`.
double frameCpuMs(TerrainView& view, const ViewSettings& settings, const Target& target,
                  int frames) {
  target.bind();
  view.draw(settings, 0, 0, target.width(), target.height());  // compiles the variant
  glFinish();
  std::vector<double> ms;
  for (int i = 0; i < frames; ++i) {
    const std::clock_t start = std::clock();
    target.bind();
    view.draw(settings, 0, 0, target.width(), target.height());
    glFinish();
    ms.push_back(1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC);
  }
  std::nth_element(ms.begin(), ms.begin() + frames / 2, ms.end());
  return ms[static_cast<std::size_t>(frames / 2)];
}

// The Map view of a 1025 map with nothing over it costs clearly less than
// with the splat's materials and the lakes and rivers over it: the old
// shader paid for every feature on every pixel (both 64 ms CPU at
// 1280x720 here), so its ratio was ~1.
TEST_F(GlTest, FeaturesAViewDoesNotShowCostItsPixelsNothing) {
  const Heightfield map = sampledLandscape(1025);
  Look look;
  look.water = 0.35;
  TerrainView view;
  view.setTerrain(map, ColorRamp::earth());
  view.setSplatOverlay(computeSplat(map, look, World{}));
  view.setWaterBodies(waterLook(map, look, World{}));
  const Target target(640, 360);
  ViewSettings plain;
  plain.kind = ViewKind::Map;
  plain.water = 0.35f;
  plain.hillshade = false;
  ViewSettings full = plain;
  full.hillshade = true;
  full.showOverlay = true;
  double plainMs = 0.0;
  double fullMs = 0.0;
  for (int round = 0; round < 3; ++round) {  // interleaved: load from other work hits both
    plainMs += frameCpuMs(view, plain, target, 5);
    fullMs += frameCpuMs(view, full, target, 5);
  }
  RecordProperty("plain_ms", static_cast<int>(plainMs / 3.0));
  RecordProperty("full_ms", static_cast<int>(fullMs / 3.0));
  EXPECT_LT(plainMs, 0.75 * fullMs)
      << "plain " << plainMs / 3.0 << " ms, with everything " << fullMs / 3.0 << " ms a frame";
}

// A program compiled with a feature fixed draws what the program with that
// feature as a uniform draws, pixel for pixel: the Map view's every switch.
TEST_F(GlTest, AFeatureFixedAtCompileTimeDrawsAsItsUniformDid) {
  const Heightfield map = sampledLandscape(129);
  TerrainTextures textures;
  textures.uploadHeights(map);
  textures.uploadRamp(ColorRamp::earth());
  const Target target(160, 120);
  ProgramVariants variants("fullscreen.vert", "map.frag", kTerrainFeatureNames);
  const gl::Program uniforms = loadProgram("fullscreen.vert", "map.frag");
  const auto drawWith = [&](const gl::Program& program, bool hillshade) {
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glViewport(0, 0, target.width(), target.height());
    textures.bind();
    program.use();
    setTerrainUniforms(program, textures, 0.3f);
    setOverlayUniforms(program, textures, false, glm::vec3(1.0f), {});
    program.set("uSize", glm::ivec2(textures.textureWidth, textures.textureHeight));
    program.set("uViewport", glm::vec4(0.0f, 0.0f, 160.0f, 120.0f));
    program.set("uCenter", glm::vec2(0.5f));
    program.set("uZoom", 1.0f);
    program.set("uHillshade", hillshade ? 1 : 0);
    program.set("uSun", glm::vec3(-0.5f, -0.5f, 0.70710678f));
    program.set("uRelief", 0.5f);
    program.set("uOverlayGrey", 0);
    program.set("uWraps", 0);
    program.set("uMarkRow", -1);
    const gl::VertexArray empty = gl::VertexArray::create();
    empty.bind();
    glDrawArrays(GL_TRIANGLES, 0, 3);
    std::vector<std::uint8_t> pixels(static_cast<std::size_t>(160 * 120 * 4));
    glReadPixels(0, 0, 160, 120, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    glUseProgram(0);  // none of these programs outlives the test
    return pixels;
  };
  for (const bool hillshade : {false, true}) {
    const std::uint32_t key =
        (textures.hasWater ? kFeatureHasWater : 0U) | (hillshade ? kFeatureHillshade : 0U);
    const auto fixed = drawWith(variants.get(key), hillshade);
    const auto asUniform = drawWith(uniforms, hillshade);
    EXPECT_EQ(fixed, asUniform) << "hillshade " << hillshade;
    // and the switch is not dead: the other variant draws something else
    EXPECT_NE(drawWith(variants.get(key ^ kFeatureHillshade), !hillshade), asUniform);
  }
}

RgbImage readTarget(const Target& target) {
  target.bind();
  RgbImage image(target.width(), target.height());
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(target.width() * target.height() * 4));
  glReadPixels(0, 0, target.width(), target.height(), GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  for (int y = 0; y < target.height(); ++y) {
    for (int x = 0; x < target.width(); ++x) {
      const std::size_t i =
          4 * static_cast<std::size_t>((target.height() - 1 - y) * target.width() + x);
      image.set(x, y, {rgba[i], rgba[i + 1], rgba[i + 2]});
    }
  }
  return image;
}

ViewSettings meshView() {
  ViewSettings view;
  view.kind = ViewKind::Mesh;
  view.water = 0.35f;
  return view;
}

// A map that lands in the 3D view is prepared a band a frame and shown
// whole or not at all: every frame until then is the old map's picture,
// pixel for pixel, and the frame after the last band the new map's.
TEST_F(GlTest, ANewMapIsShownWholeAfterItsPartsNeverHalfMade) {
  const Heightfield first = sampledLandscape(1025);
  Heightfield second = first;
  for (float& h : second.heights) h = 1.0f - h;  // another landscape, same size
  const ViewSettings settings = meshView();
  const Target target(320, 200);
  TerrainView reference;
  reference.setTerrain(first, ColorRamp::earth());
  const RgbImage firstPicture = reference.renderToImage(settings, 320, 200);
  reference.setTerrain(second, ColorRamp::earth());
  const RgbImage secondPicture = reference.renderToImage(settings, 320, 200);
  ASSERT_GT(testing::differingPixels(firstPicture, secondPicture), 320 * 200 / 4);

  TerrainView view;
  view.setTerrain(first, ColorRamp::earth());
  target.bind();
  view.draw(settings, 0, 0, 320, 200);
  EXPECT_FALSE(view.preparing()) << "the first map has nothing to wait behind";
  EXPECT_EQ(testing::differingPixels(readTarget(target), firstPicture, 0), 0);
  view.setTerrain(second, ColorRamp::earth());
  EXPECT_EQ(view.displayedResolution(), glm::ivec2(1025, 1025));
  int frames = 0;
  while (view.preparing() && frames < 20) {
    target.bind();
    view.draw(settings, 0, 0, 320, 200);
    ++frames;
    const RgbImage frame = readTarget(target);
    const RgbImage& expected = view.preparing() ? firstPicture : secondPicture;
    EXPECT_EQ(testing::differingPixels(frame, expected, 0), 0) << "frame " << frames;
  }
  // The frame it lands in makes nothing (it paid for the uploads), then
  // 513 rows of occlusion in bands of kAmbientOcclusionBandTexels / 513.
  const int bands =
      (513 + kAmbientOcclusionBandTexels / 513 - 1) / (kAmbientOcclusionBandTexels / 513);
  EXPECT_EQ(frames, 1 + bands);
  EXPECT_GE(frames, 3) << "made in parts, not in the frame it landed";
}

// A frame that must show the newest map (a screenshot, a test) has it.
TEST_F(GlTest, FinishPreparingShowsTheNewMapInTheNextFrame) {
  Heightfield second = sampledLandscape(513);
  for (float& h : second.heights) h = 1.0f - h;
  const ViewSettings settings = meshView();
  const Target target(200, 150);
  TerrainView reference;
  reference.setTerrain(second, ColorRamp::earth());
  const RgbImage secondPicture = reference.renderToImage(settings, 200, 150);
  TerrainView view;
  view.setTerrain(sampledLandscape(513), ColorRamp::earth());
  target.bind();
  view.draw(settings, 0, 0, 200, 150);
  view.setTerrain(second, ColorRamp::earth());
  EXPECT_TRUE(view.preparing());
  view.finishPreparing();
  target.bind();
  view.draw(settings, 0, 0, 200, 150);
  EXPECT_FALSE(view.preparing());
  EXPECT_EQ(testing::differingPixels(readTarget(target), secondPicture, 0), 0);
  // The map view needs no preparing: a new map is shown in its first frame.
  ViewSettings map = settings;
  map.kind = ViewKind::Map;
  view.setTerrain(sampledLandscape(513), ColorRamp::earth());
  target.bind();
  view.draw(map, 0, 0, 200, 150);
  EXPECT_FALSE(view.preparing());
}

// No frame stalls when a map lands: the worst frame while a 1025 map is
// prepared in parts costs well under the frame that made it whole (the
// old path: 114 ms of occlusion on top of the frame here).
TEST_F(GlTest, TheFramesWhileAMapLandsCostFarLessThanMakingItWhole) {
  const Heightfield map = sampledLandscape(1025);
  const ViewSettings settings = meshView();
  const Target target(640, 360);
  TerrainView view;
  view.setTerrain(map, ColorRamp::earth());
  target.bind();
  view.draw(settings, 0, 0, 640, 360);
  glFinish();
  const auto frameMs = [&] {
    const std::clock_t start = std::clock();
    target.bind();
    view.draw(settings, 0, 0, 640, 360);
    glFinish();
    return 1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
  };
  double worstPart = 0.0;
  double whole = 0.0;
  for (int round = 0; round < 2; ++round) {
    view.setTerrain(map, ColorRamp::earth());
    while (view.preparing()) worstPart = std::max(worstPart, frameMs());
    view.setTerrain(map, ColorRamp::earth());
    view.finishPreparing();
    whole += frameMs() / 2.0;
  }
  EXPECT_LT(worstPart, 0.75 * whole) << "worst frame in parts " << worstPart
                                     << " ms, the frame that makes it whole " << whole << " ms";
}

// The occlusion of a 2049 map is made at the 1025 map's size and is the
// same soft term: the two agree texel for texel within about 1% on average
// (1.7 levels of 255 here; at most 22, where the 2049 map's finer relief
// shows at a texel's centre).
TEST_F(GlTest, ALargeMapsOcclusionIsTheThousandTwentyFiveMapsTerm) {
  const auto occlusionOf = [](int size, glm::ivec2& shape) {
    TerrainTextures textures;
    textures.uploadHeights(sampledLandscape(size));
    AmbientOcclusion occlusion;
    EXPECT_TRUE(occlusion.update(textures, 0.25f, true));
    shape = occlusion.size();
    std::vector<std::uint8_t> texels(static_cast<std::size_t>(shape.x * shape.y));
    glActiveTexture(GL_TEXTURE0 + kAmbientOcclusionUnit);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_BYTE, texels.data());
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glActiveTexture(GL_TEXTURE0);
    return texels;
  };
  glm::ivec2 small{0};
  glm::ivec2 large{0};
  glm::ivec2 preview{0};
  const auto at1025 = occlusionOf(1025, small);
  const auto at2049 = occlusionOf(2049, large);
  occlusionOf(513, preview);
  EXPECT_EQ(small, glm::ivec2(513, 513));
  EXPECT_EQ(large, glm::ivec2(513, 513));
  EXPECT_EQ(preview, glm::ivec2(257, 257)) << "smaller maps keep half their side";
  ASSERT_EQ(at1025.size(), at2049.size());
  double sum = 0.0;
  int worst = 0;
  int open = 0;
  for (std::size_t i = 0; i < at1025.size(); ++i) {
    const int d = std::abs(int(at1025[i]) - int(at2049[i]));
    sum += d;
    worst = std::max(worst, d);
    if (at1025[i] < 250) ++open;
  }
  EXPECT_GT(open, static_cast<int>(at1025.size() / 10)) << "the relief occludes: not a blank term";
  EXPECT_LT(sum / static_cast<double>(at1025.size()), 2.5);
  EXPECT_LE(worst, 40);
}

// The 3D view draws a 1025 map with a grid of at most 513^2 vertices picked
// by its size on screen; lit per pixel from the full heights, it shows the
// terrain the full 1025^2 mesh shows: the outline within 2 pixels in every
// column, no background through the surface, and nearly every pixel within
// a few levels of the reference's colour.
TEST_F(GlTest, TheLevelOfDetailShowsTheFullResolutionMeshsTerrain) {
  TerrainTextures textures;
  textures.uploadHeights(sampledLandscape(1025));
  textures.uploadRamp(ColorRamp::earth());
  const Target target(640, 400);
  MeshPass pass;
  ViewSettings view = meshView();
  struct Picture {
    RgbImage colour;
    std::vector<float> depth;  // 1: nothing drawn (sky)
  };
  const auto draw = [&](std::optional<GridShape> grid) {
    pass.gridOverride = grid;
    target.bind();
    glViewport(0, 0, 640, 400);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 640, 400);
    textures.bind();
    pass.draw(textures, view, {0, 0, 640, 400}, MeshPass::Occlusion::Whole);
    Picture picture{readTarget(target), std::vector<float>(640 * 400)};
    glReadPixels(0, 0, 640, 400, GL_DEPTH_COMPONENT, GL_FLOAT, picture.depth.data());
    glUseProgram(0);
    glBindVertexArray(0);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
    glDepthMask(GL_TRUE);
    return picture;
  };
  const Picture lod = draw(std::nullopt);
  const Picture full = draw(GridShape{1025, 1025, 1025, 1025});
  testing::saveImage(lod.colour, "lod_default_view.png");
  testing::saveImage(full.colour, "lod_full_mesh_reference.png");
  const auto ground = [](const Picture& p, int x, int yFromBottom) {
    return p.depth[static_cast<std::size_t>(yFromBottom * 640 + x)] < 1.0f;
  };
  // The outline: the highest ground pixel of each column.
  int worstOutline = 0;
  int columns = 0;
  for (int x = 0; x < 640; ++x) {
    int topLod = -1;
    int topFull = -1;
    for (int y = 0; y < 400; ++y) {
      if (ground(lod, x, y)) topLod = y;
      if (ground(full, x, y)) topFull = y;
    }
    if (topFull < 0 && topLod < 0) continue;
    ++columns;
    worstOutline = std::max(worstOutline, std::abs(topLod - topFull));
  }
  // Background where the reference has ground, away from its outline.
  int holes = 0;
  int unlike = 0;
  int both = 0;
  for (int y = 2; y < 398; ++y) {
    for (int x = 2; x < 638; ++x) {
      bool inside = true;
      for (int dy = -2; dy <= 2 && inside; ++dy) {
        for (int dx = -2; dx <= 2 && inside; ++dx) inside = ground(full, x + dx, y + dy);
      }
      if (inside && !ground(lod, x, y)) ++holes;
      if (inside && ground(lod, x, y)) {
        ++both;
        const int row = 399 - y;  // images are top row first
        if (testing::colorDistance(lod.colour.at(x, row), full.colour.at(x, row)) > 8) ++unlike;
      }
    }
  }
  RecordProperty("outline_px", worstOutline);
  RecordProperty("unlike_pixels", unlike);
  ASSERT_GT(columns, 320) << "the block fills most of the view";
  EXPECT_LE(worstOutline, 2);
  EXPECT_EQ(holes, 0);
  EXPECT_LT(unlike, both / 50) << unlike << " of " << both << " ground pixels differ by over 8";
}

}  // namespace
}  // namespace terrain::render
