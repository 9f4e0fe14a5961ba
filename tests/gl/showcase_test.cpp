// Renders generated terrain in every view and saves the pictures next to the
// test binary (gl_images/), for people to look at. The assertions only guard
// against blank or broken frames; the other suites check the details.
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "core/document.hpp"
#include "core/pipeline.hpp"
#include "core/registry.hpp"
#include "gl_test_support.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {
namespace {

using testing::GlTest;

// The source's defaults, no modifiers, that seed and those parameters.
Document showcaseDocument(std::string_view source, std::uint64_t seed,
                          std::initializer_list<std::pair<std::string_view, double>> params) {
  Document doc = defaultDocument(source);
  doc.modifiers.clear();
  doc.seed = seed;
  const SourceStage& stage = sourceStage(source);
  for (const auto& [key, value] : params) {
    const auto index = stage.indexOf(key);
    if (!index) throw std::invalid_argument(std::string(source) + " has no " + std::string(key));
    doc.source.values[*index] = value;
  }
  return doc;
}

Heightfield generate(const Document& doc) {
  return runPipeline(doc, PipelineControl{Execution{}, nullptr, {}});
}

// A picture is not blank when it has a good spread of colours.
int distinctColours(const RgbImage& image) {
  std::vector<bool> seen(1 << 15, false);
  int count = 0;
  for (std::size_t i = 0; i + 2 < image.pixels.size(); i += 3) {
    const auto key =
        static_cast<std::size_t>((image.pixels[i] >> 3) << 10 | (image.pixels[i + 1] >> 3) << 5 |
                                 (image.pixels[i + 2] >> 3));
    if (!seen[key]) {
      seen[key] = true;
      ++count;
    }
  }
  return count;
}

TEST_F(GlTest, ShowcaseDiamondSquareInEveryView) {
  // diamond-square 513, the article's demo size; roughness 0.5 as these
  // pictures always had (the old shared default)
  const Heightfield field =
      generate(showcaseDocument("diamond-square", 7, {{"size", 513}, {"roughness", 0.5}}));
  TerrainView view;
  view.setTerrain(field, ColorRamp::earth());

  ViewSettings settings;
  settings.water = 0.35f;
  settings.kind = ViewKind::Map;
  const RgbImage map = view.renderToImage(settings, 800, 600);
  testing::saveImage(map, "showcase_map.png");
  settings.hillshade = false;
  testing::saveImage(view.renderToImage(settings, 800, 600), "showcase_map_flat.png");
  settings.hillshade = true;
  settings.mapZoom = 6.0f;
  settings.mapCenter = {0.4f, 0.6f};
  testing::saveImage(view.renderToImage(settings, 800, 600), "showcase_map_zoomed.png");

  settings.kind = ViewKind::Side;
  const RgbImage side = view.renderToImage(settings, 800, 300);
  testing::saveImage(side, "showcase_side_cross_section.png");

  settings.kind = ViewKind::Mesh;
  const RgbImage mesh = view.renderToImage(settings, 1280, 720);
  testing::saveImage(mesh, "showcase_mesh.png");
  settings.camera.isometric = true;
  testing::saveImage(view.renderToImage(settings, 1280, 720), "showcase_mesh_isometric.png");
  settings.camera.isometric = false;
  settings.wireframe = true;
  settings.camera.zoom(6.0f);
  testing::saveImage(view.renderToImage(settings, 1280, 720), "showcase_mesh_wireframe.png");

  EXPECT_GT(distinctColours(map), 200);
  EXPECT_GT(distinctColours(side), 50);
  EXPECT_GT(distinctColours(mesh), 200);
}

TEST_F(GlTest, ShowcaseProfiles) {
  TerrainView view;
  for (std::string_view source : {"random-walk", "midpoint"}) {
    const bool midpoint = source == "midpoint";
    // 001: few points, interpolated.
    const Document doc = midpoint ? showcaseDocument(source, 3, {{"size", 129}, {"roughness", 0.5}})
                                  : showcaseDocument(source, 3, {{"size", 640}});
    view.setTerrain(generate(doc), ColorRamp::earth());
    ViewSettings settings;
    settings.kind = ViewKind::Side;
    settings.water = 0.25f;
    const RgbImage image = view.renderToImage(settings, 640, 300);
    testing::saveImage(image, "showcase_profile_" + std::string(source) + ".png");
    EXPECT_GT(distinctColours(image), 50);
  }
}

TEST_F(GlTest, ShowcaseCoastlineMap) {
  TerrainView view;
  view.setTerrain(generate(showcaseDocument("coastline", 5, {{"size", 128}})),
                  ColorRamp::coastline());
  ViewSettings settings;
  settings.water = 0.5f;
  const RgbImage image = view.renderToImage(settings, 256, 256);  // the applet: 2 px per tile
  testing::saveImage(image, "showcase_coastline.png");
  EXPECT_GT(distinctColours(image), 1);
}

}  // namespace
}  // namespace terrain::render
