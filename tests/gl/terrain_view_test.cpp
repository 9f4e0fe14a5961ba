// TerrainView's contract with its callers: viewports, offscreen capture,
// GL state left as found.
#include <array>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "gl_test_support.hpp"
#include "render/gl_objects.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {
namespace {

using testing::GlTest;

// A 64x64 colour and depth target, bound and cleared magenta: a pixel still
// magenta after a draw was not touched by it.
class MagentaTarget {
 public:
  static constexpr int kSide = 64;
  MagentaTarget() {
    fbo_.bind();
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_.id());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_.id());
    complete_ = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    glViewport(0, 0, kSide, kSide);
    glClearColor(1.0f, 0.0f, 1.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  ~MagentaTarget() { glBindFramebuffer(GL_FRAMEBUFFER, 0); }
  MagentaTarget(const MagentaTarget&) = delete;
  MagentaTarget& operator=(const MagentaTarget&) = delete;

  bool complete() const { return complete_; }
  // Reads the target back; then untouched(x, y) answers for the read.
  void read() { glReadPixels(0, 0, kSide, kSide, GL_RGBA, GL_UNSIGNED_BYTE, pixels_.data()); }
  bool untouched(int x, int y) const {
    const unsigned char* p = pixels_.data() + (y * kSide + x) * 4;
    return p[0] == 255 && p[1] == 0 && p[2] == 255;
  }

 private:
  gl::Framebuffer fbo_ = gl::Framebuffer::create();
  gl::Renderbuffer color_ = gl::Renderbuffer::create(GL_RGBA8, kSide, kSide);
  gl::Renderbuffer depth_ = gl::Renderbuffer::create(GL_DEPTH_COMPONENT24, kSide, kSide);
  bool complete_ = false;
  std::array<unsigned char, kSide * kSide * 4> pixels_{};
};

TEST_F(GlTest, DrawWithAnEmptyViewportDoesNothing) {
  TerrainView view;
  view.setTerrain(testing::singleHill(33), ColorRamp::earth());
  MagentaTarget target;
  ASSERT_TRUE(target.complete());
  ViewSettings settings;
  for (ViewKind kind : {ViewKind::Side, ViewKind::Map, ViewKind::Mesh}) {
    settings.kind = kind;
    view.draw(settings, 0, 0, 0, 100);
    view.draw(settings, 0, 0, 100, 0);
    view.draw(settings, 10, 10, -5, -5);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    target.read();
    int touched = 0;
    for (int y = 0; y < MagentaTarget::kSide; ++y) {
      for (int x = 0; x < MagentaTarget::kSide; ++x) touched += target.untouched(x, y) ? 0 : 1;
    }
    EXPECT_EQ(touched, 0) << "pixels drawn by an empty viewport, view " << static_cast<int>(kind);
  }
}

TEST_F(GlTest, DrawStaysInsideItsRectangleAndRestoresState) {
  TerrainView view;
  view.setTerrain(testing::singleHill(33), ColorRamp::earth());
  MagentaTarget target;
  ASSERT_TRUE(target.complete());

  ViewSettings settings;
  settings.kind = ViewKind::Mesh;
  view.draw(settings, 16, 16, 32, 32);

  GLint viewport[4] = {};
  glGetIntegerv(GL_VIEWPORT, viewport);
  EXPECT_EQ(viewport[2], 64);
  EXPECT_EQ(glIsEnabled(GL_SCISSOR_TEST), GL_FALSE);
  EXPECT_EQ(glIsEnabled(GL_DEPTH_TEST), GL_FALSE);
  EXPECT_EQ(glIsEnabled(GL_BLEND), GL_FALSE);

  // Every pixel outside the rectangle untouched, every one inside drawn
  // (sky or terrain: the 3D view covers its whole viewport).
  target.read();
  int outsideDrawn = 0;
  int insideUntouched = 0;
  for (int y = 0; y < MagentaTarget::kSide; ++y) {
    for (int x = 0; x < MagentaTarget::kSide; ++x) {
      const bool inside = x >= 16 && x < 48 && y >= 16 && y < 48;
      if (inside && target.untouched(x, y)) ++insideUntouched;
      if (!inside && !target.untouched(x, y)) ++outsideDrawn;
    }
  }
  EXPECT_EQ(outsideDrawn, 0);
  EXPECT_EQ(insideUntouched, 0);
}

TEST_F(GlTest, RenderToImageRestoresTheFramebufferAndViewport) {
  TerrainView view;
  view.setTerrain(testing::singleHill(33), ColorRamp::earth());
  gl::Framebuffer fbo = gl::Framebuffer::create();
  gl::Renderbuffer color = gl::Renderbuffer::create(GL_RGBA8, 8, 8);
  fbo.bind();
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color.id());
  glViewport(1, 2, 3, 4);

  const RgbImage image = view.renderToImage(ViewSettings{}, 50, 30);
  EXPECT_EQ(image.width, 50);
  EXPECT_EQ(image.height, 30);
  EXPECT_EQ(image.pixels.size(), 50u * 30u * 3u);

  GLint draw = 0;
  GLint read = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw);
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read);
  EXPECT_EQ(static_cast<GLuint>(draw), fbo.id());
  EXPECT_EQ(static_cast<GLuint>(read), fbo.id());
  GLint viewport[4] = {};
  glGetIntegerv(GL_VIEWPORT, viewport);
  EXPECT_EQ(viewport[0], 1);
  EXPECT_EQ(viewport[1], 2);
  EXPECT_EQ(viewport[2], 3);
  EXPECT_EQ(viewport[3], 4);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

TEST_F(GlTest, RenderToImageIsTopRowFirst) {
  // Row 0 (north) high, the rest low: in the map the top of the image is lighter.
  Heightfield field(4, 4);
  for (int x = 0; x < 4; ++x) field.at(x, 0) = 1.0f;
  TerrainView view;
  view.setTerrain(field, ColorRamp::grayscale());
  ViewSettings settings;
  settings.hillshade = false;
  const RgbImage image = view.renderToImage(settings, 40, 40);
  EXPECT_EQ(image.at(20, 2), (Rgb8{255, 255, 255}));
  EXPECT_EQ(image.at(20, 37), (Rgb8{0, 0, 0}));
}

TEST_F(GlTest, RenderToImageRefusesSizesBeyondTheCap) {
  TerrainView view;
  view.setTerrain(testing::singleHill(9), ColorRamp::earth());
  try {
    view.renderToImage(ViewSettings{}, 8193, 100);
    FAIL() << "8193 pixels wide must throw";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("8192"), std::string::npos) << e.what();
  }
  EXPECT_THROW(view.renderToImage(ViewSettings{}, 0, 10), std::invalid_argument);
  EXPECT_EQ(view.renderToImage(ViewSettings{}, 3, 2).width, 3);  // still usable
}

TEST_F(GlTest, ViewWithoutTerrainDrawsABlankSky) {
  TerrainView view;
  for (ViewKind kind : {ViewKind::Side, ViewKind::Map, ViewKind::Mesh}) {
    ViewSettings settings;
    settings.kind = kind;
    const RgbImage image = view.renderToImage(settings, 16, 16);
    // One pale sky colour (blue above red, every channel bright), everywhere.
    const Rgb8 sky = image.at(0, 0);
    EXPECT_GT(sky.b, sky.r);
    EXPECT_GT(sky.r, 200);
    for (int y = 0; y < image.height; ++y) {
      for (int x = 0; x < image.width; ++x) {
        ASSERT_EQ(image.at(x, y), sky) << "at " << x << "," << y;
      }
    }
  }
}

TEST_F(GlTest, SetRampRecoloursWithoutNewHeights) {
  TerrainView view;
  view.setTerrain(testing::eastRamp(8), ColorRamp::grayscale());
  ViewSettings settings;
  settings.hillshade = false;
  settings.water = 0.3f;
  const RgbImage gray = view.renderToImage(settings, 64, 64);
  view.setRamp(ColorRamp::coastline());
  const RgbImage coast = view.renderToImage(settings, 64, 64);
  EXPECT_EQ(coast.at(4, 32), ColorRamp::coastline().colorAt(0.0f, 0.3f));
  EXPECT_EQ(coast.at(60, 32), ColorRamp::coastline().colorAt(1.0f, 0.3f));
  EXPECT_GT(testing::differingPixels(gray, coast), 64 * 64 / 2);
}

TEST_F(GlTest, MovedViewKeepsDrawing) {
  TerrainView first;
  first.setTerrain(testing::singleHill(17), ColorRamp::earth());
  const RgbImage before = first.renderToImage(ViewSettings{}, 32, 32);
  TerrainView second(std::move(first));
  EXPECT_EQ(testing::differingPixels(before, second.renderToImage(ViewSettings{}, 32, 32), 0), 0);
  TerrainView third;
  third = std::move(second);
  EXPECT_EQ(testing::differingPixels(before, third.renderToImage(ViewSettings{}, 32, 32), 0), 0);
}

TEST_F(GlTest, HeightmapsBeyondTheTextureLimitAreDownsampled) {
  GLint limit = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &limit);
  Heightfield field(limit + 7, 3);  // too wide for one texture
  for (int y = 0; y < field.height; ++y) {
    for (int x = 0; x < field.width; ++x) field.at(x, y) = x < field.width / 2 ? 0.0f : 1.0f;
  }
  TerrainView view;
  view.setTerrain(field, ColorRamp::grayscale());
  ViewSettings settings;
  settings.kind = ViewKind::Side;  // the cross-section shows both halves
  settings.crossSection = 0.5f;    // row 1 of 3
  const RgbImage image = view.renderToImage(settings, 100, 100);
  const int halfHeightRow = 100 - 1 - static_cast<int>((0.04f + 0.86f * 0.5f) * 100.0f);
  EXPECT_GT(image.at(20, halfHeightRow).b, image.at(20, halfHeightRow).r + 15) << "sky over 0";
  EXPECT_EQ(image.at(80, halfHeightRow).b, image.at(80, halfHeightRow).r) << "ground under 1";
}

// Busy but smooth terrain, heights in [0, 1].
Heightfield rollingHills(int size) {
  Heightfield field(size, size);
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      const float u = static_cast<float>(x) / static_cast<float>(size - 1);
      const float v = static_cast<float>(y) / static_cast<float>(size - 1);
      field.at(x, y) = 0.5f + 0.3f * std::sin(u * 11.0f) * std::cos(v * 8.0f) +
                       0.1f * std::sin((u + 2.0f * v) * 17.0f);
    }
  }
  return field;
}

TEST_F(GlTest, MapsBeyondTheTextureLimitAreShownDownsampledAndLookTheSame) {
  const Heightfield field = rollingHills(2049);
  TerrainView full;
  full.setTerrain(field, ColorRamp::earth());
  EXPECT_EQ(full.displayedResolution(), glm::ivec2(2049, 2049));
  TerrainView limited;
  limited.setTextureBudget(1024);
  EXPECT_EQ(limited.textureLimit(), 1024);
  limited.setTerrain(field, ColorRamp::earth());
  // 1025 would not fit 1024: every 3rd sample, the last gap shorter.
  EXPECT_EQ(limited.displayedResolution(), glm::ivec2(684, 684));

  ViewSettings settings;
  settings.water = 0.35f;
  for (ViewKind kind : {ViewKind::Map, ViewKind::Mesh, ViewKind::Side}) {
    settings.kind = kind;
    const RgbImage expected = full.renderToImage(settings, 320, 240);
    const RgbImage shown = limited.renderToImage(settings, 320, 240);
    if (kind == ViewKind::Mesh) testing::saveImage(shown, "mesh_downsampled_2049.png");
    EXPECT_LT(testing::differingPixels(expected, shown, 12), 320 * 240 / 50)
        << "view " << static_cast<int>(kind) << " should look like the full-resolution one";
  }
  limited.setTextureBudget(1025);
  limited.setTerrain(field, ColorRamp::earth());
  EXPECT_EQ(limited.displayedResolution(), glm::ivec2(1025, 1025)) << "every 2nd sample";
}

TEST_F(GlTest, DownsamplingKeepsTheCornersAndCellsSquare) {
  // 2x-wide map, 13 x 5 under a limit of 8: every 2nd sample, 7 x 3 shown.
  Heightfield field(13, 5);
  for (int y = 0; y < 5; ++y) {
    for (int x = 0; x < 13; ++x) field.at(x, y) = x == 12 ? 1.0f : 0.0f;
  }
  TerrainView view;
  view.setTextureBudget(8);
  view.setTerrain(field, ColorRamp::grayscale());
  EXPECT_EQ(view.displayedResolution(), glm::ivec2(7, 3));
  ViewSettings settings;
  settings.hillshade = false;
  const RgbImage image = view.renderToImage(settings, 70, 30);  // 10 px per shown cell
  EXPECT_EQ(image.at(65, 15), (Rgb8{255, 255, 255})) << "the east edge is kept";
  EXPECT_EQ(image.at(55, 15), (Rgb8{0, 0, 0}));
  view.setTextureBudget(0);
  view.setTerrain(field, ColorRamp::grayscale());
  EXPECT_EQ(view.displayedResolution(), glm::ivec2(13, 5));
}

}  // namespace
}  // namespace terrain::render
