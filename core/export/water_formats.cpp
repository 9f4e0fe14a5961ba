// The water node's maps and surface mesh as export formats
// (core/export/water_formats.hpp).
#include "core/export/water_formats.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/base/error.hpp"
#include "core/base/map_window.hpp"
#include "core/export/exr.hpp"
#include "core/export/tiles.hpp"
#include "core/graph/evaluator.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/node_registry.hpp"
#include "core/io/png_io.hpp"
#include "core/mesh/mesh_export.hpp"
#include "core/nodes/water.hpp"

namespace terrain {
namespace {

// The graph's first water node, as the graph lists its nodes, switched on
// or off; null when it has none.
const GraphNode* firstWaterNode(const Graph& graph) {
  for (const GraphNode& node : graph.nodes) {
    if (node.type == "water") return &node;
  }
  return nullptr;
}

// The graph's water node; without one, a water node with its defaults on
// the terrain, as the node editor adds it. A switched-off one is refused
// before (notUnlessWater): the designer turned that water off, so neither
// it nor a default stands in for it.
NodeId waterNodeOf(Document& doc) {
  if (const GraphNode* node = firstWaterNode(doc.graph)) return node->id;
  const NodeId water = addNode(doc.graph, "water", 0.0f, 0.0f);
  connect(doc.graph, {doc.graph.output, 0}, {water, 0});
  return water;
}

// The water node's "rain" input (core/nodes/water.cpp).
constexpr std::uint32_t kRainInput = 1;

std::uint32_t portIndex(std::string_view key) {
  const NodeType& type = nodeType("water");
  for (std::uint32_t port = 0; port < type.outputs().size(); ++port) {
    if (type.outputs()[port].key == key) return port;
  }
  throw std::logic_error("the water node has no port " + std::string(key));
}

std::string sizeOf(const OutputInput& in) {
  return std::to_string(in.field.width) + "x" + std::to_string(in.field.height);
}

std::uint16_t unit16(float v) {
  return static_cast<std::uint16_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 65535.0f));
}

void put16(std::uint8_t* out, std::uint16_t v) {
  out[0] = static_cast<std::uint8_t>(v >> 8);  // PNG is big-endian
  out[1] = static_cast<std::uint8_t>(v & 0xFF);
}

// Three maps as a 16-bit RGB PNG (a null map: 0).
void writeRgb16(const std::string& path, const WaterExport& w, const std::vector<float>* r,
                const std::vector<float>* g, const std::vector<float>* b, const Execution& exec) {
  writePngFile(
      path, w.width, w.height, PngFormat::Rgb16,
      [&](int y, std::uint8_t* out) {
        for (int x = 0; x < w.width; ++x) {
          const std::size_t c = static_cast<std::size_t>(y) * static_cast<std::size_t>(w.width) +
                                static_cast<std::size_t>(x);
          std::uint8_t* px = out + 6 * static_cast<std::size_t>(x);
          put16(px, r != nullptr ? unit16((*r)[c]) : 0);
          put16(px + 2, g != nullptr ? unit16((*g)[c]) : 0);
          put16(px + 4, b != nullptr ? unit16((*b)[c]) : 0);
        }
      },
      exec);
}

// Height units as metres above sea level, for the EXR (float32).
std::vector<float> metresOf(const std::vector<float>& heights, const World& world, bool above) {
  std::vector<float> out(heights.size());
  const double base = above ? world.baseElevation : 0.0;
  for (std::size_t i = 0; i < heights.size(); ++i) {
    out[i] = static_cast<float>(base + static_cast<double>(heights[i]) * world.heightRange);
  }
  return out;
}

FileLayout pngLayout(int channels, std::string values) {
  return {"png", "uint16", channels, 16, "big-endian", "top-first", std::move(values)};
}
FileLayout exrLayout(std::string values) {
  return {"openexr", "float32", 1, 32, "little-endian", "top-first", std::move(values)};
}

std::string notUnlessWater(const OutputInput& in) {
  if (in.field.isProfile()) return "water needs a map, not a profile";
  if (in.outputNode) {
    return "writes the terrain's water, not --output-node's map (drop --output-node)";
  }
  const GraphNode* node = firstWaterNode(in.doc.graph);
  if (node == nullptr) return {};
  if (!node->enabled) {
    std::string why = "the graph's water node ";
    why += std::to_string(node->id);
    why += " is switched off (switch it on to export its water)";
    return why;
  }
  // An engine size's fit changes the samples; the rain mask is the graph's
  // size and cannot follow, and water without it is not the node's.
  if (!in.engineFit.empty() && in.doc.graph.edgeInto({node->id, kRainInput}) != nullptr) {
    std::string why = "the water node's rain mask cannot follow the engine size's fit (";
    why += in.engineFit;
    why += "); export the water without --engine-size, or take the rain mask off";
    return why;
  }
  return {};
}

using Write = void (*)(const std::string&, const OutputInput&, const WaterExport&);

// 64-bit FNV-1a of a map's samples: which terrain the kept water is of.
std::uint64_t samplesHash(const std::vector<float>& samples) {
  std::uint64_t h = 1469598103934665603ull;
  const auto* bytes = reinterpret_cast<const unsigned char*>(samples.data());
  for (std::size_t i = 0; i < samples.size() * sizeof(float); ++i) {
    h = (h ^ bytes[i]) * 1099511628211ull;
  }
  return h;
}

// A run writes up to six water files of one map or tile, and the water
// solve is most of their time: the first computes it, the rest of the
// run's water files take it, and the run's last water file lets it go, so
// nothing is held once an export is done. A memo of a pure function (the
// same bits as computing again), keyed by everything waterForExport reads.
class WaterMemo {
 public:
  std::shared_ptr<const WaterExport> take(const std::string& path, const OutputInput& in) {
    const std::lock_guard lock(mutex_);
    Key key{in.doc,
            in.field.width,
            in.field.height,
            in.field.wraps,
            samplesHash(in.field.heights),
            in.tile ? std::optional(std::pair(in.tile->x0, in.tile->y0)) : std::nullopt,
            in.engineFit};
    std::shared_ptr<const WaterExport> water;
    if (key_ && *key_ == key) {
      water = water_;
    } else {
      water = std::make_shared<const WaterExport>(waterForExport(in));
    }
    if (laterWaterFile(path, in)) {
      key_ = std::move(key);
      water_ = water;
    } else {
      key_.reset();
      water_.reset();
    }
    return water;
  }

 private:
  struct Key {
    Document doc;
    int width = 0;
    int height = 0;
    bool wraps = false;
    std::uint64_t samples = 0;
    std::optional<std::pair<std::int64_t, std::int64_t>> tile;
    std::string engineFit;
    bool operator==(const Key&) const = default;
  };
  // Whether a water file follows `path` in the run.
  static bool laterWaterFile(const std::string& path, const OutputInput& in) {
    bool after = false;
    for (const OutputRequest& out : in.siblings) {
      if (after && out.format->key.starts_with("water-")) return true;
      after = after || out.path == path;
    }
    return false;
  }

  std::mutex mutex_;
  std::optional<Key> key_;
  std::shared_ptr<const WaterExport> water_;
};

// The writers are plain functions of the maps; a run's water files share
// one computation of them.
WaterMemo& waterMemo() {
  static WaterMemo memo;  // one for all six rows
  return memo;
}

template <Write W>
void writeWith(const std::string& path, const OutputInput& in, const ParamValues&) {
  W(path, in, *waterMemo().take(path, in));
}

// The whole world as its tiles are made (a chain's tiles are on its
// source's shared range, not the whole map's 0..1): the terrain, or with
// `port` that node output, a torus when the world is one.
Heightfield worldAsTiled(const Document& doc, std::optional<PortRef> port,
                         const PipelineControl& control) {
  TileGrid grid;
  grid.worldSize = documentSize(doc);
  grid.wraps = documentWraps(doc);
  const TilePlan plan = planTiles(doc, grid, port);
  if (plan.build == TileBuild::TwoStage) {
    throw InputError(
        "this tiled world is built in two stages, so its tiles' water cannot be cut from one "
        "whole world's; export the water from the whole map");
  }
  Heightfield field = buildTile(doc, grid, plan, {0, 0}, control).field;
  if (!grid.wraps) return field;
  const int size = static_cast<int>(grid.worldSize);
  Heightfield torus = cutWindow(field, {0, 0, size, size});  // its last samples are its first
  torus.wraps = true;
  return torus;
}

// The maps into `out`, each cut to `window` of a map shaped like `shape`
// (null: whole).
void take(WaterMaps&& maps, const std::pair<const Heightfield*, MapWindow>* cut, WaterExport& out) {
  const auto place = [&](std::vector<float>& to, std::vector<float>&& from) {
    if (cut == nullptr) {
      to = std::move(from);
      return;
    }
    Heightfield whole(cut->first->width, cut->first->height);
    whole.wraps = cut->first->wraps;
    whole.heights = std::move(from);
    to = cutWindow(whole, cut->second).heights;
  };
  place(out.surface, std::move(maps.surface));
  place(out.depth, std::move(maps.depth));
  place(out.lake, std::move(maps.lake));
  place(out.river, std::move(maps.river));
  place(out.sea, std::move(maps.sea));
  place(out.flowX, std::move(maps.flowX));
  place(out.flowY, std::move(maps.flowY));
  place(out.wetness, std::move(maps.wetness));
}

// A tile's water: its window of the whole world's, the world made as the
// tiles are, so that tiles meet at their seams. The world's metres come
// from the tile's metres per cell; a tile's field never wraps, the world
// does when its sources do.
void tileWater(Document& doc, NodeId water, const WaterParams& params, const OutputInput& in,
               const PipelineControl& control, WaterExport& out) {
  const int size = documentSize(doc);
  doc.world.width = out.cell * (documentWraps(doc) ? size : size - 1);
  const Heightfield ground = worldAsTiled(doc, std::nullopt, control);
  const MapWindow window{in.tile->x0, in.tile->y0, in.field.width, in.field.height};
  if (cutWindow(ground, window).heights != in.field.heights) {
    throw InputError(
        "this tile's terrain is not its window of the whole world, so its water cannot be cut "
        "from the world's; export the water from the whole map");
  }
  std::optional<Heightfield> rain;
  if (const GraphEdge* edge = doc.graph.edgeInto({water, kRainInput})) {
    rain = worldAsTiled(doc, edge->from, control);
  }
  const std::pair<const Heightfield*, MapWindow> cut{&ground, window};
  take(computeWater(ground, rain ? &*rain : nullptr, doc.world,
                    metresPerCell(doc.world, ground.width, ground.wraps), params,
                    RunControl{in.exec, control.cancel, {}}),
       &cut, out);
}

}  // namespace

std::string waterTilesUnavailable(const TilePlan& plan, std::span<const OutputRequest> outputs) {
  if (plan.build != TileBuild::TwoStage) return {};
  for (const OutputRequest& out : outputs) {
    if (!out.format->key.starts_with("water-")) continue;
    std::string why = "--";
    why += out.format->key;
    why +=
        ": this tiled world's tiles are built in two stages (erosion over a large world), so no "
        "tile is a window of one whole world's water; export the water from the whole map";
    return why;
  }
  return {};
}

WaterExport waterForExport(const OutputInput& in) {
  if (const std::string why = notUnlessWater(in); !why.empty()) throw InputError(why);
  Document doc = in.doc;
  const NodeId water = waterNodeOf(doc);
  const WaterParams params = waterParamsOf(doc.graph.find(water)->values);
  WaterExport out;
  out.width = in.field.width;
  out.height = in.field.height;
  out.world = in.doc.world;
  out.cell = metresPerCell(in.doc.world, in.field.width, in.field.wraps);
  const PipelineControl control{in.exec, nullptr, {}};
  if (in.tile) {
    tileWater(doc, water, params, in, control, out);
    return out;
  }
  GraphEvaluator evaluator;
  const NodeContext context{doc.seed, doc.world};
  const auto portOf = [&](NodeId id, std::uint32_t port) {
    return evaluator.run(doc.graph, id, port, context, control)->heights;
  };
  if (portOf(doc.graph.output, 0) == in.field.heights) {
    // The terrain is the graph's: its water node's ports, rain mask and all.
    const auto port = [&](std::string_view key) { return portOf(water, portIndex(key)); };
    out.surface = port("surface");
    out.depth = port("depth");
    out.lake = port("lake");
    out.river = port("river");
    out.sea = port("sea");
    out.flowX = port("flow-x");
    out.flowY = port("flow-y");
    out.wetness = port("wetness");
    return out;
  }
  // Not the graph's terrain (an engine size's fit): this terrain's own water,
  // with the node's parameters (a rain mask was refused before).
  take(computeWater(in.field, nullptr, in.doc.world, out.cell, params,
                    RunControl{in.exec, nullptr, {}}),
       nullptr, out);
  return out;
}

TerrainMesh waterMesh(const WaterExport& water) {
  TerrainMesh mesh;
  const auto w = static_cast<std::size_t>(water.width);
  const auto h = static_cast<std::size_t>(water.height);
  const auto wet = [&](std::size_t c) {
    return water.lake[c] > 0.0f || water.river[c] > 0.0f || water.sea[c] > 0.0f;
  };
  std::vector<std::uint32_t> vertex(w * h, UINT32_MAX);
  const auto vertexOf = [&](std::size_t x, std::size_t y) {
    const std::size_t c = y * w + x;
    if (vertex[c] != UINT32_MAX) return vertex[c];
    vertex[c] = static_cast<std::uint32_t>(mesh.vertexCount());
    const double metres =
        water.world.baseElevation + static_cast<double>(water.surface[c]) * water.world.heightRange;
    mesh.positions.insert(
        mesh.positions.end(),
        {static_cast<float>(static_cast<double>(x) * water.cell), static_cast<float>(metres),
         static_cast<float>(static_cast<double>(y) * water.cell)});
    mesh.normals.insert(mesh.normals.end(), {0.0f, 1.0f, 0.0f});
    mesh.uvs.push_back(
        w > 1 ? static_cast<float>(static_cast<double>(x) / static_cast<double>(w - 1)) : 0.0f);
    mesh.uvs.push_back(
        h > 1 ? static_cast<float>(static_cast<double>(y) / static_cast<double>(h - 1)) : 0.0f);
    return vertex[c];
  };
  const auto square = [&](std::size_t c) {
    return wet(c) && wet(c + 1) && wet(c + w) && wet(c + w + 1);
  };
  // A square whose four corners stand at one level (a lake's, the sea's).
  const auto flat = [&](std::size_t c, float level) {
    return square(c) && water.surface[c] == level && water.surface[c + 1] == level &&
           water.surface[c + w] == level && water.surface[c + w + 1] == level;
  };
  for (std::size_t y = 0; y + 1 < h; ++y) {
    for (std::size_t x = 0; x + 1 < w;) {
      const std::size_t c = y * w + x;
      if (!square(c)) {
        ++x;
        continue;
      }
      // A row of flat squares at one level is one quad: a sea of 4097
      // samples is 4096 strips, not 33 million triangles. The vertices the
      // strip skips lie on its straight, level edge, so no crack opens.
      std::size_t end = x + 1;
      const float level = water.surface[c];
      if (flat(c, level)) {
        while (end + 1 < w && flat(y * w + end, level)) ++end;
      }
      const std::uint32_t a = vertexOf(x, y);
      const std::uint32_t b = vertexOf(end, y);
      const std::uint32_t d = vertexOf(x, y + 1);
      const std::uint32_t e = vertexOf(end, y + 1);
      // Counter-clockwise seen from above (+Y up, +Z south): normals up.
      mesh.indices.insert(mesh.indices.end(), {a, d, b, b, d, e});
      x = end;
    }
  }
  return mesh;
}

namespace {

void writeSurface(const std::string& path, const OutputInput& in, const WaterExport& w) {
  const std::vector<float> metres = metresOf(w.surface, w.world, true);
  writeExrChannel(path, w.width, w.height, metres.data(), "Y", ExrCompression::Piz, in.exec);
}
void writeDepth(const std::string& path, const OutputInput& in, const WaterExport& w) {
  const std::vector<float> metres = metresOf(w.depth, w.world, false);
  writeExrChannel(path, w.width, w.height, metres.data(), "Y", ExrCompression::Piz, in.exec);
}
void writeMasks(const std::string& path, const OutputInput& in, const WaterExport& w) {
  writeRgb16(path, w, &w.lake, &w.river, &w.sea, in.exec);
}
void writeFlow(const std::string& path, const OutputInput& in, const WaterExport& w) {
  writeRgb16(path, w, &w.flowX, &w.flowY, nullptr, in.exec);
}
void writeWetness(const std::string& path, const OutputInput& in, const WaterExport& w) {
  writePngFile(
      path, w.width, w.height, PngFormat::Gray16,
      [&](int y, std::uint8_t* out) {
        for (int x = 0; x < w.width; ++x) {
          const std::size_t c = static_cast<std::size_t>(y) * static_cast<std::size_t>(w.width) +
                                static_cast<std::size_t>(x);
          put16(out + 2 * static_cast<std::size_t>(x), unit16(w.wetness[c]));
        }
      },
      in.exec);
}
void writeMesh(const std::string& path, const OutputInput& in, const WaterExport& w) {
  TerrainMesh mesh = waterMesh(w);
  if (mesh.indices.empty()) {
    // glTF takes no empty accessor: a dry map or tile holds one degenerate
    // triangle at its corner, at sea level's height of its ground, which
    // draws nothing.
    mesh = TerrainMesh{};
    const auto y = static_cast<float>(w.world.baseElevation +
                                      static_cast<double>(w.surface.front()) * w.world.heightRange);
    mesh.positions = {0.0f, y, 0.0f, 0.0f, y, 0.0f, 0.0f, y, 0.0f};
    mesh.normals = {0.0f, 1.0f, 0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 1.0f, 0.0f};
    mesh.uvs = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
    mesh.indices = {0, 1, 2};
  }
  MeshFileOptions options;
  options.name = in.tile ? in.tile->name + "_water" : "water";
  if (in.tile) {
    options.east = static_cast<double>(in.tile->x0) * w.cell;
    options.south = static_cast<double>(in.tile->y0) * w.cell;
  }
  writeGlb(path, mesh, options);
}

OutputFormat row(std::string_view key, std::string_view metavar, std::string_view suffix,
                 std::string_view title, std::string_view help,
                 FileLayout (*layout)(const OutputInput&, const ParamValues&),
                 void (*write)(const std::string&, const OutputInput&, const ParamValues&)) {
  return {key, metavar, suffix, title, help,           OutputNeeds::Heights,
          {},  nullptr, layout, write, &notUnlessWater};
}

}  // namespace

std::vector<OutputFormat> waterFormats() {
  std::vector<OutputFormat> all = {
      row(
          "water-surface", "FILE.exr", "-water-surface.exr", "Water surface (EXR)",
          "The water node's surface, float metres above sea level (the ground where dry)",
          [](const OutputInput&, const ParamValues&) {
            return exrLayout("water surface, metres above sea level; the ground where dry");
          },
          &writeWith<&writeSurface>),
      row(
          "water-depth", "FILE.exr", "-water-depth.exr", "Water depth (EXR)",
          "The water node's depth, float metres (0 where dry)",
          [](const OutputInput&, const ParamValues&) {
            return exrLayout("water depth, metres; 0 where dry");
          },
          &writeWith<&writeDepth>),
      row(
          "water-masks", "FILE.png", "-water-masks.png", "Water masks (PNG)",
          "16-bit RGB: R lake, G river, B sea, each the share of the cell under it",
          [](const OutputInput&, const ParamValues&) {
            return pngLayout(3, "R lake, G river, B sea: 0..65535 the share of the cell covered");
          },
          &writeWith<&writeMasks>),
      row(
          "water-flow", "FILE.png", "-water-flow.png", "Water flow map (PNG)",
          "16-bit flow map as water shaders read it: R east, G south (down the image), 0.5 "
          "still, 0 and 1 the node's full speed either way; B 0",
          [](const OutputInput&, const ParamValues&) {
            return pngLayout(3,
                             "flow: R = 0.5 + 0.5 vx / full-speed (east +), G = 0.5 + 0.5 vy / "
                             "full-speed (south, down the image, +), 32768 still; B 0");
          },
          &writeWith<&writeFlow>),
      row(
          "water-wetness", "FILE.png", "-wetness.png", "Wetness (PNG)",
          "16-bit grey wetness for texturing: 1 in water, falling with distance from it",
          [](const OutputInput&, const ParamValues&) {
            return FileLayout{
                "png", "uint16", 1, 16, "big-endian", "top-first", "wetness 0..65535 = 0..1"};
          },
          &writeWith<&writeWetness>),
      row(
          "water-glb", "FILE.glb", "-water.glb", "Water surface mesh (glTF)",
          "Binary glTF of the water surface where there is water, placed like the terrain's mesh "
          "(tiles too)",
          [](const OutputInput&, const ParamValues&) {
            return FileLayout{"glb",
                              "float32",
                              3,
                              32,
                              "little-endian",
                              "",
                              "water surface vertices in metres: +X east, +Y up (above sea level), "
                              "+Z south; every grid square with water at its four corners"};
          },
          &writeWith<&writeMesh>),
  };
  for (OutputFormat& f : all) {
    f.describe = [](const OutputInput& in, const ParamValues&) {
      return sizeOf(in) + " water map";
    };
  }
  return all;
}

}  // namespace terrain
