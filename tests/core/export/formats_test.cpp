// The export formats beyond the PNG heightmap, each read back by a reader
// that shares no code with its writer: RAW16 byte by byte, OpenEXR through
// OpenEXR's generic FrameBuffer reader, normal maps through libpng against
// the analytic normal, the sidecar through nlohmann-json.
#include <ImfChannelList.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfInputFile.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <random>

#include "core/base/error.hpp"
#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/export/exr.hpp"
#include "core/export/heightmap_files.hpp"
#include "core/export/normals.hpp"
#include "core/export/outputs.hpp"
#include "core/export/raw16.hpp"
#include "core/export/sidecar.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/io/atomic_file.hpp"
#include "core/nodes/registry.hpp"
#include "tests/support/files.hpp"
#include "tests/support/png_raw.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;

using terrain::testing::readAll;

Heightfield noise(int w, int h) {
  Heightfield field(w, h);
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  for (float& v : field.heights) v = u(rng);
  field.heights[0] = 0.0f;
  field.heights[1] = 1.0f;
  return field;
}

class Formats : public testing::ScratchDirTest {};

TEST_F(Formats, Raw16IsLittleEndianRowMajorRoundedAsThePng) {
  const Heightfield field = noise(37, 23);
  writeRaw16(path("h.r16"), field, false);
  const std::string bytes = readAll(path("h.r16"));
  ASSERT_EQ(bytes.size(), field.size() * 2);
  for (std::size_t i = 0; i < field.size(); ++i) {
    const unsigned v = static_cast<unsigned char>(bytes[2 * i]) |
                       (static_cast<unsigned>(static_cast<unsigned char>(bytes[2 * i + 1])) << 8);
    const float h = std::clamp(field.heights[i], 0.0f, 1.0f);
    ASSERT_EQ(v, static_cast<unsigned>(std::lround(h * 65535.0f))) << i;  // the PNG's rounding
    ASSERT_EQ(v, heightToGray16(field.heights[i])) << i;
  }
  EXPECT_EQ(static_cast<unsigned char>(bytes[2]), 0xFF);  // height 1: FF FF
  EXPECT_EQ(static_cast<unsigned char>(bytes[3]), 0xFF);
}

TEST_F(Formats, Raw16FlipRowsWritesTheBottomRowFirst) {
  const Heightfield field = noise(16, 9);
  writeRaw16(path("top.r16"), field, false);
  writeRaw16(path("bottom.r16"), field, true);
  const std::string top = readAll(path("top.r16"));
  const std::string bottom = readAll(path("bottom.r16"));
  ASSERT_EQ(top.size(), bottom.size());
  const std::size_t row = 16 * 2;
  for (std::size_t y = 0; y < 9; ++y) {
    EXPECT_EQ(top.substr(y * row, row), bottom.substr((8 - y) * row, row)) << y;
  }
}

TEST_F(Formats, ExrReadsBackBitExactThroughOpenExrsGenericReader) {
  Heightfield field = noise(130, 70);
  field.heights[5] = 0.1f;  // a value half floats cannot hold
  writeExrHeights(path("h.exr"), field, ExrCompression::Piz, Execution{2});
  for (const auto compression : {ExrCompression::Zip, ExrCompression::None}) {
    writeExrHeights(path("other.exr"), field, compression, Execution{1});
    Imf::InputFile other(path("other.exr").c_str());
    std::vector<float> back(field.size(), -1.0f);
    Imf::FrameBuffer frame;
    frame.insert("Y", Imf::Slice(Imf::FLOAT, reinterpret_cast<char*>(back.data()), sizeof(float),
                                 sizeof(float) * 130));
    other.setFrameBuffer(frame);
    other.readPixels(0, 69);
    EXPECT_EQ(back, field.heights) << static_cast<int>(compression);
  }
  // The bytes do not depend on the thread count.
  writeExrHeights(path("one.exr"), field, ExrCompression::Piz, Execution{1});
  EXPECT_EQ(readAll(path("one.exr")), readAll(path("h.exr")));
  Imf::InputFile in(path("h.exr").c_str());
  const Imath::Box2i window = in.header().dataWindow();
  ASSERT_EQ(window.max.x - window.min.x + 1, 130);
  ASSERT_EQ(window.max.y - window.min.y + 1, 70);
  const Imf::Channel* y = in.header().channels().findChannel("Y");
  ASSERT_NE(y, nullptr);
  EXPECT_EQ(y->type, Imf::FLOAT);
  std::vector<float> back(field.size(), -1.0f);
  Imf::FrameBuffer frame;
  frame.insert("Y", Imf::Slice(Imf::FLOAT, reinterpret_cast<char*>(back.data()), sizeof(float),
                               sizeof(float) * 130));
  in.setFrameBuffer(frame);
  in.readPixels(window.min.y, window.max.y);
  EXPECT_EQ(back, field.heights);
}

TEST_F(Formats, ExrToAMissingDirectoryIsAnIoErrorAndLeavesNothing) {
  EXPECT_THROW(writeExrHeights(path("no/such/h.exr"), noise(8, 8)), IoError);
  EXPECT_TRUE(entries().empty());
}

World world(double width, double range) {
  World w;
  w.width = width;
  w.heightRange = range;
  return w;
}

TEST_F(Formats, FlatGroundIsHalfHalfOneInBothDepths) {
  Heightfield flat(33, 17);
  std::fill(flat.heights.begin(), flat.heights.end(), 0.4f);
  writeNormalMapPng(path("n8.png"), flat, World{}, 8, NormalConvention::OpenGl);
  writeNormalMapPng(path("n16.png"), flat, World{}, 16, NormalConvention::DirectX);
  const testing::RawPngImage n8 = testing::readRawPng(path("n8.png"));
  const testing::RawPngImage n16 = testing::readRawPng(path("n16.png"));
  ASSERT_EQ(n8.width, 33);
  ASSERT_EQ(n8.bitDepth, 8);
  ASSERT_EQ(n16.bitDepth, 16);
  for (int y = 0; y < 17; ++y) {
    for (int x = 0; x < 33; ++x) {
      ASSERT_EQ(n8.sample(x, y, 0), 128u);  // 0.5 * 255 = 127.5, rounded up
      ASSERT_EQ(n8.sample(x, y, 1), 128u);
      ASSERT_EQ(n8.sample(x, y, 2), 255u);
      ASSERT_EQ(n16.sample(x, y, 0), 32768u);
      ASSERT_EQ(n16.sample(x, y, 1), 32768u);
      ASSERT_EQ(n16.sample(x, y, 2), 65535u);
    }
  }
}

// A plane rising to the east and to the south, in metres: the normal is
// (-dz/dx, dz/dsouth, 1) normalised in OpenGL's Y-up convention, with the
// green negated in DirectX's; the world's scale sets the slopes.
TEST_F(Formats, AKnownSlopeGivesTheAnalyticNormalAndDirectXFlipsGreen) {
  const int n = 65;
  const World w = world(640.0, 100.0);  // 10 m per cell, height 1 = 100 m
  Heightfield plane(n, n);
  for (int y = 0; y < n; ++y) {
    for (int x = 0; x < n; ++x)
      plane.at(x, y) = 0.001f * static_cast<float>(x) + 0.002f * static_cast<float>(y);
  }
  const double east = 0.001 * 100.0 / 10.0;   // 0.01 m per m
  const double south = 0.002 * 100.0 / 10.0;  // 0.02 m per m
  const double length = std::sqrt(east * east + south * south + 1.0);
  const double expected[3] = {-east / length, south / length, 1.0 / length};
  writeNormalMapPng(path("gl.png"), plane, w, 16, NormalConvention::OpenGl);
  writeNormalMapPng(path("dx.png"), plane, w, 16, NormalConvention::DirectX);
  const testing::RawPngImage gl = testing::readRawPng(path("gl.png"));
  const testing::RawPngImage dx = testing::readRawPng(path("dx.png"));
  ASSERT_EQ(gl.width, n);
  for (int y = 0; y < n; y += 8) {
    for (int x = 0; x < n; x += 8) {  // edges included: one-sided, same slope
      for (int c = 0; c < 3; ++c) {
        const double stored = gl.sample(x, y, c) / 65535.0 * 2.0 - 1.0;
        ASSERT_NEAR(stored, expected[c], 2.0 / 65535.0) << x << "," << y << " c" << c;
      }
      EXPECT_EQ(dx.sample(x, y, 0), gl.sample(x, y, 0));
      EXPECT_EQ(dx.sample(x, y, 2), gl.sample(x, y, 2));
      EXPECT_NEAR(dx.sample(x, y, 1) / 65535.0 * 2.0 - 1.0, -expected[1], 2.0 / 65535.0);
    }
  }
  // The same plane in a world twice as wide is half as steep.
  const auto wide = surfaceNormal(plane, world(1280.0, 100.0), 10, 10, NormalConvention::OpenGl);
  EXPECT_NEAR(wide[0], -0.5 * east / std::sqrt(0.25 * (east * east + south * south) + 1.0), 1e-6);
}

TEST_F(Formats, AWrappingMapTakesItsSlopeAcrossTheEdge) {
  Heightfield torus(8, 8);
  torus.wraps = true;
  torus.at(7, 3) = 0.5f;  // the left neighbour of column 0
  const auto n = surfaceNormal(torus, World{}, 0, 3, NormalConvention::OpenGl);
  EXPECT_GT(n[0], 0.0);  // falls to the east: the normal leans east
  EXPECT_DOUBLE_EQ(n[1], 0.0);
}

// ---- the sidecar ----

Document smallDocument() {
  Document doc = defaultDocument("diamond-square");
  chainSource(doc.graph).values[sourceStage("diamond-square").sizeIndex()] = 65;
  doc.seed = 1234;
  doc.world.width = 2048.0;
  doc.world.heightRange = 640.0;
  appendModifier(doc.graph, "smooth");
  return doc;
}

TEST_F(Formats, TheSidecarStatesSizesScalesFilesAndTheDocument) {
  const Document doc = smallDocument();
  const Heightfield field = runPipeline(doc);
  const ColorRamp ramp = loadLookRamp(doc);
  const OutputInput in{doc, field, ramp, {}};
  const OutputFormat& r16 = *findOutputFormat("r16");
  const OutputFormat& normals = *findOutputFormat("normals");
  std::vector<OutputRequest> files = {{&r16, path("h.r16"), r16.options.defaults},
                                      {&normals, path("n.png"), normals.options.defaults}};
  files[0].options[0] = 1.0;  // flip rows
  files[1].options[1] = 1.0;  // DirectX
  const auto where = sidecarPathFor(files);
  ASSERT_TRUE(where);
  EXPECT_EQ(*where, path("h.r16") + ".json");
  writeSidecar(*where, in, files, "p.json");
  const auto j = nlohmann::json::parse(readAll(*where));

  EXPECT_EQ(j.at("format"), "terrain-explorer-export");
  EXPECT_EQ(j.at("width"), 65);
  EXPECT_EQ(j.at("height"), 65);
  const double cell = 2048.0 / 64.0;
  EXPECT_DOUBLE_EQ(j.at("metres-per-cell").get<double>(), cell);
  EXPECT_DOUBLE_EQ(j.at("world-width-m").get<double>(), 2048.0);
  EXPECT_DOUBLE_EQ(j.at("height-range-m").at("min").get<double>(), 0.0);
  EXPECT_DOUBLE_EQ(j.at("height-range-m").at("max").get<double>(), 640.0);
  EXPECT_EQ(j.at("seed"), "1234");
  // The chain as the graph it is: its source, then its modifier.
  const auto& nodes = j.at("graph").at("nodes");
  ASSERT_EQ(nodes.size(), 2u);
  EXPECT_EQ(nodes[0].at("type"), "diamond-square");
  EXPECT_EQ(nodes[1].at("type"), "smooth");
  EXPECT_EQ(j.at("project"), "p.json");

  const auto& f = j.at("files");
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].at("file"), "h.r16");
  EXPECT_EQ(f[0].at("format"), "r16");
  EXPECT_EQ(f[0].at("byte-order"), "little-endian");
  EXPECT_EQ(f[0].at("row-order"), "bottom-first");
  EXPECT_EQ(f[0].at("bit-depth"), 16);
  EXPECT_EQ(f[0].at("options").at("flip-rows"), "on");
  EXPECT_EQ(f[1].at("file"), "n.png");
  EXPECT_EQ(f[1].at("channels"), 3);
  EXPECT_EQ(f[1].at("bit-depth"), 8);
  EXPECT_EQ(f[1].at("options").at("normal-convention"), "directx");

  const auto& unreal = j.at("engines").at("unreal");
  EXPECT_DOUBLE_EQ(unreal.at("z-scale").get<double>(), 640.0 * 100.0 / 512.0);
  EXPECT_DOUBLE_EQ(unreal.at("xy-scale").get<double>(), cell * 100.0);
  const auto& unity = j.at("engines").at("unity");
  EXPECT_EQ(unity.at("heightmap-resolution"), 65);
  EXPECT_DOUBLE_EQ(unity.at("terrain-width-m").get<double>(), 2048.0);
  EXPECT_DOUBLE_EQ(unity.at("terrain-height-m").get<double>(), 640.0);
  EXPECT_DOUBLE_EQ(unity.at("terrain-length-m").get<double>(), 2048.0);
}

TEST_F(Formats, TheSidecarGoesBesideTheFirstOutputThatIsAFile) {
  const OutputFormat& raw = *findOutputFormat("raw");
  const std::vector<OutputRequest> piped = {{&raw, "-", {}}, {&raw, "/dev/null", {}}};
  EXPECT_FALSE(sidecarPathFor(piped));
  const std::vector<OutputRequest> mixed = {{&raw, "-", {}}, {&raw, path("b.r32"), {}}};
  EXPECT_EQ(sidecarPathFor(mixed), path("b.r32") + ".json");
}

TEST_F(Formats, EveryFormatBesidesTheViewWritesDescribesAndLaysOutItsFile) {
  Document doc = smallDocument();
  // A Scatter beside the terrain, for the instances' formats.
  connect(doc.graph, {doc.graph.output, 0}, {addNode(doc.graph, "scatter", 0.0f, 0.0f), 0});
  const Heightfield field = runPipeline(doc);
  const ColorRamp ramp = loadLookRamp(doc);
  const OutputInput in{doc, field, ramp, {}};
  for (const OutputFormat& f : outputFormats()) {
    if (f.needs == OutputNeeds::Window) continue;
    if (f.unavailable != nullptr && !f.unavailable(in).empty()) {
      // Only erosion's masks need more than a map: this document has no erosion.
      EXPECT_TRUE(f.key == "mask-flow" || f.key == "mask-wear" || f.key == "mask-deposition")
          << f.key << ": " << f.unavailable(in);
      continue;
    }
    ASSERT_NE(f.write, nullptr) << f.key;
    ASSERT_NE(f.layout, nullptr) << f.key;
    const std::string out = path(std::string("x").append(f.fileSuffix));
    f.write(out, in, f.options.defaults);
    EXPECT_GT(fs::file_size(out), 0u) << f.key;
    EXPECT_FALSE(f.describe(in, f.options.defaults).empty()) << f.key;
    ASSERT_EQ(f.options.defaults.size(), f.options.infos.size()) << f.key;
    for (std::size_t i = 0; i < f.options.infos.size(); ++i) {
      const ParamInfo& o = f.options.infos[i];
      // A key means one option wherever it appears (--mesh-triangles: --obj and --glb).
      const FormatOptionRef ref = *findFormatOption(o.key);
      EXPECT_EQ(ref.format->options.infos[ref.index].help, o.help) << o.key;
      EXPECT_FALSE(checkValue(o, f.options.defaults[i])) << o.key;
    }
  }
}

}  // namespace
}  // namespace terrain
