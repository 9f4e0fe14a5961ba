// The Scatter node's instances as a glTF (.glb): one simple mesh per
// species in glTF's axes, drawn at every instance through
// EXT_mesh_gpu_instancing (translations, rotations, scales as accessors).
#include <array>
#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>
#include <numbers>
#include <string>
#include <vector>

#include "core/export/scatter_formats.hpp"
#include "core/io/atomic_file.hpp"
#include "core/scatter/scatter_species.hpp"

namespace terrain {
namespace {

using Json = nlohmann::ordered_json;

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

}  // namespace

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
  writeFileAtomically(path, [&](AtomicFile& file) { file.write(glb.data(), glb.size()); });
}

}  // namespace terrain
