#pragma once
// Meshes read back from the bytes an engine receives (mesh_handoff_test.cpp,
// mesh_tiles_test.cpp): a GLB reader written from the glTF 2.0
// specification (header, JSON chunk, BIN chunk, accessors) with
// nlohmann-json, OBJ line by line, the sidecar's JSON and --raw's floats.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/export_run_fixture.hpp"
#include "tests/support/files.hpp"

namespace terrain::testing {

using Json = nlohmann::json;
using Vec3 = std::array<double, 3>;

// A mesh as a file gives it: positions in the world (node translation
// added), triangles, and the JSON it came with (GLB only).
struct ReadMesh {
  std::vector<Vec3> positions;
  std::vector<std::uint32_t> indices;
  Json json;
};

inline std::uint32_t word(const std::string& bytes, std::size_t at) {
  std::uint32_t w = 0;
  std::memcpy(&w, bytes.data() + at, 4);
  return w;
}

// glTF 2.0 section 4.4: a 12-byte header ("glTF", 2, length), then chunks
// of (length, type, data): JSON first, BIN second.
inline ReadMesh readGlb(const std::string& path) {
  const std::string bytes = readAll(path);
  ReadMesh out;
  if (bytes.size() < 20 || word(bytes, 0) != 0x46546C67u || word(bytes, 4) != 2u ||
      word(bytes, 8) != bytes.size()) {
    ADD_FAILURE() << path << ": not a glTF 2 binary of its own length";
    return out;
  }
  const std::uint32_t jsonBytes = word(bytes, 12);
  EXPECT_EQ(word(bytes, 16), 0x4E4F534Au) << "JSON chunk first";
  out.json = Json::parse(bytes.substr(20, jsonBytes));
  const std::size_t binAt = 20 + jsonBytes;
  EXPECT_EQ(word(bytes, binAt + 4), 0x004E4942u) << "BIN chunk second";
  const std::size_t bin = binAt + 8;
  const Json& j = out.json;
  const Json& primitive = j["meshes"][0]["primitives"][0];
  const auto view = [&](int accessor) {
    const Json& a = j["accessors"][std::size_t(accessor)];
    const Json& v = j["bufferViews"][a["bufferView"].get<std::size_t>()];
    return std::pair{
        bin + v.value("byteOffset", std::size_t{0}) + a.value("byteOffset", std::size_t{0}),
        a["count"].get<std::size_t>()};
  };
  Vec3 translation = {0.0, 0.0, 0.0};
  if (j["nodes"][0].contains("translation")) {
    for (std::size_t k = 0; k < 3; ++k) translation[k] = j["nodes"][0]["translation"][k];
  }
  const auto [positionAt, vertices] = view(primitive["attributes"]["POSITION"].get<int>());
  for (std::size_t v = 0; v < vertices; ++v) {
    float p[3];
    std::memcpy(p, bytes.data() + positionAt + 12 * v, 12);
    out.positions.push_back({double(p[0]) + translation[0], double(p[1]) + translation[1],
                             double(p[2]) + translation[2]});
  }
  const auto [indexAt, indices] = view(primitive["indices"].get<int>());
  out.indices.resize(indices);
  std::memcpy(out.indices.data(), bytes.data() + indexAt, 4 * indices);
  return out;
}

// OBJ: "v x y z" (world positions) and "f a/a/a ..." (1-based).
inline ReadMesh readObj(const std::string& path) {
  std::ifstream in(path);
  ReadMesh out;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream s(line);
    std::string tag;
    s >> tag;
    if (tag == "v") {
      Vec3 p;
      s >> p[0] >> p[1] >> p[2];
      out.positions.push_back(p);
    } else if (tag == "f") {
      for (int k = 0; k < 3; ++k) {
        std::string corner;
        s >> corner;
        out.indices.push_back(std::uint32_t(std::stoul(corner.substr(0, corner.find('/')))) - 1);
      }
    }
  }
  return out;
}

inline Json readJson(const std::string& path) {
  return Json::parse(readAll(path));
}

// The float32 heights a --raw output holds, row-major.
inline std::vector<float> readRaw(const std::string& path) {
  const std::string bytes = readAll(path);
  std::vector<float> out(bytes.size() / 4);
  std::memcpy(out.data(), bytes.data(), out.size() * 4);
  return out;
}

// The fixture of both files' MeshHandoff tests, defined once: GoogleTest
// refuses a suite whose tests come from two fixture classes.
class MeshHandoff : public ExportRunTest {};

}  // namespace terrain::testing
