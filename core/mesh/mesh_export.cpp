#include "core/mesh/mesh_export.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/io/atomic_file.hpp"

namespace terrain {
namespace {

// ---- OBJ ------------------------------------------------------------------

// Lines formatted per task; a batch is kTasksPerBatch tasks (a few MiB of
// text), formatted in parallel, then written in order.
constexpr std::size_t kLinesPerTask = 1 << 14;
constexpr std::size_t kTasksPerBatch = 16;
// The longest shortest-form float ("-1.17549435e-38") and uint32, in chars.
constexpr std::size_t kFloatChars = 16;
constexpr std::size_t kIndexChars = 10;

char* putFloat(char* out, float value) {
  return std::to_chars(out, out + kFloatChars, value).ptr;
}

char* putFloats(char* out, const char* tag, const float* values, int count) {
  while (*tag != '\0') *out++ = *tag++;
  for (int i = 0; i < count; ++i) {
    *out++ = ' ';
    out = putFloat(out, values[i]);
  }
  *out++ = '\n';
  return out;
}

// Writes count lines, line(i, out) formatting line i at out (at most
// maxLine chars) and returning its end.
template <class Line>
void writeLines(AtomicFile& file, std::size_t count, std::size_t maxLine, const Execution& exec,
                Line line) {
  std::vector<std::vector<char>> texts(kTasksPerBatch);
  std::vector<std::size_t> lengths(kTasksPerBatch);
  for (std::size_t first = 0; first < count; first += kLinesPerTask * kTasksPerBatch) {
    const std::size_t tasks =
        std::min(kTasksPerBatch, (count - first + kLinesPerTask - 1) / kLinesPerTask);
    parallelFor(exec, 0, static_cast<std::int64_t>(tasks), 1,
                [&](std::int64_t begin, std::int64_t end) {
                  for (auto t = static_cast<std::size_t>(begin); t < std::size_t(end); ++t) {
                    const std::size_t from = first + t * kLinesPerTask;
                    const std::size_t to = std::min(count, from + kLinesPerTask);
                    texts[t].resize((to - from) * maxLine);
                    char* out = texts[t].data();
                    for (std::size_t i = from; i < to; ++i) out = line(i, out);
                    lengths[t] = static_cast<std::size_t>(out - texts[t].data());
                  }
                });
    for (std::size_t t = 0; t < tasks; ++t) file.write(texts[t].data(), lengths[t]);
  }
}

char* putIndexTriple(char* out, std::uint32_t index) {
  const std::uint32_t oneBased = index + 1;
  char* start = out;
  out = std::to_chars(out, out + kIndexChars, oneBased).ptr;
  const auto digits = out - start;
  for (int k = 0; k < 2; ++k) {  // "/a/a": OBJ's v/vt/vn share the number
    *out++ = '/';
    out = std::copy(start, start + digits, out);
  }
  return out;
}

bool hasTexture(const MeshFileOptions& o) {
  return !o.colorTexture.empty() || !o.normalTexture.empty() || !o.splatTexture.empty();
}

std::string fileNameOf(const std::string& path) {
  return path.substr(path.find_last_of('/') + 1);  // npos + 1 = 0: no folder
}

void writeObjBody(AtomicFile& file, const TerrainMesh& mesh, const Execution& exec,
                  const MeshFileOptions& options, const std::string& mtlName) {
  std::string header = "# Terrain Explorer mesh: " + std::to_string(mesh.vertexCount()) +
                       " vertices, " + std::to_string(mesh.triangleCount()) +
                       " triangles; metres, +Y up, +X east, -Z north; vt's v = 0 is the colour "
                       "map's bottom row\n";
  if (options.east != 0.0 || options.south != 0.0) {
    // OBJ has no transform: the tile's place is in its vertices.
    header.append("# placed in its world: ")
        .append(std::to_string(options.east))
        .append(" m east, ")
        .append(std::to_string(options.south))
        .append(" m south of the world's north-west corner (added to every v)\n");
  }
  if (!mtlName.empty()) header.append("mtllib ").append(mtlName).append("\n");
  header.append("o ").append(options.name).append("\n");
  if (!mtlName.empty()) header.append("usemtl ").append(options.name).append("\n");
  file.write(header.data(), header.size());
  const std::size_t vertices = mesh.vertexCount();
  const std::size_t vectorLine = 4 + 3 * (kFloatChars + 1);
  const std::array<double, 3> offset = {options.east, 0.0, options.south};
  writeLines(file, vertices, vectorLine, exec, [&](std::size_t i, char* out) {
    std::array<float, 3> v;
    for (std::size_t k = 0; k < 3; ++k) {
      v[k] = static_cast<float>(static_cast<double>(mesh.positions[3 * i + k]) + offset[k]);
    }
    return putFloats(out, "v", v.data(), 3);
  });
  writeLines(file, vertices, vectorLine, exec, [&](std::size_t i, char* out) {
    const std::array<float, 2> uv = {mesh.uvs[2 * i], 1.0f - mesh.uvs[2 * i + 1]};
    return putFloats(out, "vt", uv.data(), 2);
  });
  writeLines(file, vertices, vectorLine, exec, [&](std::size_t i, char* out) {
    return putFloats(out, "vn", &mesh.normals[3 * i], 3);
  });
  writeLines(file, mesh.triangleCount(), 3 + 3 * (3 * kIndexChars + 3), exec,
             [&](std::size_t t, char* out) {
               *out++ = 'f';
               for (std::size_t k = 0; k < 3; ++k) {
                 *out++ = ' ';
                 out = putIndexTriple(out, mesh.indices[3 * t + k]);
               }
               *out++ = '\n';
               return out;
             });
}

// ---- binary glTF ----------------------------------------------------------

static_assert(std::endian::native == std::endian::little,
              "the GLB writer copies floats and indices as they lie in memory");

constexpr std::uint32_t kGlbMagic = 0x46546C67;   // "glTF"
constexpr std::uint32_t kChunkJson = 0x4E4F534A;  // "JSON"
constexpr std::uint32_t kChunkBin = 0x004E4942;   // "BIN\0"
constexpr int kFloat = 5126;                      // accessor componentType
constexpr int kUnsignedInt = 5125;
constexpr int kArrayBuffer = 34962;  // bufferView target
constexpr int kElementArrayBuffer = 34963;
constexpr int kLinear = 9729;  // sampler filters and wrap
constexpr int kLinearMipmapLinear = 9987;
constexpr int kClampToEdge = 33071;

std::size_t paddedTo4(std::size_t bytes) {
  return (bytes + 3) & ~std::size_t{3};
}

}  // namespace

std::string uriOfPath(const std::string& path) {
  constexpr char kHex[] = "0123456789ABCDEF";
  std::string uri;
  for (const char ch : path) {
    const auto byte = static_cast<unsigned char>(ch);
    const bool plain = (byte >= 'A' && byte <= 'Z') || (byte >= 'a' && byte <= 'z') ||
                       (byte >= '0' && byte <= '9') || ch == '-' || ch == '.' || ch == '_' ||
                       ch == '~' || ch == '/';
    if (plain) {
      uri += ch;
    } else {
      uri += '%';
      uri += kHex[byte >> 4];
      uri += kHex[byte & 15];
    }
  }
  return uri;
}

namespace {

// The material: bare ground (metallic 0, roughness 1) with the textures
// given, one image, texture and shared sampler each.
void addMaterial(nlohmann::ordered_json& doc, const MeshFileOptions& options) {
  using Json = nlohmann::ordered_json;
  Json images = Json::array();
  Json textures = Json::array();
  const auto texture = [&](const std::string& uri) {
    images.push_back({{"uri", uriOfPath(uri)}});
    textures.push_back({{"sampler", 0}, {"source", textures.size()}});
    return Json{{"index", textures.size() - 1}};
  };
  Json pbr = Json::object();
  if (!options.colorTexture.empty()) pbr["baseColorTexture"] = texture(options.colorTexture);
  pbr["metallicFactor"] = 0.0;
  pbr["roughnessFactor"] = 1.0;
  Json material = {{"name", options.name}, {"pbrMetallicRoughness", pbr}};
  // glTF reads a normalTexture as linear data, as it is.
  if (!options.normalTexture.empty()) material["normalTexture"] = texture(options.normalTexture);
  if (!options.splatTexture.empty()) {
    Json splat = texture(options.splatTexture);
    splat["channels"] = "R grass, G rock, B sediment, A snow: weights summing to 1";
    splat["colorSpace"] = "linear";
    material["extras"] = {{"splatTexture", splat}};
  }
  doc["materials"] = Json::array({material});
  doc["textures"] = std::move(textures);
  doc["samplers"] = Json::array({{{"magFilter", kLinear},
                                  {"minFilter", kLinearMipmapLinear},
                                  {"wrapS", kClampToEdge},
                                  {"wrapT", kClampToEdge}}});
  doc["images"] = std::move(images);
}

// The .mtl: one material named as the object; paths as given (relative).
std::string mtlText(const MeshFileOptions& options) {
  std::string text = "# Terrain Explorer material: bare ground, the colour map draped by vt\n";
  text.append("newmtl ").append(options.name).append("\n");
  text.append("Ka 0 0 0\nKd 1 1 1\nKs 0 0 0\nillum 1\n");
  if (!options.colorTexture.empty()) text.append("map_Kd ").append(options.colorTexture) += '\n';
  if (!options.normalTexture.empty()) {
    text.append("# tangent-space normal map, OpenGL convention (green up the image), linear\n");
    text.append("map_Bump ").append(options.normalTexture) += '\n';
  }
  if (!options.splatTexture.empty()) {
    text.append("# splat map (no MTL slot): ").append(options.splatTexture);
    text.append(", RGBA weights R grass, G rock, B sediment, A snow, linear\n");
  }
  return text;
}

// The BIN chunk's parts, in order, each a multiple of 4 bytes.
struct BinPart {
  const void* data;
  std::size_t bytes;
};

nlohmann::ordered_json glbJson(const TerrainMesh& mesh, const GlbOptions& options,
                               const std::array<BinPart, 4>& parts, std::size_t binBytes) {
  using Json = nlohmann::ordered_json;
  std::array<float, 3> low = {0.0f, 0.0f, 0.0f};
  std::array<float, 3> high = low;
  for (std::size_t k = 0; k < 3; ++k) {
    low[k] = high[k] = mesh.positions[k];
    for (std::size_t i = k; i < mesh.positions.size(); i += 3) {
      low[k] = std::min(low[k], mesh.positions[i]);
      high[k] = std::max(high[k], mesh.positions[i]);
    }
  }
  Json views = Json::array();
  std::size_t offset = 0;
  for (std::size_t p = 0; p < parts.size(); ++p) {
    views.push_back({{"buffer", 0},
                     {"byteOffset", offset},
                     {"byteLength", parts[p].bytes},
                     {"target", p + 1 == parts.size() ? kElementArrayBuffer : kArrayBuffer}});
    offset += parts[p].bytes;
  }
  const std::size_t vertices = mesh.vertexCount();
  Json accessors = Json::array({
      {{"bufferView", 0},
       {"componentType", kFloat},
       {"count", vertices},
       {"type", "VEC3"},
       {"min", low},
       {"max", high}},
      {{"bufferView", 1}, {"componentType", kFloat}, {"count", vertices}, {"type", "VEC3"}},
      {{"bufferView", 2}, {"componentType", kFloat}, {"count", vertices}, {"type", "VEC2"}},
      {{"bufferView", 3},
       {"componentType", kUnsignedInt},
       {"count", mesh.indices.size()},
       {"type", "SCALAR"}},
  });
  Json primitive = {{"attributes", {{"POSITION", 0}, {"NORMAL", 1}, {"TEXCOORD_0", 2}}},
                    {"indices", 3},
                    {"mode", 4}};  // triangles
  Json node = {{"mesh", 0}, {"name", options.name}};
  if (options.east != 0.0 || options.south != 0.0) {
    node["translation"] = {options.east, 0.0, options.south};
  }
  Json doc = {{"asset", {{"version", "2.0"}, {"generator", "Terrain Explorer"}}},
              {"scene", 0},
              {"scenes", Json::array({{{"nodes", {0}}}})},
              {"nodes", Json::array({node})}};
  if (hasTexture(options)) {
    primitive["material"] = 0;
    addMaterial(doc, options);
  }
  doc["meshes"] = Json::array({{{"name", options.name}, {"primitives", Json::array({primitive})}}});
  doc["accessors"] = std::move(accessors);
  doc["bufferViews"] = std::move(views);
  doc["buffers"] = Json::array({{{"byteLength", binBytes}}});
  return doc;
}

void putWords(AtomicFile& file, std::initializer_list<std::uint32_t> words) {
  for (const std::uint32_t w : words) file.write(&w, 4);
}

}  // namespace

bool writesMaterialLibrary(const MeshFileOptions& options) {
  return hasTexture(options);
}

void refuseNameMtlCannotHold(const std::string& what, const std::string& name) {
  const bool unquotable = std::ranges::any_of(name, [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte <= 0x20 || byte == 0x7f;
  });
  if (!unquotable) return;
  throw InputError(what + ": " + excerpt(name) +
                   " cannot be named in the OBJ's material library (MTL has no quoting: a "
                   "space ends a name); give it a name without spaces or control characters");
}

std::string mtlPathFor(const std::string& objPath) {
  const bool obj = objPath.size() > 4 && objPath.ends_with(".obj");
  return (obj ? objPath.substr(0, objPath.size() - 4) : objPath) + ".mtl";
}

void writeObj(const std::string& path, const TerrainMesh& mesh, const Execution& exec,
              const MeshFileOptions& options) {
  std::string mtlName;
  if (hasTexture(options)) {
    const std::string mtl = mtlPathFor(path);
    // The export plan refuses these before anything is computed; a caller
    // that did not ask still never writes a library that names other files.
    for (const std::string* name :
         {&options.colorTexture, &options.normalTexture, &options.splatTexture}) {
      refuseNameMtlCannotHold("cannot write " + excerpt(mtl), *name);
    }
    refuseNameMtlCannotHold("cannot write " + excerpt(mtl), fileNameOf(mtl));
    const std::string text = mtlText(options);
    writeFileAtomically(mtl, [&](AtomicFile& file) { file.write(text.data(), text.size()); });
    mtlName = fileNameOf(mtl);
  }
  writeFileAtomically(path,
                      [&](AtomicFile& file) { writeObjBody(file, mesh, exec, options, mtlName); });
}

void writeGlb(const std::string& path, const TerrainMesh& mesh, const GlbOptions& options) {
  if (mesh.vertexCount() == 0 || mesh.triangleCount() == 0) {
    throw InputError("cannot write '" + path + "': the mesh is empty");
  }
  const std::array<BinPart, 4> parts = {{
      {mesh.positions.data(), mesh.positions.size() * 4},
      {mesh.normals.data(), mesh.normals.size() * 4},
      {mesh.uvs.data(), mesh.uvs.size() * 4},
      {mesh.indices.data(), mesh.indices.size() * 4},
  }};
  std::size_t binBytes = 0;
  for (const BinPart& part : parts) binBytes += part.bytes;
  std::string json = glbJson(mesh, options, parts, binBytes).dump();
  json.resize(paddedTo4(json.size()), ' ');  // the JSON chunk pads with spaces
  const std::size_t total = 12 + 8 + json.size() + 8 + binBytes;
  if (total > std::numeric_limits<std::uint32_t>::max()) {
    throw IoError("cannot write '" + path + "': the mesh takes " + std::to_string(total) +
                  " bytes, past binary glTF's 4 GiB; simplify it (fewer triangles)");
  }
  writeFileAtomically(path, [&](AtomicFile& file) {
    putWords(file, {kGlbMagic, 2, static_cast<std::uint32_t>(total)});
    putWords(file, {static_cast<std::uint32_t>(json.size()), kChunkJson});
    file.write(json.data(), json.size());
    putWords(file, {static_cast<std::uint32_t>(binBytes), kChunkBin});
    for (const BinPart& part : parts) file.write(part.data, part.bytes);
  });
}

}  // namespace terrain
