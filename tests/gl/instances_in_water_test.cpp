// Instances in the 3D view against the water and the view's edge: the sea
// covers what stands below its surface (the instances are drawn with the
// ground, before the water), what stands above it is untouched; and an
// instance scaled far past its species' size is drawn while any of it is
// on screen, even when the place it stands on is well out of view.
#include <optional>
#include <vector>

#include "core/scatter/scatter.hpp"
#include "gl_test_support.hpp"
#include "render/instance_shapes.hpp"
#include "render/mesh_geometry.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {
namespace {

using testing::colorDistance;
using testing::GlTest;
using testing::imageDirectory;

constexpr int kSide = 129;
constexpr double kSpan = 10.0 * (kSide - 1);  // metres, first sample to last
constexpr double kHeightRange = 1000.0;
constexpr InstancePlacement kPlacement{{kSpan, kSpan}, kHeightRange};
constexpr int kWidth = 320, kHeight = 240;

bool reddish(Rgb8 c) {
  return c.r > c.g + 60 && c.r > c.b + 60;
}
bool magenta(Rgb8 c) {
  return c.r > c.g + 80 && c.b > c.g + 80 && std::abs(c.r - c.b) < 60;
}

ScatterInstance standing(double u, double v, float height01, std::uint32_t species,
                         float scale = 1.0f) {
  ScatterInstance s;
  s.x = u * kSpan;
  s.y = v * kSpan;
  s.height = static_cast<float>(static_cast<double>(height01) * kHeightRange);
  s.scale = scale;
  s.species = species;
  return s;
}

// Pixels of `image` in the instances' colour test that `plain` (the same
// view without instances) does not show.
template <class Colour>
int instancePixels(const RgbImage& image, const RgbImage& plain, Colour colour) {
  int count = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const Rgb8 c = image.at(x, y);
      count += colour(c) && !colour(plain.at(x, y)) && colorDistance(c, plain.at(x, y)) > 2;
    }
  }
  return count;
}

// West half a seabed at 0.05, east half land at 0.70; the sea at 0.5. Red
// boxes 200 m tall stand on the seabed (tops at 0.25: all of them under
// 250 m of water), magenta ones on the land. Before, the instances
// were drawn after the water, red over the sea as if it were not there.
TEST_F(GlTest, TheSeaCoversTheInstancesBelowItsSurfaceAndNotThoseAboveIt) {
  Heightfield field(kSide, kSide);
  for (int y = 0; y < kSide; ++y) {
    for (int x = 0; x < kSide; ++x) field.at(x, y) = x < kSide / 2 ? 0.05f : 0.70f;
  }
  std::vector<ScatterInstance> instances;
  for (const double v : {0.3, 0.5, 0.7}) {
    instances.push_back(standing(0.25, v, 0.05f, 0));
    instances.push_back(standing(0.75, v, 0.70f, 1));
  }
  const std::vector<InstanceLook> looks{{InstanceShape::Box, {0.9f, 0.08f, 0.08f}, 90.0f, 120.0f},
                                        {InstanceShape::Box, {0.85f, 0.1f, 0.85f}, 90.0f, 120.0f}};
  TerrainView plain;
  plain.setTerrain(field, ColorRamp::earth());
  TerrainView scattered;
  scattered.setTerrain(field, ColorRamp::earth());
  scattered.setInstances(instances, looks, kPlacement);
  ViewSettings view;
  view.kind = ViewKind::Mesh;
  view.ambientOcclusion = false;
  view.water = 0.0f;  // no sea: every instance shows
  const RgbImage dry = scattered.renderToImage(view, kWidth, kHeight);
  const RgbImage dryPlain = plain.renderToImage(view, kWidth, kHeight);
  view.water = 0.5f;
  const RgbImage wet = scattered.renderToImage(view, kWidth, kHeight);
  const RgbImage wetPlain = plain.renderToImage(view, kWidth, kHeight);
  writePngRgb8((imageDirectory() / "instances_under_the_sea.png").string(), wet);

  const int redDry = instancePixels(dry, dryPlain, reddish);
  const int redWet = instancePixels(wet, wetPlain, reddish);
  const int magentaDry = instancePixels(dry, dryPlain, magenta);
  const int magentaWet = instancePixels(wet, wetPlain, magenta);
  ASSERT_GT(redDry, 3 * 20) << "the seabed's boxes show without the sea";
  ASSERT_GT(magentaDry, 3 * 20) << "the land's boxes show";
  EXPECT_LE(redWet, redDry / 50) << "red through " << redWet << " pixels of sea";
  // The land's boxes are the same pixels with the sea or without it (the
  // sea's far wall may hide a few of their lowest pixels).
  EXPECT_NEAR(magentaWet, magentaDry, magentaDry / 20);
  // Where a submerged box stands, the picture is the sea's, only tinted:
  // each pixel nearer the sea over bare seabed than the box was to it.
  int tinted = 0, changed = 0;
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      if (!reddish(dry.at(x, y)) || reddish(dryPlain.at(x, y))) continue;
      if (colorDistance(dry.at(x, y), dryPlain.at(x, y)) <= 2) continue;
      ++changed;
      tinted += colorDistance(wet.at(x, y), wetPlain.at(x, y)) <
                colorDistance(dry.at(x, y), dryPlain.at(x, y)) / 2;
    }
  }
  EXPECT_GE(tinted, changed * 9 / 10) << tinted << " of " << changed;
}

// A species of slabs 60 m across and 10 m tall, one of them scaled 20 times
// (1200 m across on a 1280 m map): it stands where the box twice its
// species' size around its place lies wholly outside the view (the old
// fixed bound of scale 2 culled it there), yet its top reaches the screen.
TEST_F(GlTest, AnInstanceScaledFarPastItsSpeciesIsDrawnWhileAnyOfItIsOnScreen) {
  Heightfield field(kSide, kSide);
  for (float& h : field.heights) h = 0.3f;
  const InstanceLook look{InstanceShape::Box, {0.9f, 0.08f, 0.08f}, 60.0f, 10.0f};
  constexpr float kScale = 20.0f;
  ViewSettings view;
  view.kind = ViewKind::Mesh;
  view.ambientOcclusion = false;
  view.water = 0.0f;
  view.camera.distance = 0.3f;  // close in on the centre: the map's edges are out of view
  const MeshGeometry g = meshGeometry(view, {kSide, kSide}, float(kWidth) / float(kHeight));
  // Is the box of `half` (uv) around uv, from h to h + top (0..1 of the
  // height range), wholly on one side outside the view?
  const auto outOfView = [&](glm::vec2 uv, float half, float top) {
    std::optional<glm::vec2> lo, hi;
    for (int k = 0; k < 8; ++k) {
      const glm::vec2 at = uv + glm::vec2((k & 1) ? half : -half, (k & 2) ? half : -half);
      const auto ndc = projectToView(g, at, (k & 4) ? 0.3f + top : 0.3f);
      if (!ndc) return false;  // behind the camera: not a clean case
      lo = lo ? glm::min(*lo, *ndc) : *ndc;
      hi = hi ? glm::max(*hi, *ndc) : *ndc;
    }
    return hi->x < -1.0f || lo->x > 1.0f || hi->y < -1.0f || lo->y > 1.0f;
  };
  const float species = static_cast<float>(static_cast<double>(look.width) / kSpan);
  const float speciesTop = static_cast<float>(static_cast<double>(look.height) / kHeightRange);
  // A point of the scaled box's top well inside the view, from a place
  // whose box at twice the species' size is wholly outside it.
  const auto topInView = [&](glm::vec2 uv) {
    const float half = 0.5f * kScale * species;
    for (int b = -2; b <= 2; ++b) {
      for (int a = -2; a <= 2; ++a) {
        const glm::vec2 at =
            uv + 0.4f * half * glm::vec2(static_cast<float>(a), static_cast<float>(b));
        const auto ndc = projectToView(g, at, 0.3f + kScale * speciesTop);
        if (ndc && std::abs(ndc->x) < 0.8f && std::abs(ndc->y) < 0.8f) return true;
      }
    }
    return false;
  };
  std::optional<glm::vec2> place;
  for (int j = 0; j <= 40 && !place; ++j) {
    for (int i = 0; i <= 40 && !place; ++i) {
      const glm::vec2 uv(static_cast<float>(i) / 40.0f, static_cast<float>(j) / 40.0f);
      if (outOfView(uv, 2.0f * species, 2.0f * speciesTop) && topInView(uv)) place = uv;
    }
  }
  ASSERT_TRUE(place) << "no place out of view whose scaled box's top is in view";
  TerrainView plain;
  plain.setTerrain(field, ColorRamp::grayscale());
  TerrainView scattered;
  scattered.setTerrain(field, ColorRamp::grayscale());
  const std::vector<ScatterInstance> one{
      standing(static_cast<double>(place->x), static_cast<double>(place->y), 0.3f, 0, kScale)};
  scattered.setInstances(one, std::vector<InstanceLook>{look}, kPlacement);
  const RgbImage image = scattered.renderToImage(view, kWidth, kHeight);
  writePngRgb8((imageDirectory() / "instance_scaled_past_the_view.png").string(), image);
  EXPECT_GT(instancePixels(image, plain.renderToImage(view, kWidth, kHeight), reddish), 200)
      << "the box standing at (" << place->x << ", " << place->y << ") is not drawn";
}

}  // namespace
}  // namespace terrain::render
