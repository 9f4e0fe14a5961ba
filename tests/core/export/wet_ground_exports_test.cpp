// The look's wet ground (the fifth material) in every export that carries
// materials, read back as the engines read them (docs/engines/): the first
// splat map's RGBA and the second's R sum to 255 in every pixel, as Unity's
// two alphamaps do; Unreal gets a fifth paint layer's weight map, NAME_wet;
// Terrain3D's control map names it as texture id 4 where it is the
// heaviest. A tile alone has not the world's water, so it is refused there.
#include <gtest/gtest.h>

#include <ImfChannelList.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfInputFile.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/export_run_fixture.hpp"
#include "tests/support/png_raw.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;

const char* const kLayers[] = {"grass", "rock", "sediment", "snow", "wet"};

class WetGroundExports : public testing::ExportRunTest {};

// One pixel's five weights from the two splat maps, as Unity blends its
// alphamaps: the first map's RGBA, then the second's R.
std::array<unsigned, 5> weightsAt(const testing::RawPngImage& first,
                                  const testing::RawPngImage& second, int x, int y) {
  return {first.sample(x, y, 0), first.sample(x, y, 1), first.sample(x, y, 2),
          first.sample(x, y, 3), second.sample(x, y, 0)};
}

TEST_F(WetGroundExports, TheTwoSplatMapsAndUnrealsFiveLayersSumTo255WithWetGroundOnTheValleyFloor) {
  const testing::AppRun r =
      run({"--preset", "river-valley", "--size", "513", "--engine-size", "unreal-505",
           "--wet-ground", "on", "--heightmap", path("u.png"), "--splat", path("s.png"), "--splat2",
           path("s2.png"), "--for", "unreal"});
  ASSERT_EQ(r.status, 0) << r.err;
  const testing::RawPngImage first = testing::readRawPng(path("s.png"));
  const testing::RawPngImage second = testing::readRawPng(path("s2.png"));
  ASSERT_EQ(second.colorType, PNG_COLOR_TYPE_RGB_ALPHA);
  ASSERT_EQ(second.bitDepth, 8);
  std::vector<testing::RawPngImage> layers;
  for (const char* layer : kLayers) {
    layers.push_back(testing::readRawPng(path(std::string("u_") + layer + ".png")));
    ASSERT_EQ(layers.back().width, 505) << layer;
    ASSERT_EQ(layers.back().colorType, PNG_COLOR_TYPE_GRAY) << layer;
  }
  std::size_t wet = 0, none = 0;
  for (int y = 0; y < 505; ++y) {
    for (int x = 0; x < 505; ++x) {
      const std::array<unsigned, 5> w = weightsAt(first, second, x, y);
      unsigned sum = 0;
      for (std::size_t m = 0; m < 5; ++m) {
        ASSERT_EQ(layers[m].sample(x, y, 0), w[m]) << kLayers[m] << " at " << x << "," << y;
        sum += w[m];
      }
      ASSERT_EQ(sum, 255u) << x << "," << y;
      for (int c = 1; c < 4; ++c) ASSERT_EQ(second.sample(x, y, c), 0u) << "no sixth material";
      (w[4] > 0 ? wet : none) += 1;
    }
  }
  // The valley's wet ground is a part of it, not none and not all.
  EXPECT_GT(wet, 505u * 505u / 100u);
  EXPECT_GT(none, 505u * 505u / 2u);
}

TEST_F(WetGroundExports, WithoutWetGroundUnrealGetsFourLayersAndTheSecondMapIsEmpty) {
  const testing::AppRun r =
      run({"--preset", "river-valley", "--size", "513", "--engine-size", "unreal-505",
           "--heightmap", path("u.png"), "--splat2", path("s2.png"), "--for", "unreal"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_FALSE(fs::exists(path("u_wet.png"))) << "an old project's package is unchanged";
  EXPECT_TRUE(fs::exists(path("u_snow.png")));
  const testing::RawPngImage second = testing::readRawPng(path("s2.png"));
  for (int y = 0; y < second.height; y += 3) {
    for (int x = 0; x < second.width; x += 3) ASSERT_EQ(second.sample(x, y, 0), 0u);
  }
}

// Terrain3D's control map (docs/engines/godot.md): base id = the heaviest
// material, 4 for wet ground.
TEST_F(WetGroundExports, Terrain3DsControlMapNamesWetGroundAsTextureFourWhereItIsHeaviest) {
  const testing::AppRun r =
      run({"--preset", "river-valley", "--size", "257", "--wet-ground", "on", "--terrain3d-height",
           path("g.exr"), "--splat", path("s.png"), "--splat2", path("s2.png"), "--for", "godot"});
  ASSERT_EQ(r.status, 0) << r.err;
  Imf::InputFile file(path("g_control.exr").c_str());
  const Imath::Box2i window = file.header().dataWindow();
  const int width = window.max.x - window.min.x + 1;
  const int height = window.max.y - window.min.y + 1;
  ASSERT_EQ(width, 257);
  std::vector<float> control(std::size_t(width) * std::size_t(height));
  Imf::FrameBuffer frame;
  frame.insert("R", Imf::Slice::Make(Imf::FLOAT, control.data(), window));
  file.setFrameBuffer(frame);
  file.readPixels(window.min.y, window.max.y);
  const testing::RawPngImage first = testing::readRawPng(path("s.png"));
  const testing::RawPngImage second = testing::readRawPng(path("s2.png"));
  std::size_t wetBase = 0, wrong = 0;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      std::uint32_t bits = 0;
      std::memcpy(&bits, &control[std::size_t(y) * std::size_t(width) + std::size_t(x)], 4);
      const unsigned base = bits >> 27 & 0x1FU;
      const std::array<unsigned, 5> w = weightsAt(first, second, x, y);
      const unsigned heaviest = *std::ranges::max_element(w);
      if (base > 4 || w[base] != heaviest) ++wrong;
      if (base == 4) ++wetBase;
    }
  }
  EXPECT_EQ(wrong, 0u);
  EXPECT_GT(wetBase, 0u) << "wet ground leads somewhere on the valley floor";
}

TEST_F(WetGroundExports, ATileIsRefusedInOneLineBeforeAnyFileForItHasNotTheWorldsWater) {
  const testing::AppRun r = run({"--preset", "river-valley", "--size", "257", "--tiles", "2x2",
                                 "--out-dir", path("t"), "--wet-ground", "on", "--splat", "s.png"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("wet ground"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_FALSE(fs::exists(path("t"))) << "refused before its folder is made: " << r.err;
}

}  // namespace
}  // namespace terrain
