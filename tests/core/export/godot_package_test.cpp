// --for godot (issue 39 item 6) against Terrain3D's written rules, read back
// here by those rules alone (no Godot binary on this machine): its control
// map is one uint32 bit field per sample kept in a float EXR (its
// doc/docs/controlmap_format.md: base texture id x >> 27 & 0x1F, overlay id
// x >> 22 & 0x1F, blend 0..255 x >> 14 & 0xFF, UV angle x >> 10 & 0xF, UV
// scale x >> 7 & 0x7, hole x >> 2 & 1, navigation x >> 1 & 1, autoshader
// x & 1); its heights are real heights in metres in a float EXR; its
// Terrain3DData.import_images() places an image's first sample at
// global_position / vertex_spacing, within 16 regions of the origin each way.
#include <gtest/gtest.h>

#include <ImfChannelList.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfInputFile.h>
#include <png.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "tests/support/app_process.hpp"
#include "tests/support/export_run_fixture.hpp"
#include "tests/support/files.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// One float32 channel of an EXR, by OpenEXR's own reader; its names too.
struct ExrChannel {
  int width = 0;
  int height = 0;
  std::vector<std::string> names;
  std::vector<float> samples;
};
ExrChannel readExr(const std::string& path, const char* channel) {
  Imf::InputFile file(path.c_str());
  const Imath::Box2i window = file.header().dataWindow();
  ExrChannel out;
  out.width = window.max.x - window.min.x + 1;
  out.height = window.max.y - window.min.y + 1;
  for (auto c = file.header().channels().begin(); c != file.header().channels().end(); ++c) {
    out.names.emplace_back(c.name());
    EXPECT_EQ(c.channel().type, Imf::FLOAT) << c.name() << ": 32-bit float";
  }
  out.samples.resize(std::size_t(out.width) * std::size_t(out.height));
  Imf::FrameBuffer frame;
  frame.insert(channel, Imf::Slice::Make(Imf::FLOAT, out.samples.data(), window));
  file.setFrameBuffer(frame);
  file.readPixels(window.min.y, window.max.y);
  return out;
}

std::vector<float> readR32(const std::string& path) {
  const std::string bytes = testing::readAll(path);
  std::vector<float> out(bytes.size() / 4);
  std::memcpy(out.data(), bytes.data(), out.size() * 4);
  return out;
}

// RGBA8 by libpng's own reader.
std::vector<std::array<std::uint8_t, 4>> readRgba(const std::string& path) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  EXPECT_NE(png_image_begin_read_from_file(&image, path.c_str()), 0) << path;
  image.format = PNG_FORMAT_RGBA;
  std::vector<std::array<std::uint8_t, 4>> out(std::size_t(image.width) * image.height);
  EXPECT_NE(png_image_finish_read(&image, nullptr, out.data(), 0, nullptr), 0) << path;
  return out;
}

// Terrain3D's documented fields.
struct Control {
  unsigned base, overlay, blend, uvAngle, uvScale, hole, navigation, autoshader;
};
Control decode(std::uint32_t x) {
  return {x >> 27 & 0x1FU, x >> 22 & 0x1FU, x >> 14 & 0xFFU, x >> 10 & 0xFU,
          x >> 7 & 0x7U,   x >> 2 & 0x1U,   x >> 1 & 0x1U,   x & 0x1U};
}

class GodotPackage : public testing::ExportRunTest {};

TEST_F(GodotPackage, TheControlMapHoldsTheSplatMapsTwoHeaviestMaterialsAndTheirBlend) {
  const testing::AppRun r = run({"--preset", "alpine", "--size", "257", "--terrain3d-height",
                                 path("g.exr"), "--splat", path("g_splat.png"), "--for", "godot"});
  ASSERT_EQ(r.status, 0) << r.err;
  const ExrChannel control = readExr(path("g_control.exr"), "R");
  EXPECT_EQ(control.names, std::vector<std::string>{"R"}) << "Godot reads one R channel as RF";
  const auto splat = readRgba(path("g_splat.png"));
  ASSERT_EQ(control.samples.size(), 257u * 257u);
  ASSERT_EQ(splat.size(), control.samples.size());
  std::size_t wrong = 0;
  std::set<unsigned> bases;
  std::size_t blended = 0;
  for (std::size_t i = 0; i < splat.size(); ++i) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &control.samples[i], 4);
    const Control c = decode(bits);
    const auto& w = splat[i];
    std::array<unsigned, 4> sorted = {w[0], w[1], w[2], w[3]};
    std::ranges::sort(sorted, std::greater<>());
    const bool ok =
        c.base < 4 && c.overlay < 4 && w[c.base] == sorted[0] &&
        (sorted[1] == 0
             ? c.blend == 0
             : c.overlay != c.base && w[c.overlay] == sorted[1] &&
                   c.blend ==
                       unsigned(std::lround(255.0 * sorted[1] / double(sorted[0] + sorted[1])))) &&
        c.uvAngle == 0 && c.uvScale == 0 && c.hole == 0 && c.navigation == 0 && c.autoshader == 0;
    if (!ok) ++wrong;
    bases.insert(c.base);
    if (c.blend > 0) ++blended;
  }
  EXPECT_EQ(wrong, 0u);
  // A claim about the alpine map, not a tautology: more than one material
  // leads somewhere, and borders blend.
  EXPECT_GE(bases.size(), 2u);
  EXPECT_GT(blended, 0u);
}

TEST_F(GodotPackage, TheHeightsAreTheFloatMapInMetresAndTheSidecarGivesTheSpacing) {
  const testing::AppRun r =
      run({"--size", "129", "--base-elevation", "200", "--height-range", "900",
           "--terrain3d-height", path("g.exr"), "--raw", path("g.r32"), "--for", "godot"});
  ASSERT_EQ(r.status, 0) << r.err;
  const ExrChannel metres = readExr(path("g.exr"), "R");
  EXPECT_EQ(metres.names, std::vector<std::string>{"R"});
  const std::vector<float> heights = readR32(path("g.r32"));
  ASSERT_EQ(metres.samples.size(), 129u * 129u);
  ASSERT_EQ(heights.size(), metres.samples.size());
  std::size_t differing = 0;
  for (std::size_t i = 0; i < heights.size(); ++i) {
    if (metres.samples[i] != float(200.0 + double(heights[i]) * 900.0)) ++differing;
  }
  EXPECT_EQ(differing, 0u);
  const auto [low, high] = std::ranges::minmax(metres.samples);
  EXPECT_GE(low, 200.0f);
  EXPECT_LE(high, 1100.0f);
  EXPECT_GT(high - low, 100.0f) << "a terrain, not a plane";
  EXPECT_TRUE(fs::exists(path("g_color.png")));
  const Json sidecar = Json::parse(testing::readAll(path("g.exr.json")));
  EXPECT_EQ(sidecar["engines"]["godot"]["vertex-spacing-m"], sidecar["metres-per-cell"]);
  EXPECT_EQ(sidecar["engines"]["godot"]["height-offset-m"], 0.0);
  EXPECT_EQ(sidecar["engines"]["godot"]["height-scale"], 1.0);
}

// The script's PIECES, one a line: height, control, colour, position.
struct Piece {
  std::string height, control, color;
  double x = 0.0, z = 0.0;
};
std::vector<Piece> piecesOf(const std::string& script) {
  const std::regex line(
      R"re(\t\["([^"]+)", "([^"]+)", "([^"]*)", Vector3\(([-0-9.e]+), 0\.0, ([-0-9.e]+)\)\],)re");
  std::vector<Piece> out;
  for (auto m = std::sregex_iterator(script.begin(), script.end(), line);
       m != std::sregex_iterator(); ++m) {
    out.push_back({(*m)[1], (*m)[2], (*m)[3], std::stod((*m)[4]), std::stod((*m)[5])});
  }
  return out;
}
double constantOf(const std::string& script, const std::string& name) {
  std::smatch m;
  const std::regex line("const " + name + " := ([-0-9.e]+)\n");
  EXPECT_TRUE(std::regex_search(script, m, line)) << name;
  return m.empty() ? 0.0 : std::stod(m[1]);
}

TEST_F(GodotPackage, TheScriptImportsEveryTileWhereTheManifestPutsItWithinTerrain3DsRegions) {
  const testing::AppRun r =
      run({"--generator", "noise", "--size", "513", "--world-width", "2048", "--tiles", "2x2",
           "--out-dir", path("t"), "--terrain3d-height", "w.exr", "--for", "godot"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string script = testing::readAll(path("t/w_import.gd"));
  const Json manifest = Json::parse(testing::readAll(path("t/w.json")));
  const double spacing = constantOf(script, "VERTEX_SPACING");
  const auto regionSize = std::int64_t(constantOf(script, "REGION_SIZE"));
  EXPECT_DOUBLE_EQ(spacing, manifest["metres-per-cell"].get<double>());
  EXPECT_DOUBLE_EQ(spacing, 4.0);
  const std::vector<Piece> pieces = piecesOf(script);
  ASSERT_EQ(pieces.size(), 4u) << script;
  const Json& tiles = manifest["tiles"];
  ASSERT_EQ(tiles.size(), 4u);
  // The world's first sample where the first tile's is; each tile's offset
  // from it is its place in the manifest, in metres.
  const double originX = pieces[0].x - tiles[0]["x0"].get<double>() * spacing;
  const double originZ = pieces[0].z - tiles[0]["y0"].get<double>() * spacing;
  for (std::size_t i = 0; i < 4; ++i) {
    const Json& tile = tiles[i];
    SCOPED_TRACE(tile["sidecar"].get<std::string>());
    const Piece& p = pieces[i];
    EXPECT_DOUBLE_EQ(p.x - originX, tile["x0"].get<double>() * spacing);
    EXPECT_DOUBLE_EQ(p.z - originZ, tile["y0"].get<double>() * spacing);
    for (const std::string* file : {&p.height, &p.control, &p.color}) {
      EXPECT_TRUE(fs::is_regular_file(path("t/" + *file))) << *file;
    }
    EXPECT_EQ(readExr(path("t/" + p.height), "R").width, tile["width"].get<int>());
    // import_images' rule: the image, at position / spacing, lies within
    // 16 regions of the origin each way.
    const double first = p.x / spacing;
    EXPECT_EQ(first, std::floor(first)) << "whole samples";
    EXPECT_GE(first, double(-16 * regionSize));
    EXPECT_LE(first + tile["width"].get<double>(), double(16 * regionSize));
    EXPECT_GE(p.z / spacing, double(-16 * regionSize));
    EXPECT_LE(p.z / spacing + tile["height"].get<double>(), double(16 * regionSize));
  }
  EXPECT_TRUE(regionSize == 64 || regionSize == 128 || regionSize == 256 || regionSize == 512 ||
              regionSize == 1024 || regionSize == 2048);
  // Centred: the origin lies in the middle of the world.
  EXPECT_DOUBLE_EQ(originX, -256.0 * spacing);
  EXPECT_DOUBLE_EQ(originZ, -256.0 * spacing);
}

// The colour map arrives with the alpha Terrain3D keeps as its roughness
// modifier (0.5 neutral, stored as 128 as Terrain3D stores its own blank
// map), so the script loads it and touches no pixel: a GDScript loop over a
// 4097 map's 16.8 million pixels would take minutes. No Godot runs here; the
// script is checked as text.
TEST_F(GodotPackage, TheColourMapCarriesTerrain3DsNeutralAlphaAndTheScriptLoopsOverNoPixel) {
  const testing::AppRun r = run({"--preset", "alpine", "--size", "129", "--terrain3d-height",
                                 path("g.exr"), "--color", path("plain.png"), "--for", "godot"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto rgba = readRgba(path("g_color.png"));
  const auto plain = readRgba(path("plain.png"));  // the colour map, RGB (alpha 255 as read)
  ASSERT_EQ(rgba.size(), 129u * 129u);
  ASSERT_EQ(plain.size(), rgba.size());
  std::size_t otherColour = 0;
  std::size_t otherAlpha = 0;
  for (std::size_t i = 0; i < rgba.size(); ++i) {
    if (rgba[i][0] != plain[i][0] || rgba[i][1] != plain[i][1] || rgba[i][2] != plain[i][2]) {
      ++otherColour;
    }
    if (rgba[i][3] != 128) ++otherAlpha;
  }
  EXPECT_EQ(otherColour, 0u) << "the colour map's own RGB";
  EXPECT_EQ(otherAlpha, 0u);
  const std::string script = testing::readAll(path("g_import.gd"));
  EXPECT_EQ(piecesOf(script).at(0).color, "g_color.png");
  for (const char* perPixel : {"get_pixel", "set_pixel", "get_width()", "get_height()"}) {
    EXPECT_EQ(script.find(perPixel), std::string::npos) << perPixel << " in:\n" << script;
  }
  EXPECT_NE(script.find("images[Terrain3DRegion.TYPE_COLOR] = "
                        "Terrain3DUtil.load_image(here.path_join(piece[2]))"),
            std::string::npos)
      << script;
  const Json sidecar = Json::parse(testing::readAll(path("g.exr.json")));
  bool listed = false;
  for (const Json& file : sidecar["files"]) {
    if (file.value("format", "") == "terrain3d-color") listed = file["channels"] == 4;
  }
  EXPECT_TRUE(listed) << sidecar.dump(1);
}

// Terrain3D's R16 variant: half the EXR's bytes, the heights in 65536 steps
// of the range. Read here as Terrain3DUtil.load_image reads a .r16 (its
// source: little-endian uint16, v / 65535 x (max - min) + min, rows as in
// the file), with the range and size the script hands it.
TEST_F(GodotPackage, TheR16VariantSpansTheRangeTheScriptHandsTerrain3DsLoader) {
  const testing::AppRun r =
      run({"--size", "129", "--base-elevation", "200", "--height-range", "900", "--r16",
           path("g.r16"), "--raw", path("g.r32"), "--for", "godot"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string script = testing::readAll(path("g_import.gd"));
  std::smatch m;
  ASSERT_TRUE(std::regex_search(
      script, m, std::regex(R"(const R16_RANGE := Vector2\(([-0-9.e]+), ([-0-9.e]+)\)\n)")))
      << script;
  const double low = std::stod(m[1]);
  const double high = std::stod(m[2]);
  EXPECT_EQ(low, 200.0);
  EXPECT_EQ(high, 1100.0);
  EXPECT_NE(script.find("const R16_SIZE := Vector2i(129, 129)\n"), std::string::npos) << script;
  EXPECT_NE(script.find("load_image(here.path_join(piece[0]), ResourceLoader.CACHE_MODE_IGNORE, "
                        "R16_RANGE, R16_SIZE)"),
            std::string::npos)
      << script;
  const std::vector<Piece> pieces = piecesOf(script);
  ASSERT_EQ(pieces.size(), 1u);
  EXPECT_EQ(pieces[0].height, "g.r16");
  EXPECT_TRUE(fs::is_regular_file(path(pieces[0].control)));
  const std::string bytes = testing::readAll(path("g.r16"));
  const std::vector<float> heights = readR32(path("g.r32"));
  ASSERT_EQ(bytes.size(), 129u * 129u * 2u);
  ASSERT_EQ(heights.size(), 129u * 129u);
  double worst = 0.0;
  for (std::size_t i = 0; i < heights.size(); ++i) {
    const unsigned v =
        unsigned(std::uint8_t(bytes[2 * i])) | unsigned(std::uint8_t(bytes[2 * i + 1])) << 8U;
    const double metres = double(v) / 65535.0 * (high - low) + low;
    worst = std::max(worst, std::fabs(metres - (200.0 + double(heights[i]) * 900.0)));
  }
  // Half a step of 900 m over 65535, and a float's rounding.
  EXPECT_LE(worst, 900.0 / 65535.0 / 2.0 + 1e-4);
  // A file named just ".r16" has the ending but no name to put the others
  // beside (before: "not ''", path::extension() reading it as none).
  const testing::AppRun dotted = run({"--size", "129", "--r16", path(".r16"), "--for", "godot"});
  EXPECT_EQ(dotted.status, 2) << dotted.err;
  EXPECT_NE(dotted.err.find("needs a name before its ending '.r16'"), std::string::npos)
      << dotted.err;
  // What Terrain3D's loader cannot read as the map is refused, naming why.
  for (const auto& [args, says] :
       {std::pair{std::vector<std::string>{"--r16", path("h.bin")}, ".r16 or .raw"},
        std::pair{std::vector<std::string>{"--r16", path("h.r16"), "--flip-rows"}, "--flip-rows"},
        // Both forms of the heights: the script would load one, the other
        // be written for nothing.
        std::pair{
            std::vector<std::string>{"--r16", path("h.r16"), "--terrain3d-height", path("h.exr")},
            "not both"}}) {
    std::vector<std::string> refused = {"--size", "129"};
    refused.insert(refused.end(), args.begin(), args.end());
    refused.insert(refused.end(), {"--for", "godot"});
    const testing::AppRun no = run(refused);
    EXPECT_EQ(no.status, 2) << says;
    EXPECT_NE(no.err.find(says), std::string::npos) << no.err;
    EXPECT_FALSE(fs::exists(path("h_control.exr")));
  }
}

TEST_F(GodotPackage, WhatTerrain3DCannotTakeIsRefusedInOneLineBeforeAnyFile) {
  const std::vector<std::vector<std::string>> refused = {
      {"--size", "129", "--exr", path("g.exr")},
      {"--size", "129", "--world-width", "100000", "--terrain3d-height", path("g.exr")},
      {"--size", "257", "--tiles", "2x2", "--overlap", "2", "--out-dir", path("t"),
       "--terrain3d-height", "g.exr"},
  };
  const std::vector<std::string> says = {"--terrain3d-height", "0.25 to 100 m", "--overlap"};
  for (std::size_t i = 0; i < refused.size(); ++i) {
    std::vector<std::string> args = refused[i];
    args.insert(args.end(), {"--for", "godot"});
    const testing::AppRun r = run(args);
    EXPECT_EQ(r.status, 2) << says[i];
    EXPECT_NE(r.err.find(says[i]), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
    EXPECT_TRUE(empty()) << r.err;
  }
}

}  // namespace
}  // namespace terrain
