// Water in the exports (issue 40 item 1): the water node's maps and surface
// mesh written by core/export/water_formats.cpp and read back with
// independent readers (OpenEXR's, libpng's, a glTF parser of our own):
// the water stands on the ground, lakes are flat, rivers never rise
// downstream, a flow map is still where the water is, and a tiled world's
// water meshes are the whole world's, meeting at the seams.
#include <gtest/gtest.h>

#include <ImfChannelList.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfInputFile.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "core/base/error.hpp"
#include "core/document/project.hpp"
#include "core/export/outputs.hpp"
#include "core/export/tiles.hpp"
#include "core/export/water_formats.hpp"
#include "core/graph/evaluator.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/look/color.hpp"
#include "core/nodes/water.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/png_raw.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// An example with a water node on its terrain; the terrain stays the output.
Document withWaterBeside(const std::string& example, int size) {
  Document doc = loadProject(TERRAIN_SOURCE_DIR "/examples/" + example);
  setDocumentSize(doc, size);
  const NodeId water = addNode(doc.graph, "water", 0.0f, 0.0f);
  connect(doc.graph, {doc.graph.output, 0}, {water, 0});
  return doc;
}

class WaterExports : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("water-exports-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
            "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  fs::path dir_;
};

const OutputFormat& waterFormat(std::string_view key) {
  static const std::vector<OutputFormat> all = waterFormats();
  for (const OutputFormat& f : all) {
    if (f.key == key) return f;
  }
  throw std::logic_error("no water format " + std::string(key));
}

std::vector<float> readExrY(const std::string& file, int width, int height) {
  Imf::InputFile in(file.c_str());
  const Imath::Box2i window = in.header().dataWindow();
  EXPECT_EQ(window.max.x - window.min.x + 1, width);
  EXPECT_EQ(window.max.y - window.min.y + 1, height);
  std::vector<float> out(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), NAN);
  Imf::FrameBuffer frame;
  frame.insert("Y", Imf::Slice(Imf::FLOAT, reinterpret_cast<char*>(out.data()), sizeof(float),
                               sizeof(float) * static_cast<std::size_t>(width)));
  in.setFrameBuffer(frame);
  in.readPixels(window.min.y, window.max.y);
  return out;
}

std::string fileBytes(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::uint32_t word(const std::string& bytes, std::size_t at) {
  std::uint32_t w = 0;
  std::memcpy(&w, bytes.data() + at, 4);
  return w;
}

// A .glb's vertices in the world (its node's translation added) and triangles.
struct GlbMesh {
  std::vector<std::array<double, 3>> positions;
  std::vector<std::uint32_t> indices;
};

// glTF 2.0 binary: header, JSON chunk, BIN chunk (section 4.4).
GlbMesh readGlb(const std::string& file) {
  const std::string bytes = fileBytes(file);
  GlbMesh out;
  if (bytes.size() < 20 || word(bytes, 0) != 0x46546C67u || word(bytes, 8) != bytes.size()) {
    ADD_FAILURE() << file << ": not a glTF binary of its own length";
    return out;
  }
  const std::uint32_t jsonBytes = word(bytes, 12);
  const Json j = Json::parse(bytes.substr(20, jsonBytes));
  const std::size_t bin = 20 + jsonBytes + 8;
  const Json& primitive = j["meshes"][0]["primitives"][0];
  const auto view = [&](int accessor) {
    const Json& a = j["accessors"][static_cast<std::size_t>(accessor)];
    const Json& v = j["bufferViews"][a["bufferView"].get<std::size_t>()];
    return std::pair{
        bin + v.value("byteOffset", std::size_t{0}) + a.value("byteOffset", std::size_t{0}),
        a["count"].get<std::size_t>()};
  };
  std::array<double, 3> move = {0.0, 0.0, 0.0};
  if (j["nodes"][0].contains("translation")) {
    for (std::size_t k = 0; k < 3; ++k) move[k] = j["nodes"][0]["translation"][k];
  }
  const auto [positionAt, vertices] = view(primitive["attributes"]["POSITION"].get<int>());
  for (std::size_t v = 0; v < vertices; ++v) {
    float p[3];
    std::memcpy(p, bytes.data() + positionAt + 12 * v, 12);
    out.positions.push_back({static_cast<double>(p[0]) + move[0],
                             static_cast<double>(p[1]) + move[1],
                             static_cast<double>(p[2]) + move[2]});
  }
  const auto [indexAt, count] = view(primitive["indices"].get<int>());
  out.indices.resize(count);
  std::memcpy(out.indices.data(), bytes.data() + indexAt, 4 * count);
  return out;
}

Heightfield terrainOf(const Document& doc) {
  GraphEvaluator evaluator;
  return *evaluator.run(doc.graph, NodeContext{doc.seed, doc.world});
}

// 8-connected groups of the cells where `on` holds.
std::vector<std::vector<std::size_t>> groups(int width, int height, const std::vector<bool>& on) {
  std::vector<std::vector<std::size_t>> out;
  std::vector<bool> seen(on.size(), false);
  for (std::size_t first = 0; first < on.size(); ++first) {
    if (!on[first] || seen[first]) continue;
    out.emplace_back();
    std::vector<std::size_t> stack{first};
    seen[first] = true;
    while (!stack.empty()) {
      const std::size_t c = stack.back();
      stack.pop_back();
      out.back().push_back(c);
      const int x = static_cast<int>(c % static_cast<std::size_t>(width));
      const int y = static_cast<int>(c / static_cast<std::size_t>(width));
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          const int nx = x + dx;
          const int ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const auto m = static_cast<std::size_t>(ny) * static_cast<std::size_t>(width) +
                         static_cast<std::size_t>(nx);
          if (on[m] && !seen[m]) {
            seen[m] = true;
            stack.push_back(m);
          }
        }
      }
    }
  }
  return out;
}

TEST_F(WaterExports, MapsReadBackWithWaterOnTheGroundFlatLakesAndRiversNeverRising) {
  const Document doc = withWaterBeside("mountains-and-plains.json", 257);
  const Heightfield ground = terrainOf(doc);
  const ColorRamp ramp = loadLookRamp(doc);
  const OutputInput in{doc, ground, ramp, Execution{2}};
  for (const char* key : {"water-surface", "water-depth", "water-masks", "water-flow",
                          "water-wetness", "water-glb"}) {
    const OutputFormat& f = waterFormat(key);
    ASSERT_EQ(f.whyUnavailable(in), "") << key;
    f.write(path(std::string(key) + std::string(f.metavar.substr(4))), in, {});
  }
  const int w = ground.width;
  const int h = ground.height;
  const std::vector<float> surface = readExrY(path("water-surface.exr"), w, h);
  const std::vector<float> depth = readExrY(path("water-depth.exr"), w, h);
  const testing::RawPngImage masks = testing::readRawPng(path("water-masks.png"));
  const testing::RawPngImage flow = testing::readRawPng(path("water-flow.png"));
  ASSERT_EQ(masks.bitDepth, 16);
  ASSERT_EQ(masks.colorType, PNG_COLOR_TYPE_RGB);
  ASSERT_EQ(flow.width, w);
  const auto metres = [&](std::size_t c) {
    return doc.world.baseElevation + static_cast<double>(ground.heights[c]) * doc.world.heightRange;
  };
  std::vector<bool> lake(ground.size(), false);
  int rivers = 0;
  int downstream = 0;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const std::size_t c = ground.index(x, y);
      const bool wet = masks.sample(x, y, 0) + masks.sample(x, y, 1) + masks.sample(x, y, 2) > 0;
      lake[c] = masks.sample(x, y, 0) > 0;
      const double s = static_cast<double>(surface[c]);
      if (wet) {
        ASSERT_GE(s, metres(c) - 1e-3) << "water below its ground at " << x << "," << y;
        EXPECT_NEAR(static_cast<double>(depth[c]), s - metres(c), 2e-3) << x << "," << y;
      } else {
        ASSERT_NEAR(s, metres(c), 1e-3) << "dry ground's surface is the ground";
        ASSERT_EQ(depth[c], 0.0f);
      }
      // Lakes and the sea are still: 0.5 is 32768 of 65535.
      if (masks.sample(x, y, 0) > 0 || masks.sample(x, y, 2) > 0) {
        ASSERT_EQ(flow.sample(x, y, 0), 32768u) << x << "," << y;
        ASSERT_EQ(flow.sample(x, y, 1), 32768u) << x << "," << y;
      }
      // A moving river cell's surface is not below the next one's downstream.
      const int fx = static_cast<int>(flow.sample(x, y, 0)) - 32768;
      const int fy = static_cast<int>(flow.sample(x, y, 1)) - 32768;
      if (masks.sample(x, y, 1) > 0 && (fx != 0 || fy != 0)) {
        ++rivers;
        const int nx = x + (fx > 0) - (fx < 0);
        const int ny = y + (fy > 0) - (fy < 0);
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        ++downstream;
        EXPECT_LE(static_cast<double>(surface[ground.index(nx, ny)]), s + 1e-3)
            << "a river rises downstream at " << x << "," << y;
      }
    }
  }
  EXPECT_GT(downstream, 200) << "rivers measured: " << rivers;
  const auto lakes = groups(w, h, lake);
  ASSERT_GT(lakes.size(), 5u) << "the example holds lakes";
  for (const auto& cells : lakes) {
    float low = surface[cells.front()];
    float high = low;
    for (const std::size_t c : cells) {
      low = std::min(low, surface[c]);
      high = std::max(high, surface[c]);
    }
    EXPECT_EQ(low, high) << "a lake of " << cells.size() << " cells is flat";
  }
  // The mesh: two triangles per grid square wet at its four corners, each
  // vertex at its sample's surface.
  const GlbMesh mesh = readGlb(path("water-glb.glb"));
  const double cell = metresPerCell(doc.world, w, ground.wraps);
  std::size_t squares = 0;
  for (int y = 0; y + 1 < h; ++y) {
    for (int x = 0; x + 1 < w; ++x) {
      bool all = true;
      constexpr std::array<std::pair<int, int>, 4> kCorners = {{{0, 0}, {1, 0}, {0, 1}, {1, 1}}};
      for (const auto& [dx, dy] : kCorners) {
        const int px = x + dx;
        const int py = y + dy;
        all =
            all && masks.sample(px, py, 0) + masks.sample(px, py, 1) + masks.sample(px, py, 2) > 0;
      }
      squares += all ? 1 : 0;
    }
  }
  ASSERT_GT(squares, 100u);
  // The triangles cover exactly the wet squares (their area, in squares),
  // flat runs merged into fewer of them.
  double area = 0.0;
  for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
    const auto& p = mesh.positions[mesh.indices[t]];
    const auto& q = mesh.positions[mesh.indices[t + 1]];
    const auto& r = mesh.positions[mesh.indices[t + 2]];
    area += std::abs((q[0] - p[0]) * (r[2] - p[2]) - (r[0] - p[0]) * (q[2] - p[2])) / 2.0;
  }
  EXPECT_NEAR(area / (cell * cell), static_cast<double>(squares),
              1e-3 * static_cast<double>(squares));
  EXPECT_LT(mesh.indices.size(), 6 * squares);
  for (const auto& p : mesh.positions) {
    const long x = std::lround(p[0] / cell);
    const long y = std::lround(p[2] / cell);
    ASSERT_NEAR(p[0], static_cast<double>(x) * cell, 1e-2);
    ASSERT_NEAR(p[2], static_cast<double>(y) * cell, 1e-2);
    EXPECT_EQ(static_cast<float>(p[1]),
              surface[ground.index(static_cast<int>(x), static_cast<int>(y))]);
  }
}

// The world's water squares (world sample of the north-west corner) and
// each world sample's water height, from one mesh.
struct Squares {
  std::set<std::pair<long, long>> squares;
  std::map<std::pair<long, long>, double> height;
};

void addSquares(const GlbMesh& mesh, double cell, Squares& out) {
  const auto sample = [&](std::uint32_t v) {
    return std::pair{std::lround(mesh.positions[v][0] / cell),
                     std::lround(mesh.positions[v][2] / cell)};
  };
  // A triangle covers the squares of its bounding box (half of each; its
  // quad's other half covers the same), a flat run's quad several.
  for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
    long x0 = LONG_MAX;
    long z0 = LONG_MAX;
    long x1 = LONG_MIN;
    long z1 = LONG_MIN;
    for (std::size_t k = 0; k < 3; ++k) {
      const auto [sx, sz] = sample(mesh.indices[t + k]);
      x0 = std::min(x0, sx);
      z0 = std::min(z0, sz);
      x1 = std::max(x1, sx);
      z1 = std::max(z1, sz);
    }
    for (long z = z0; z < z1; ++z) {
      for (long x = x0; x < x1; ++x) out.squares.insert({x, z});
    }
  }
  for (std::uint32_t v = 0; v < mesh.positions.size(); ++v) {
    const auto key = sample(v);
    const auto [it, fresh] = out.height.emplace(key, mesh.positions[v][1]);
    if (!fresh) {
      EXPECT_EQ(it->second, mesh.positions[v][1]) << "two heights at one sample";
    }
  }
}

TEST_F(WaterExports, ATiledWorldsWaterMeshesAreTheWorldsAndMeetAtTheSeams) {
  const Document doc = withWaterBeside("mountains-and-plains.json", 257);
  const Heightfield ground = terrainOf(doc);
  const ColorRamp ramp = loadLookRamp(doc);
  const OutputFormat& glb = waterFormat("water-glb");
  const OutputFormat& masks = waterFormat("water-masks");
  const OutputInput whole{doc, ground, ramp, Execution{2}};
  glb.write(path("world.glb"), whole, {});
  const WaterExport worldWater = waterForExport(whole);
  const double cell = metresPerCell(doc.world, ground.width, ground.wraps);
  Squares world;
  addSquares(readGlb(path("world.glb")), cell, world);
  ASSERT_GT(world.squares.size(), 100u);

  const TileGrid grid = testing::tileGrid(257, 2, 2);
  const TilePlan plan = planTiles(doc, grid);
  Squares tiles;
  for (int row = 0; row < 2; ++row) {
    for (int column = 0; column < 2; ++column) {
      const Tile made = buildTile(doc, grid, plan, {column, row});
      const MapWindow window = tileWindow(grid, {column, row});
      Document tileDoc = doc;
      tileDoc.world = made.world;
      OutputInput in{tileDoc, made.field, ramp, Execution{1}};
      const std::string name = "t_x" + std::to_string(column) + "_y" + std::to_string(row);
      in.tile = TilePlacement{name, window.x0, window.y0};
      ASSERT_EQ(glb.whyUnavailable(in), "");
      glb.write(path(name + ".glb"), in, {});
      masks.write(path(name + ".png"), in, {});
      addSquares(readGlb(path(name + ".glb")), cell, tiles);
      // The tile's masks are the world's window, bit for bit as written.
      const testing::RawPngImage tileMasks = testing::readRawPng(path(name + ".png"));
      Heightfield lake(ground.width, ground.height);
      lake.heights = worldWater.lake;
      const Heightfield cut = cutWindow(lake, window);
      for (int y = 0; y < window.height; ++y) {
        for (int x = 0; x < window.width; ++x) {
          const auto expected = static_cast<unsigned>(
              std::lround(static_cast<double>(std::clamp(cut.at(x, y), 0.0f, 1.0f)) * 65535.0));
          ASSERT_EQ(tileMasks.sample(x, y, 0), expected) << name << " " << x << "," << y;
        }
      }
    }
  }
  // The tiles' squares together are the world's, and where two tiles share
  // a sample (a seam) they put the water at the same height: the world's.
  EXPECT_EQ(tiles.squares, world.squares);
  for (const auto& [sample, height] : tiles.height) {
    const double metres = doc.world.baseElevation +
                          static_cast<double>(worldWater.surface[ground.index(
                              static_cast<int>(sample.first), static_cast<int>(sample.second))]) *
                              doc.world.heightRange;
    EXPECT_NEAR(height, metres, 1e-2) << sample.first << "," << sample.second;
  }
}

// A graph with no water node exports the water a water node just added on
// its terrain gives (its defaults); --output-node's map is not a terrain.
TEST_F(WaterExports, WithoutAWaterNodeTheDefaultsWaterAndNoneForAnOutputNode) {
  Document bare = loadProject(TERRAIN_SOURCE_DIR "/examples/mountains-and-plains.json");
  setDocumentSize(bare, 129);
  const Document withNode = withWaterBeside("mountains-and-plains.json", 129);
  const Heightfield ground = terrainOf(bare);
  const ColorRamp ramp = loadLookRamp(bare);
  const WaterExport implicit = waterForExport(OutputInput{bare, ground, ramp, Execution{1}});
  const WaterExport explicitNode =
      waterForExport(OutputInput{withNode, ground, ramp, Execution{1}});
  EXPECT_EQ(implicit.surface, explicitNode.surface);
  EXPECT_EQ(implicit.river, explicitNode.river);
  EXPECT_EQ(implicit.flowX, explicitNode.flowX);
  EXPECT_GT(
      std::count_if(implicit.lake.begin(), implicit.lake.end(), [](float v) { return v > 0.0f; }),
      0);
  OutputInput node{withNode, ground, ramp, Execution{1}};
  node.outputNode = PortRef{withNode.graph.output, 0};
  EXPECT_NE(waterFormat("water-masks").whyUnavailable(node), "");
  EXPECT_THROW(waterForExport(node), InputError);
}

// A wrapping world's tiles (issue 40 review item 3): a tile's field never
// wraps, yet its water is its window of the torus's, every channel. The
// torus is made as its tiles are (a chain's tiles share its source's range)
// and its water computed whole, with the world's metres per cell.
TEST_F(WaterExports, ATorussTilesCarryEveryWaterChannelOfTheWorldsWindow) {
  Document doc = testing::docWith("noise", {{"size", 256}, {"tileable", 1}}, 7);
  const NodeId water = addNode(doc.graph, "water", 0.0f, 0.0f);
  connect(doc.graph, {doc.graph.output, 0}, {water, 0});
  ASSERT_TRUE(documentWraps(doc));
  const ColorRamp ramp = loadLookRamp(doc);
  const TileGrid one = testing::tileGrid(256, 1, 1, 0, true);
  Heightfield torus =
      cutWindow(buildTile(doc, one, planTiles(doc, one), {0, 0}).field, {0, 0, 256, 256});
  torus.wraps = true;
  const WaterMaps world =
      computeWater(torus, nullptr, doc.world, doc.world.width / 256.0,
                   waterParamsOf(doc.graph.find(water)->values), testing::control());
  ASSERT_GT(std::count_if(world.river.begin(), world.river.end(), [](float v) { return v > 0.0f; }),
            0);
  const TileGrid grid = testing::tileGrid(256, 2, 2, 0, true);
  const TilePlan plan = planTiles(doc, grid);
  ASSERT_EQ(plan.build, TileBuild::Windowed);
  const auto channels = [](const auto& w) {
    return std::array<const std::vector<float>*, 8>{&w.surface, &w.depth, &w.lake,  &w.river,
                                                    &w.sea,     &w.flowX, &w.flowY, &w.wetness};
  };
  for (int row = 0; row < 2; ++row) {
    for (int column = 0; column < 2; ++column) {
      const Tile made = buildTile(doc, grid, plan, {column, row});
      ASSERT_FALSE(made.field.wraps);
      const MapWindow window = tileWindow(grid, {column, row});
      Document tileDoc = doc;
      tileDoc.world = made.world;
      OutputInput in{tileDoc, made.field, ramp, Execution{1}};
      in.tile = TilePlacement{"t", window.x0, window.y0};
      const WaterExport tile = waterForExport(in);
      ASSERT_EQ(tile.width, window.width);
      for (std::size_t k = 0; k < 8; ++k) {
        Heightfield whole(torus.width, torus.height);
        whole.wraps = true;
        whole.heights = *channels(world)[k];
        EXPECT_EQ(*channels(tile)[k], cutWindow(whole, window).heights)
            << "channel " << k << " of tile " << column << "," << row;
      }
    }
  }
}

// A switched-off water node is the designer's choice: refused before any
// file, naming the node, not replaced by a default one (review item 4).
TEST_F(WaterExports, ASwitchedOffWaterNodeIsRefusedNamingIt) {
  Document doc = withWaterBeside("mountains-and-plains.json", 129);
  GraphNode* water = nullptr;
  for (GraphNode& node : doc.graph.nodes) {
    if (node.type == "water") water = &node;
  }
  ASSERT_NE(water, nullptr);
  water->enabled = false;
  const Heightfield ground = terrainOf(doc);
  const ColorRamp ramp = loadLookRamp(doc);
  const OutputInput in{doc, ground, ramp, Execution{1}};
  const std::string why = waterFormat("water-masks").whyUnavailable(in);
  EXPECT_NE(why.find("water node " + std::to_string(water->id) + " is switched off"),
            std::string::npos)
      << why;
  EXPECT_THROW(waterForExport(in), InputError);
  water->enabled = true;
  EXPECT_EQ(waterFormat("water-masks").whyUnavailable(in), "");
}

// An engine size's fit cannot carry a rain mask of the graph's size: said
// before any file instead of water made without it (review item 4).
TEST_F(WaterExports, ARainMaskIsRefusedUnderAnEngineSizesFit) {
  Document doc = withWaterBeside("mountains-and-plains.json", 129);
  const Heightfield ground = terrainOf(doc);
  const ColorRamp ramp = loadLookRamp(doc);
  OutputInput in{doc, ground, ramp, Execution{1}};
  in.engineFit = "unity-129: generated at 129";
  EXPECT_EQ(waterFormat("water-depth").whyUnavailable(in), "");
  NodeId water = 0;
  for (const GraphNode& node : doc.graph.nodes) {
    if (node.type == "water") water = node.id;
  }
  const NodeId mask = addNode(doc.graph, "height-mask", 0.0f, 0.0f);
  connect(doc.graph, {doc.graph.output, 0}, {mask, 0});
  connect(doc.graph, {mask, 0}, {water, 1});
  const std::string why = waterFormat("water-depth").whyUnavailable(in);
  EXPECT_NE(why.find("rain mask"), std::string::npos) << why;
  EXPECT_NE(why.find("unity-129"), std::string::npos) << why;
  in.engineFit.clear();  // the graph's own terrain keeps its rain mask
  EXPECT_EQ(waterFormat("water-depth").whyUnavailable(in), "");
}

// A two-stage world's tiles are no window of one world: its water formats
// are refused by their flag before any tile is made (review item 1).
TEST(WaterTiles, ATwoStageWorldRefusesTheWaterFormatsByFlag) {
  const auto formatOf = [](std::string_view key) {
    const OutputFormat* format = findOutputFormat(key);
    EXPECT_NE(format, nullptr) << key;
    return format;
  };
  const std::vector<OutputRequest> run = {{formatOf("heightmap"), "h.png", {}},
                                          {formatOf("water-flow"), "f.png", {}},
                                          {formatOf("water-glb"), "w.glb", {}}};
  TilePlan plan;
  plan.build = TileBuild::TwoStage;
  const std::string why = waterTilesUnavailable(plan, run);
  EXPECT_EQ(why.rfind("--water-flow: ", 0), 0u) << why;
  EXPECT_NE(why.find("two stages"), std::string::npos) << why;
  EXPECT_EQ(waterTilesUnavailable(plan, std::span(run).first(1)), "");
  plan.build = TileBuild::Windowed;
  EXPECT_EQ(waterTilesUnavailable(plan, run), "");
  plan.build = TileBuild::WholeWorld;
  EXPECT_EQ(waterTilesUnavailable(plan, run), "");
}

// A run's water files share one solve (review item 2), kept only for the
// same terrain: a later file of another map gets that map's water, and
// each file equals the one written alone.
TEST_F(WaterExports, ARunsWaterFilesShareTheirWaterOnlyForTheSameTerrain) {
  const Document a = withWaterBeside("mountains-and-plains.json", 129);
  Document b = a;
  b.seed += 1;
  const Heightfield groundA = terrainOf(a);
  const Heightfield groundB = terrainOf(b);
  ASSERT_NE(groundA.heights, groundB.heights);
  const ColorRamp ramp = loadLookRamp(a);
  const OutputFormat& masks = waterFormat("water-masks");
  const OutputFormat& flow = waterFormat("water-flow");
  const std::vector<OutputRequest> run = {{&masks, path("m.png"), {}}, {&flow, path("f.png"), {}}};
  OutputInput inA{a, groundA, ramp, Execution{2}};
  inA.siblings = run;
  masks.write(path("m.png"), inA, {});  // keeps A's water for f.png
  OutputInput inB{b, groundB, ramp, Execution{2}};
  inB.siblings = run;
  flow.write(path("f.png"), inB, {});
  flow.write(path("alone-b.png"), OutputInput{b, groundB, ramp, Execution{1}}, {});
  masks.write(path("alone-a.png"), OutputInput{a, groundA, ramp, Execution{1}}, {});
  EXPECT_EQ(fileBytes(path("f.png")), fileBytes(path("alone-b.png")));
  EXPECT_EQ(fileBytes(path("m.png")), fileBytes(path("alone-a.png")));
  // The same terrain through the run: both files as written alone.
  masks.write(path("m.png"), inA, {});
  OutputInput inA2{a, groundA, ramp, Execution{2}};
  inA2.siblings = run;
  flow.write(path("f.png"), inA2, {});
  flow.write(path("alone-a-flow.png"), OutputInput{a, groundA, ramp, Execution{1}}, {});
  EXPECT_EQ(fileBytes(path("f.png")), fileBytes(path("alone-a-flow.png")));
  EXPECT_NE(fileBytes(path("alone-a-flow.png")), fileBytes(path("alone-b.png")));
}

}  // namespace
}  // namespace terrain
