// Renders generated terrain in every view, saves the pictures next to the
// test binary (gl_images/) for people to look at, and checks each against
// the heights it shows: colours of known cells, the skyline of a side view,
// water where the heights are below the level, framing of the 3D block.
#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/nodes/registry.hpp"
#include "gl_test_support.hpp"
#include "render/side_pass.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {
namespace {

using testing::colorNear;
using testing::GlTest;

// The source's defaults, no modifiers, that seed and those parameters.
Document showcaseDocument(std::string_view source, std::uint64_t seed,
                          std::initializer_list<std::pair<std::string_view, double>> params) {
  Document doc = defaultDocument(source);
  doc.graph = chainGraph({chainOf(doc.graph).source, {}});
  doc.seed = seed;
  const SourceStage& stage = sourceStage(source);
  for (const auto& [key, value] : params) {
    const auto index = stage.indexOf(key);
    if (!index) throw std::invalid_argument(std::string(source) + " has no " + std::string(key));
    chainSource(doc.graph).values[*index] = value;
  }
  return doc;
}

Heightfield generate(const Document& doc) {
  return runPipeline(doc, PipelineControl{Execution{}, nullptr, {}});
}

// The side view's sky at image row y (top first) of an image `height` high,
// as shaders/sky.glsl and side.frag compute it.
Rgb8 sideSkyAt(int y, int height) {
  const float p = (static_cast<float>(height - 1 - y) + 0.5f) / static_cast<float>(height);
  const float t = std::clamp((p - kSideBand.x) / (1.0f - kSideBand.x), 0.0f, 1.0f);
  const float s = t * t * (3.0f - 2.0f * t);
  auto mix = [s](float a, float b) {
    return static_cast<std::uint8_t>(std::lround((a + (b - a) * s) * 255.0f));
  };
  return {mix(0.86f, 0.38f), mix(0.91f, 0.60f), mix(0.96f, 0.86f)};
}

// Topmost image row of a column that is not sky.
int skyline(const RgbImage& image, int x) {
  for (int y = 0; y < image.height; ++y) {
    if (!colorNear(image.at(x, y), sideSkyAt(y, image.height), 6)) return y;
  }
  return image.height;
}

// Image row (top first) whose pixel centre shows height h in a side view.
float rowForHeight(float h, int imageHeight) {
  const float fromBottom =
      (kSideBand.x + (kSideBand.y - kSideBand.x) * h) * static_cast<float>(imageHeight);
  return static_cast<float>(imageHeight) - fromBottom - 0.5f;
}

// The side view's claim: the first non-sky pixel of every column sits at
// the profile's height there (linear between samples), or at the water
// level over lower ground. Steep columns get the rise across them as slack.
void expectSkylineFollows(const RgbImage& image, const float* samples, int count, float water) {
  auto groundAt = [&](float x) {
    const float s =
        std::clamp(x / static_cast<float>(image.width), 0.0f, 1.0f) * static_cast<float>(count - 1);
    const int i = std::min(static_cast<int>(s), count - 2);
    const float f = s - static_cast<float>(i);
    return std::max(samples[i] * (1.0f - f) + samples[i + 1] * f, water);
  };
  int bad = 0;
  for (int x = 0; x < image.width; ++x) {
    const float centre = static_cast<float>(x) + 0.5f;
    const float expected = rowForHeight(groundAt(centre), image.height);
    const float slack = 2.0f + std::abs(rowForHeight(groundAt(centre - 1.0f), image.height) -
                                        rowForHeight(groundAt(centre + 1.0f), image.height));
    if (std::abs(static_cast<float>(skyline(image, x)) - expected) > slack) ++bad;
  }
  EXPECT_LE(bad, image.width / 100) << "columns whose skyline is off the profile";
}

bool isSky3d(Rgb8 c) {
  return c.b > c.r + 15 && c.g > 140;  // the 3D sky is pale blue, water darker
}

// Share of pixels of a region that pass `test`.
template <typename Test>
double share(const RgbImage& image, int x0, int y0, int x1, int y1, Test test) {
  long hits = 0;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) hits += test(image.at(x, y)) ? 1 : 0;
  }
  return static_cast<double>(hits) / static_cast<double>((x1 - x0) * (y1 - y0));
}

bool borderIsSky(const RgbImage& image) {
  for (int x = 0; x < image.width; ++x) {
    if (!isSky3d(image.at(x, 0)) || !isSky3d(image.at(x, image.height - 1))) return false;
  }
  for (int y = 0; y < image.height; ++y) {
    if (!isSky3d(image.at(0, y)) || !isSky3d(image.at(image.width - 1, y))) return false;
  }
  return true;
}

TEST_F(GlTest, ShowcaseDiamondSquareInEveryView) {
  // diamond-square 513, the article's demo size
  const Heightfield field =
      generate(showcaseDocument("diamond-square", 7, {{"size", 513}, {"roughness", 0.5}}));
  const ColorRamp ramp = ColorRamp::earth();
  const float water = 0.35f;
  TerrainView view;
  view.setTerrain(field, ramp);
  const double lowShare =
      static_cast<double>(std::count_if(field.heights.begin(), field.heights.end(),
                                        [&](float h) { return h < water; })) /
      static_cast<double>(field.size());
  ASSERT_GT(lowShare, 0.02) << "the seed should have some water to show";

  ViewSettings settings;
  settings.water = water;
  settings.kind = ViewKind::Map;
  // 800x600: the square map letterboxed to x 100..699, 600/513 px per cell.
  const float scale = 600.0f / 513.0f;
  auto cellAt = [&](int px, int py) {
    return glm::ivec2(static_cast<int>((static_cast<float>(px - 100) + 0.5f) / scale),
                      static_cast<int>((static_cast<float>(py) + 0.5f) / scale));
  };
  const RgbImage map = view.renderToImage(settings, 800, 600);
  testing::saveImage(map, "showcase_map.png");
  EXPECT_NEAR(share(map, 100, 0, 700, 600, testing::isBluish), lowShare, 0.02)
      << "water covers the share of cells below the level";

  settings.hillshade = false;
  const RgbImage flat = view.renderToImage(settings, 800, 600);
  testing::saveImage(flat, "showcase_map_flat.png");
  for (int py = 3; py < 600; py += 37) {
    for (int px = 103; px < 700; px += 41) {
      const glm::ivec2 cell = cellAt(px, py);
      EXPECT_TRUE(colorNear(flat.at(px, py), ramp.colorAt(field.at(cell.x, cell.y), water), 3))
          << "pixel " << px << "," << py << " cell " << cell.x << "," << cell.y;
    }
  }

  settings.hillshade = true;
  settings.mapZoom = 6.0f;
  settings.mapCenter = {0.4f, 0.6f};
  const RgbImage zoomed = view.renderToImage(settings, 800, 600);
  testing::saveImage(zoomed, "showcase_map_zoomed.png");
  // Zoomed and panned: pixel (px, py) shows cell centre + (p - view centre) / (6 scale).
  int mismatches = 0;
  for (int py = 5; py < 600; py += 23) {
    for (int px = 5; px < 800; px += 23) {
      const float cx = 0.4f * 513.0f + (static_cast<float>(px) + 0.5f - 400.0f) / (6.0f * scale);
      const float cy = 0.6f * 513.0f + (static_cast<float>(py) + 0.5f - 300.0f) / (6.0f * scale);
      const float h = field.at(static_cast<int>(cx), static_cast<int>(cy));
      mismatches += testing::isBluish(zoomed.at(px, py)) != (h < water) ? 1 : 0;
    }
  }
  EXPECT_LE(mismatches, 3) << "the zoomed map's water is not where its cells are low";

  settings.kind = ViewKind::Side;  // the middle row, 256
  const RgbImage side = view.renderToImage(settings, 800, 300);
  testing::saveImage(side, "showcase_side_cross_section.png");
  expectSkylineFollows(side, &field.heights[field.index(0, 256)], field.width, water);

  settings.kind = ViewKind::Mesh;
  settings.mapZoom = 1.0f;
  const RgbImage mesh = view.renderToImage(settings, 1280, 720);
  testing::saveImage(mesh, "showcase_mesh.png");
  EXPECT_TRUE(borderIsSky(mesh)) << "the framed block stays inside the picture";
  const double ground = 1.0 - share(mesh, 0, 0, 1280, 720, isSky3d);
  EXPECT_GT(ground, 0.3) << "the block fills a good part of the picture";
  EXPECT_GT(
      share(mesh, 0, 0, 1280, 720, [](Rgb8 c) { return testing::isBluish(c) && !isSky3d(c); }),
      0.01)
      << "the lakes show";

  settings.camera.isometric = true;
  const RgbImage isometric = view.renderToImage(settings, 1280, 720);
  testing::saveImage(isometric, "showcase_mesh_isometric.png");
  EXPECT_TRUE(borderIsSky(isometric));
  EXPECT_GT(1.0 - share(isometric, 0, 0, 1280, 720, isSky3d), 0.3);
  EXPECT_GT(testing::differingPixels(mesh, isometric), 1280 * 720 / 20);

  settings.camera.isometric = false;
  settings.camera.zoom(6.0f);
  const RgbImage close = view.renderToImage(settings, 1280, 720);
  settings.wireframe = true;
  const RgbImage wireframe = view.renderToImage(settings, 1280, 720);
  testing::saveImage(wireframe, "showcase_mesh_wireframe.png");
  // The wireframe shows the sky between its edges: many more pixels of the
  // plain sky (the gradient's colour for their row) than the filled surface.
  auto plainSky = [](const RgbImage& image) {
    long n = 0;
    for (int y = 0; y < image.height; ++y) {
      const float t =
          (static_cast<float>(image.height - 1 - y) + 0.5f) / static_cast<float>(image.height);
      const float k = t * t * (3.0f - 2.0f * t);
      auto mix = [k](float a, float b) {
        return static_cast<std::uint8_t>(std::lround((a + (b - a) * k) * 255.0f));
      };
      const Rgb8 sky{mix(0.86f, 0.38f), mix(0.91f, 0.60f), mix(0.96f, 0.86f)};
      for (int x = 0; x < image.width; ++x) n += testing::colorDistance(image.at(x, y), sky) <= 3;
    }
    return static_cast<double>(n) / static_cast<double>(image.width * image.height);
  };
  EXPECT_GT(plainSky(wireframe), plainSky(close) + 0.1);
}

TEST_F(GlTest, ShowcaseProfiles) {
  TerrainView view;
  for (const std::string key : {"random-walk", "midpoint"}) {
    const bool midpoint = key == "midpoint";  // 001: few points, interpolated
    const Document doc = midpoint ? showcaseDocument(key, 3, {{"size", 129}, {"roughness", 0.5}})
                                  : showcaseDocument(key, 3, {{"size", 640}});
    const Heightfield profile = generate(doc);
    view.setTerrain(profile, ColorRamp::earth());
    ViewSettings settings;
    settings.kind = ViewKind::Side;
    settings.water = 0.25f;
    const RgbImage image = view.renderToImage(settings, 640, 300);
    testing::saveImage(image, "showcase_profile_" + key + ".png");
    SCOPED_TRACE(key);
    expectSkylineFollows(image, profile.heights.data(), profile.width, settings.water);
    for (int x = 0; x < image.width; x += 5) {
      EXPECT_GT(testing::brightness(image.at(x, image.height - 1)), 30.0f)
          << "the ground reaches the bottom row, column " << x;
    }
  }
}

TEST_F(GlTest, ShowcaseCoastlineMap) {
  const Heightfield field = generate(showcaseDocument("coastline", 5, {{"size", 128}}));
  TerrainView view;
  view.setTerrain(field, ColorRamp::coastline());
  ViewSettings settings;
  settings.water = 0.5f;
  settings.hillshade = false;                                     // the applet's flat tiles
  const RgbImage image = view.renderToImage(settings, 256, 256);  // the applet: 2 px per tile
  testing::saveImage(image, "showcase_coastline.png");
  // Every tile in the applet's sea blue or land green, by its class.
  int sea = 0;
  for (int y = 0; y < 128; ++y) {
    for (int x = 0; x < 128; ++x) {
      const bool low = field.at(x, y) < settings.water;
      sea += low ? 1 : 0;
      const Rgb8 expected = low ? Rgb8{0, 0, 255} : Rgb8{0, 255, 0};
      ASSERT_EQ(image.at(2 * x, 2 * y), expected) << "tile " << x << "," << y;
      ASSERT_EQ(image.at(2 * x + 1, 2 * y + 1), expected) << "tile " << x << "," << y;
    }
  }
  EXPECT_GT(sea, 128 * 128 / 10) << "a coastline has sea";
  EXPECT_LT(sea, 128 * 128 * 9 / 10) << "and land";
}

}  // namespace
}  // namespace terrain::render
