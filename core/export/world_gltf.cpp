#include "core/export/world_gltf.hpp"

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/base/error.hpp"
#include "core/io/atomic_file.hpp"
#include "core/mesh/mesh_export.hpp"

namespace terrain {
namespace {

using Json = nlohmann::ordered_json;
namespace fs = std::filesystem;

// A tile's .glb as the world file uses it: its JSON, where its BIN chunk
// starts in the file and the file's length (the buffer's byteLength).
struct TileGlb {
  Json json;
  std::uint64_t binStart = 0;
  std::uint64_t fileBytes = 0;
};

std::uint32_t word(const char* bytes) {
  std::uint32_t w = 0;
  std::memcpy(&w, bytes, 4);
  return w;
}

// glTF 2.0's binary layout: a 12-byte header, then (length, type, data)
// chunks, JSON first and BIN second.
TileGlb readTileGlb(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char head[20];
  if (!in.read(head, sizeof head) || word(head) != 0x46546C67u || word(head + 4) != 2u) {
    throw IoError("cannot read the tile '" + path + "' for the world glTF: not a binary glTF");
  }
  const std::uint32_t jsonBytes = word(head + 12);
  std::string text(jsonBytes, ' ');
  if (!in.read(text.data(), jsonBytes)) {
    throw IoError("cannot read the tile '" + path + "' for the world glTF: it is cut short");
  }
  TileGlb out;
  out.json = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!out.json.is_object() || !out.json.contains("meshes")) {
    throw IoError("cannot read the tile '" + path + "' for the world glTF: its JSON is not glTF");
  }
  out.binStart = 20 + std::uint64_t{jsonBytes} + 8;
  out.fileBytes = word(head + 8);
  return out;
}

// Adds `offset` to the integer at json[key], when there is one.
void shift(Json& json, const char* key, std::size_t offset) {
  if (json.contains(key)) json[key] = json[key].get<std::size_t>() + offset;
}

// How far each of a tile's arrays starts in the world's.
struct Offsets {
  std::size_t accessors = 0;
  std::size_t bufferViews = 0;
  std::size_t materials = 0;
  std::size_t textures = 0;
  std::size_t images = 0;
  std::size_t samplers = 0;
  std::size_t meshes = 0;
};

// The world's arrays, each tile's appended with its indices moved on.
class WorldJson {
 public:
  void add(TileGlb tile, const std::string& bufferUri, const std::string& folderPrefix) {
    Json& j = tile.json;
    const Offsets at{size("accessors"), size("bufferViews"), size("materials"), size("textures"),
                     size("images"),    size("samplers"),    size("meshes")};
    const std::size_t buffer = size("buffers");
    doc_["buffers"].push_back({{"uri", bufferUri}, {"byteLength", tile.fileBytes}});
    for (Json& view : j["bufferViews"]) {
      view["buffer"] = buffer;
      view["byteOffset"] = view.value("byteOffset", std::uint64_t{0}) + tile.binStart;
      doc_["bufferViews"].push_back(view);
    }
    for (Json& accessor : j["accessors"]) {
      shift(accessor, "bufferView", at.bufferViews);
      doc_["accessors"].push_back(accessor);
    }
    for (Json& mesh : j["meshes"]) {
      for (Json& primitive : mesh["primitives"]) {
        for (auto& [name, index] : primitive["attributes"].items()) {
          index = index.get<std::size_t>() + at.accessors;
        }
        shift(primitive, "indices", at.accessors);
        shift(primitive, "material", at.materials);
      }
      doc_["meshes"].push_back(mesh);
    }
    for (Json& material : j.value("materials", Json::array())) {
      Json* infos[] = {material["pbrMetallicRoughness"].contains("baseColorTexture")
                           ? &material["pbrMetallicRoughness"]["baseColorTexture"]
                           : nullptr,
                       material.contains("normalTexture") ? &material["normalTexture"] : nullptr,
                       material.contains("extras") ? &material["extras"]["splatTexture"] : nullptr};
      for (Json* info : infos) {
        if (info != nullptr) shift(*info, "index", at.textures);
      }
      doc_["materials"].push_back(material);
    }
    for (Json& texture : j.value("textures", Json::array())) {
      shift(texture, "source", at.images);
      shift(texture, "sampler", at.samplers);
      doc_["textures"].push_back(texture);
    }
    for (Json& image : j.value("images", Json::array())) {
      image["uri"] = folderPrefix + image["uri"].get<std::string>();
      doc_["images"].push_back(image);
    }
    for (const Json& sampler : j.value("samplers", Json::array())) {
      doc_["samplers"].push_back(sampler);
    }
    for (Json node : j["nodes"]) {
      shift(node, "mesh", at.meshes);
      doc_["scenes"][0]["nodes"].push_back(size("nodes"));
      doc_["nodes"].push_back(node);
    }
  }

  Json take() {
    for (const char* key : {"materials", "textures", "images", "samplers"}) {
      if (doc_[key].empty()) doc_.erase(key);
    }
    return std::move(doc_);
  }

 private:
  std::size_t size(const char* key) const { return doc_[key].size(); }

  Json doc_ = {{"asset", {{"version", "2.0"}, {"generator", "Terrain Explorer"}}},
               {"scene", 0},
               {"scenes", Json::array({{{"name", "world"}, {"nodes", Json::array()}}})},
               {"nodes", Json::array()},
               {"meshes", Json::array()},
               {"materials", Json::array()},
               {"textures", Json::array()},
               {"samplers", Json::array()},
               {"images", Json::array()},
               {"accessors", Json::array()},
               {"bufferViews", Json::array()},
               {"buffers", Json::array()}};
};

}  // namespace

void writeWorldGltf(const std::string& path, std::span<const std::string> tileGlbs) {
  const fs::path folder = fs::absolute(fs::path(path)).parent_path().lexically_normal();
  WorldJson world;
  for (const std::string& tile : tileGlbs) {
    const fs::path tilePath = fs::absolute(fs::path(tile)).lexically_normal();
    // The tile's own URIs are relative to its folder; the world's to its.
    const std::string tileFolder = tilePath.parent_path().lexically_relative(folder).string();
    const std::string prefix = tileFolder == "." ? "" : uriOfPath(tileFolder) + "/";
    world.add(readTileGlb(tile), prefix + uriOfPath(tilePath.filename().string()), prefix);
  }
  const std::string text = world.take().dump(1) + "\n";
  writeFileAtomically(path, [&](AtomicFile& file) { file.write(text.data(), text.size()); });
}

}  // namespace terrain
