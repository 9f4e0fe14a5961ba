// The Scatter node's instances written for engines: Unreal's data table
// CSV, our JSON, and glTF with GPU instancing.
#include "core/export/scatter_formats.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <nlohmann/json.hpp>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/base/error.hpp"
#include "core/export/tiles.hpp"
#include "core/graph/evaluator.hpp"
#include "core/graph/instance_sets.hpp"
#include "core/graph/window_evaluation.hpp"
#include "core/io/atomic_file.hpp"
#include "core/scatter/scatter_species.hpp"

namespace terrain {
namespace {

using Json = nlohmann::ordered_json;

const GraphNode* firstScatterNode(const Graph& graph) {
  for (const GraphNode& node : graph.nodes) {
    if (node.type == "scatter") return &node;
  }
  return nullptr;
}

std::string notUnlessScatter(const OutputInput& in) {
  if (in.field.isProfile()) return "instances stand on a map, not a profile";
  const GraphNode* node = firstScatterNode(in.doc.graph);
  if (node == nullptr) {
    return "the graph has no Scatter node; add one (its instances are what this writes)";
  }
  if (enabledInstanceNodes(in.doc.graph).empty()) {
    std::string why = "the graph's Scatter node ";
    why += std::to_string(node->id);
    why += " is switched off (switch it on to export its instances)";
    return why;
  }
  // A fit resamples or crops the terrain; the instances stand in the
  // graph's world and would not follow.
  if (!in.engineFit.empty()) {
    std::string why = "instances stand in the graph's world, which the engine size's fit (";
    why += in.engineFit;
    why += ") changes; export them without --engine-size";
    return why;
  }
  return {};
}

// A tile's own instances, the world made as the tiles are (sources on
// their shared scale through evaluateWindow; a world with whole-map nodes
// upstream of the Scatter, made whole as its tiles are).
InstanceSet tileInstances(const OutputInput& in, NodeId scatter, std::uint32_t port,
                          const PipelineControl& control) {
  Document world = in.doc;
  const int size = documentSize(world);
  const bool wraps = documentWraps(world);
  const double cell = metresPerCell(in.doc.world, in.field.width, in.field.wraps);
  world.world.width = cell * (wraps ? size : size - 1);
  // Its last row and column are its neighbour's first, unless they end the world.
  const auto ownLength = [&](std::int64_t first, int length) {
    return !wraps && first + length - 1 >= size - 1 ? length : length - 1;
  };
  const MapWindow own{in.tile->x0, in.tile->y0, ownLength(in.tile->x0, in.field.width),
                      ownLength(in.tile->y0, in.field.height)};
  const NodeContext context{world.seed, world.world};
  if (whyNotWindowed(world.graph, scatter).empty()) {
    const PortValue value = evaluateWindow(world.graph, {scatter, port}, context,
                                           WorldWindow{size, wraps, cell, own}, control);
    return instancesIn(*value.instances(), own);
  }
  if (size > kWholeWorldTileLimit) {
    throw InputError(
        "the Scatter node reads a node that needs the whole map, and this world is too large "
        "to make whole; export the instances from the whole map");
  }
  const PortValue value = evaluateGraph(world.graph, {scatter, port}, context, control);
  return instancesIn(*value.instances(), own);
}

std::string number(const char* format, double v) {
  char text[64];
  std::snprintf(text, sizeof text, format, v + 0.0);  // -0 -> 0
  return text;
}

// The quaternion in glTF's frame (x east, y up, z south): our frame with
// y and z swapped, a mirror, so the axis turns with it and the angle flips.
std::array<double, 4> gltfQuaternion(const std::array<double, 4>& q) {
  return {-q[0], -q[2], -q[1], q[3]};
}

// A species' simple mesh in glTF's axes, standing on its origin.
struct ShapeMesh {
  std::vector<float> positions;  // xyz
  std::vector<std::uint16_t> indices;
};

ShapeMesh shapeMesh(ScatterShape shape) {
  ShapeMesh m;
  const auto vertex = [&](double x, double y, double z) {
    m.positions.insert(m.positions.end(),
                       {static_cast<float>(x), static_cast<float>(y), static_cast<float>(z)});
  };
  const auto triangle = [&](int a, int b, int c) {
    m.indices.insert(m.indices.end(), {static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b),
                                       static_cast<std::uint16_t>(c)});
  };
  constexpr double kTau = 2.0 * std::numbers::pi;
  if (shape == ScatterShape::Cone) {  // a tree: 1 m wide at the foot, 4 m tall
    constexpr int kSides = 12;
    vertex(0.0, 4.0, 0.0);
    vertex(0.0, 0.0, 0.0);
    for (int k = 0; k < kSides; ++k) {
      const double a = kTau * k / kSides;
      vertex(std::cos(a), 0.0, std::sin(a));
    }
    for (int k = 0; k < kSides; ++k) {
      const int here = 2 + k, next = 2 + (k + 1) % kSides;
      triangle(0, next, here);
      triangle(1, here, next);
    }
  } else if (shape == ScatterShape::Sphere) {  // a bush: 1 m radius on the ground
    constexpr int kRings = 6, kSides = 12;
    for (int r = 0; r <= kRings; ++r) {
      const double polar = std::numbers::pi * r / kRings;
      for (int k = 0; k < kSides; ++k) {
        const double a = kTau * k / kSides;
        vertex(std::sin(polar) * std::cos(a), 1.0 + std::cos(polar), std::sin(polar) * std::sin(a));
      }
    }
    for (int r = 0; r < kRings; ++r) {
      for (int k = 0; k < kSides; ++k) {
        const int a = r * kSides + k, b = r * kSides + (k + 1) % kSides;
        triangle(a, b, a + kSides);
        triangle(b, b + kSides, a + kSides);
      }
    }
  } else {  // a rock: a 1 m cube on the ground
    for (int k = 0; k < 8; ++k) vertex((k & 1) - 0.5, (k >> 1) & 1, ((k >> 2) & 1) - 0.5);
    constexpr int kFaces[6][4] = {{0, 1, 3, 2}, {4, 6, 7, 5}, {0, 4, 5, 1},
                                  {2, 3, 7, 6}, {0, 2, 6, 4}, {1, 5, 7, 3}};
    for (const auto& f : kFaces) {
      triangle(f[0], f[1], f[2]);
      triangle(f[0], f[2], f[3]);
    }
  }
  return m;
}

void append(std::vector<std::uint8_t>& bin, const void* data, std::size_t bytes) {
  const auto* p = static_cast<const std::uint8_t*>(data);
  bin.insert(bin.end(), p, p + bytes);
  while (bin.size() % 4 != 0) bin.push_back(0);
}

void writeBytes(const std::string& path, const std::string& text) {
  writeFileAtomically(path, [&](AtomicFile& file) { file.write(text.data(), text.size()); });
}

template <void (*Write)(const std::string&, const InstanceSet&, const World&)>
void writeFormat(const std::string& path, const OutputInput& in, const ParamValues&) {
  const InstanceSet set = instancesForExport(in);
  Document world = in.doc;
  Write(path, set, world.world);
}

std::string describeInstances(const OutputInput&, const ParamValues&) {
  return "the Scatter node's instances";
}

OutputFormat row(std::string_view key, std::string_view metavar, std::string_view suffix,
                 std::string_view title, std::string_view help,
                 FileLayout (*layout)(const OutputInput&, const ParamValues&),
                 void (*write)(const std::string&, const OutputInput&, const ParamValues&)) {
  return {
      key,    metavar, suffix,           title, help, OutputNeeds::Heights, {}, &describeInstances,
      layout, write,   &notUnlessScatter};
}

}  // namespace

// Every enabled Scatter node's instances, merged as the view merges them
// (core/graph/instance_sets.hpp): a second node's rocks are written too.
InstanceSet instancesForExport(const OutputInput& in) {
  if (const std::string why = notUnlessScatter(in); !why.empty()) throw InputError(why);
  const PipelineControl control{in.exec, nullptr, {}};
  std::vector<InstanceSet> sets;
  for (const GraphNode* node : enabledInstanceNodes(in.doc.graph)) {
    const std::uint32_t port = *instancesOutput(typeOf(*node));
    if (in.tile) {
      sets.push_back(tileInstances(in, node->id, port, control));
    } else {
      sets.push_back(
          *evaluateGraph(in.doc.graph, {node->id, port}, {in.doc.seed, in.doc.world}, control)
               .instances());
    }
  }
  std::vector<const InstanceSet*> parts;
  for (const InstanceSet& set : sets) parts.push_back(&set);
  return mergeInstanceSets(parts);
}

std::array<double, 4> instanceQuaternion(const ScatterInstance& i) {
  // About z by the rotation, then z turned onto the up vector (half-way
  // quaternion: exact for every up but straight down, which no ground gives).
  const double half = 0.5 * static_cast<double>(i.rotation);
  const std::array<double, 4> yaw{0.0, 0.0, std::sin(half), std::cos(half)};
  const auto ux = static_cast<double>(i.upX), uy = static_cast<double>(i.upY),
             uz = static_cast<double>(i.upZ);
  std::array<double, 4> tilt{-uy, ux, 0.0, 1.0 + uz};
  const double norm = std::sqrt(tilt[0] * tilt[0] + tilt[1] * tilt[1] + tilt[3] * tilt[3]);
  for (double& v : tilt) v /= norm;
  // tilt * yaw
  const auto& a = tilt;
  const auto& b = yaw;
  return {a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
          a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
          a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
          a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
}

void writeInstancesCsv(const std::string& path, const InstanceSet& set, const World& world) {
  // A row name is unique in the world, not only the file: species and place in cm.
  std::string text = "Name,Species,Transform\n";
  for (const ScatterInstance& i : set.instances) {
    const std::string& species = set.species[i.species].name;
    const double x = i.x * 100.0, y = i.y * 100.0;
    const double z = (world.baseElevation + static_cast<double>(i.height)) * 100.0;
    const std::array<double, 4> q = instanceQuaternion(i);
    const auto s = static_cast<double>(i.scale);
    // Built by += alone: GCC 12's -Wrestrict misreads chains of +.
    text += species;
    text += '_';
    text += number("%.0f", std::round(x));
    text += '_';
    text += number("%.0f", std::round(y));
    text += ',';
    text += species;
    const auto field = [&](const char* name, const char* format, double v) {
      text += name;
      text += number(format, v);
    };
    field(",\"(Rotation=(X=", "%.9g", q[0]);
    field(",Y=", "%.9g", q[1]);
    field(",Z=", "%.9g", q[2]);
    field(",W=", "%.9g", q[3]);
    field("),Translation=(X=", "%.3f", x);
    field(",Y=", "%.3f", y);
    field(",Z=", "%.3f", z);
    field("),Scale3D=(X=", "%.9g", s);
    field(",Y=", "%.9g", s);
    field(",Z=", "%.9g", s);
    text += "))\"\n";
  }
  writeBytes(path, text);
}

void writeInstancesJson(const std::string& path, const InstanceSet& set, const World& world) {
  Json species = Json::array();
  for (std::size_t k = 0; k < set.species.size(); ++k) {
    species.push_back(
        {{"index", k},
         {"name", set.species[k].name},
         {"shape", scatterShapeName(static_cast<ScatterShape>(set.species[k].shape))}});
  }
  Json rows = Json::array();
  for (const ScatterInstance& i : set.instances) {
    rows.push_back(
        Json::array({i.species, i.x, i.y, world.baseElevation + static_cast<double>(i.height),
                     static_cast<double>(i.rotation) * 180.0 / std::numbers::pi, i.scale, i.upX,
                     i.upY, i.upZ}));
  }
  const Json out = {
      {"format", "terrain-explorer instances"},
      {"version", 1},
      {"frame",
       "metres: x east and y south from the world's first sample, z above sea level; rotation "
       "in degrees about the instance's up, east turning towards south; up the unit vector the "
       "instance stands along (z up)"},
      {"cellMetres", set.cellMetres},
      {"window",
       {{"x0", set.window.x0},
        {"y0", set.window.y0},
        {"width", set.window.width},
        {"height", set.window.height}}},
      {"species", std::move(species)},
      {"columns", {"species", "x", "y", "z", "rotation", "scale", "upX", "upY", "upZ"}},
      {"instances", std::move(rows)}};
  writeBytes(path, out.dump() + "\n");
}

void writeInstancesGltf(const std::string& path, const InstanceSet& set, const World& world) {
  std::vector<std::uint8_t> bin;
  Json bufferViews = Json::array(), accessors = Json::array(), meshes = Json::array();
  Json nodes = Json::array(), sceneNodes = Json::array();
  const auto view = [&](const void* data, std::size_t bytes, std::optional<int> target) {
    const std::size_t offset = bin.size();
    append(bin, data, bytes);
    Json v = {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", bytes}};
    if (target) v["target"] = *target;
    bufferViews.push_back(std::move(v));
    return static_cast<int>(bufferViews.size() - 1);
  };
  const auto accessor = [&](int bufferView, int componentType, std::size_t count, const char* type,
                            Json extra = Json::object()) {
    Json a = {{"bufferView", bufferView},
              {"componentType", componentType},
              {"count", count},
              {"type", type}};
    a.update(extra);
    accessors.push_back(std::move(a));
    return static_cast<int>(accessors.size() - 1);
  };
  constexpr int kFloat = 5126, kUnsignedShort = 5123;
  constexpr int kArrayBuffer = 34962, kElementArrayBuffer = 34963;
  for (std::uint32_t k = 0; k < set.species.size(); ++k) {
    std::vector<float> translation, rotation, scale;
    for (const ScatterInstance& i : set.instances) {
      if (i.species != k) continue;
      const double up = world.baseElevation + static_cast<double>(i.height);
      translation.insert(translation.end(), {static_cast<float>(i.x), static_cast<float>(up),
                                             static_cast<float>(i.y)});
      const std::array<double, 4> q = gltfQuaternion(instanceQuaternion(i));
      for (const double v : q) rotation.push_back(static_cast<float>(v));
      scale.insert(scale.end(), {i.scale, i.scale, i.scale});
    }
    if (translation.empty()) continue;  // glTF takes no empty accessor
    const ShapeMesh shape = shapeMesh(static_cast<ScatterShape>(set.species[k].shape));
    std::array<float, 3> low{1e9f, 1e9f, 1e9f}, high{-1e9f, -1e9f, -1e9f};
    for (std::size_t p = 0; p < shape.positions.size(); ++p) {
      low[p % 3] = std::min(low[p % 3], shape.positions[p]);
      high[p % 3] = std::max(high[p % 3], shape.positions[p]);
    }
    const int positions =
        accessor(view(shape.positions.data(), shape.positions.size() * sizeof(float), kArrayBuffer),
                 kFloat, shape.positions.size() / 3, "VEC3", {{"min", low}, {"max", high}});
    const int indices =
        accessor(view(shape.indices.data(), shape.indices.size() * sizeof(std::uint16_t),
                      kElementArrayBuffer),
                 kUnsignedShort, shape.indices.size(), "SCALAR");
    meshes.push_back(
        {{"name", set.species[k].name},
         {"primitives", {{{"attributes", {{"POSITION", positions}}}, {"indices", indices}}}}});
    const std::size_t count = translation.size() / 3;
    const int t = accessor(view(translation.data(), translation.size() * sizeof(float), {}), kFloat,
                           count, "VEC3");
    const int r =
        accessor(view(rotation.data(), rotation.size() * sizeof(float), {}), kFloat, count, "VEC4");
    const int s =
        accessor(view(scale.data(), scale.size() * sizeof(float), {}), kFloat, count, "VEC3");
    sceneNodes.push_back(nodes.size());
    nodes.push_back({{"name", set.species[k].name},
                     {"mesh", meshes.size() - 1},
                     {"extensions",
                      {{"EXT_mesh_gpu_instancing",
                        {{"attributes", {{"TRANSLATION", t}, {"ROTATION", r}, {"SCALE", s}}}}}}}});
  }
  Json gltf = {{"asset", {{"version", "2.0"}, {"generator", "terrain-explorer"}}},
               {"extensionsUsed", {"EXT_mesh_gpu_instancing"}},
               {"scene", 0},
               {"scenes", {{{"nodes", sceneNodes}}}},
               {"nodes", nodes}};
  if (!meshes.empty()) {
    gltf["meshes"] = meshes;
    gltf["accessors"] = accessors;
    gltf["bufferViews"] = bufferViews;
    gltf["buffers"] = {{{"byteLength", bin.size()}}};
  }
  std::string json = gltf.dump();
  while (json.size() % 4 != 0) json += ' ';
  const auto u32 = [](std::string& out, std::uint32_t v) {
    for (int b = 0; b < 4; ++b) out += static_cast<char>((v >> (8 * b)) & 0xFF);
  };
  std::string glb;
  const std::size_t total = 12 + 8 + json.size() + (bin.empty() ? 0 : 8 + bin.size());
  // A GLB's lengths are 32-bit: past them the file would lie about itself.
  if (total > 0xFFFFFFFFu) {
    throw std::runtime_error("cannot write " + path + ": " + std::to_string(total) +
                             " bytes is past a GLB's 4 GiB; write --instances-csv or tiles");
  }
  u32(glb, 0x46546C67);  // "glTF"
  u32(glb, 2);
  u32(glb, static_cast<std::uint32_t>(total));
  u32(glb, static_cast<std::uint32_t>(json.size()));
  u32(glb, 0x4E4F534A);  // "JSON"
  glb += json;
  if (!bin.empty()) {
    u32(glb, static_cast<std::uint32_t>(bin.size()));
    u32(glb, 0x004E4942);  // "BIN\0"
    glb.append(reinterpret_cast<const char*>(bin.data()), bin.size());
  }
  writeBytes(path, glb);
}

std::vector<OutputFormat> scatterFormats() {
  return {
      row(
          "instances-csv", "FILE.csv", "-instances.csv", "Instances for Unreal (CSV)",
          "The Scatter node's instances as an Unreal data table: Name, Species and an "
          "FTransform (cm, Z above sea level) that PCG's Load Data Table reads as points",
          [](const OutputInput&, const ParamValues&) {
            return FileLayout{"csv",
                              "text",
                              3,
                              0,
                              "",
                              "",
                              "rows Name,Species,Transform: an Unreal FTransform, translation "
                              "in cm (X east, Y south, Z above sea level)"};
          },
          &writeFormat<&writeInstancesCsv>),
      row(
          "instances-json", "FILE.json", "-instances.json", "Instances (JSON)",
          "The Scatter node's instances in metres in our frame (x east, y south, z above sea "
          "level), with the species table",
          [](const OutputInput&, const ParamValues&) {
            return FileLayout{"json",
                              "float64",
                              9,
                              64,
                              "",
                              "",
                              "instances: species, x, y, z (m), rotation (degrees), scale, up"};
          },
          &writeFormat<&writeInstancesJson>),
      row(
          "instances-gltf", "FILE.glb", "-instances.glb", "Instances (glTF)",
          "Binary glTF: a simple mesh per species (cone, sphere, box) at every instance "
          "through EXT_mesh_gpu_instancing, placed like the terrain's mesh",
          [](const OutputInput&, const ParamValues&) {
            return FileLayout{"glb",
                              "float32",
                              3,
                              32,
                              "little-endian",
                              "",
                              "instances in metres: +X east, +Y up (above sea level), +Z south"};
          },
          &writeFormat<&writeInstancesGltf>),
  };
}

}  // namespace terrain
