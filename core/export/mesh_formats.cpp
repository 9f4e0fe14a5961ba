// The mesh formats: OBJ (with its .mtl) and binary glTF.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/export/format_rows.hpp"
#include "core/export/sidecar.hpp"
#include "core/io/atomic_file.hpp"
#include "core/mesh/mesh_export.hpp"
#include "core/mesh/terrain_mesh.hpp"

namespace terrain::format_rows {
namespace {

// The mesh formats' options are the mesh builder's own (core/mesh/terrain_mesh.hpp),
// with a million triangles as the export's default.
const ParamTable<MeshOptions>& meshOptions() {
  static const ParamTable<MeshOptions> table({
      TERRAIN_BIND(MeshOptions, targetTriangles,
                   (ParamInfo{"mesh-triangles",
                              "Triangles",
                              "",
                              "Simplify to about this many triangles (0 = the full grid: two per "
                              "cell; a 4097 map is 33 million)",
                              ParamType::Integer,
                              0.0,
                              1.0e9,
                              {},
                              true})),
      TERRAIN_BIND(MeshOptions, maxError,
                   (ParamInfo{"mesh-error", "Error", "m",
                              "Or simplify until the surface strays at most this far "
                              "(vertically) from the heights; 0 = the triangle count decides, "
                              "and it wins when both are set",
                              ParamType::Real, 0.0, 1.0e4})),
  });
  return table;
}

ParamSchema meshSchema() {
  MeshOptions defaults;
  defaults.targetTriangles = 1000000;
  return meshOptions().schema(defaults);
}

// The error, when given, decides alone: the default triangle count would
// otherwise hide it (a finer count met the bound already). A tile keeps its
// outline, which its neighbours share, so tiles meet vertex for vertex.
MeshOptions meshOptionsFor(const OutputInput& in, const ParamValues& values) {
  MeshOptions o = meshOptions().unpack(values);
  if (o.maxError > 0.0) o.targetTriangles = 0;
  o.keepOutline = in.tile.has_value();
  return o;
}

TerrainMesh meshOf(const OutputInput& in, const ParamValues& o) {
  TerrainMesh mesh =
      buildTerrainMesh(in.field, in.doc.world, meshOptionsFor(in, o), in.exec, in.halo);
  if (in.figures != nullptr) {
    *in.figures = {{"vertices", double(mesh.vertexCount())},
                   {"triangles", double(mesh.triangleCount())},
                   {"max-vertical-error-m", mesh.verticalError}};
  }
  return mesh;
}

// The images written in the same run that a mesh's material takes, by
// paths relative to the mesh.
MeshFileOptions meshTextures(const std::string& path, std::span<const OutputRequest> run) {
  MeshFileOptions out;
  for (const OutputRequest& sibling : run) {
    const std::string_view key = sibling.format->key;
    if (isWrittenThrough(sibling.path)) continue;
    const std::string uri = relativeFileName(sibling.path, path);
    if (key == "color") out.colorTexture = uri;
    if (key == "splat") out.splatTexture = uri;
    // glTF and MTL read green up the image; a DirectX map would light from below.
    if (key == "normals" && normalConventionOf(sibling.options) == NormalConvention::OpenGl) {
      out.normalTexture = uri;
    }
  }
  return out;
}

// ... and the tile's name and place.
MeshFileOptions meshFileOptions(const std::string& path, const OutputInput& in) {
  MeshFileOptions out = meshTextures(path, in.siblings);
  if (in.tile) {
    const double cell = metresPerCell(in.doc.world, in.field.width, in.field.wraps);
    out.name = in.tile->name;
    out.east = double(in.tile->x0) * cell;
    out.south = double(in.tile->y0) * cell;
  }
  return out;
}

std::string meshDescription(const OutputInput& in, const ParamValues& values,
                            std::string_view what) {
  const MeshOptions o = meshOptions().unpack(values);
  const std::span<const ParamInfo> infos = meshOptions().infos();
  // Appended piece by piece: GCC 12 misreads chains of string + (-Wrestrict).
  std::string out = sizeText(in.field);
  out.append(" ").append(what).append(" mesh in metres (");
  if (o.maxError > 0.0) {
    out.append("within ").append(formatValue(infos[1], o.maxError)).append(" m)");
  } else if (o.targetTriangles > 0) {
    out.append("~")
        .append(formatValue(infos[0], static_cast<double>(o.targetTriangles)))
        .append(" triangles)");
  } else {
    out.append("full grid)");
  }
  return out;
}

// The OBJ's material library, when it has one: checked against the inputs,
// listed and numbered as the OBJ is. Names it cannot hold are refused here,
// before anything is computed.
std::vector<std::string> objCompanions(const std::string& path,
                                       std::span<const OutputRequest> run) {
  const MeshFileOptions textures = meshTextures(path, run);
  if (!writesMaterialLibrary(textures)) return {};
  const std::string mtl = mtlPathFor(path);
  refuseNameMtlCannotHold("--obj", mtl.substr(mtl.find_last_of('/') + 1));
  for (const OutputRequest& sibling : run) {
    for (const std::string* uri :
         {&textures.colorTexture, &textures.normalTexture, &textures.splatTexture}) {
      if (!uri->empty() && *uri == relativeFileName(sibling.path, path)) {
        refuseNameMtlCannotHold("--" + std::string(sibling.format->key) + " (in --obj's .mtl)",
                                *uri);
      }
    }
  }
  return {mtl};
}

FileLayout meshLayout(std::string_view container, std::string_view byteOrder,
                      const ParamValues& values) {
  FileLayout layout{container,
                    "float32",
                    3,
                    32,
                    byteOrder,
                    "",
                    "vertices in metres: +X east, +Y up (above sea level, as height-range-m), +Z "
                    "south (north is -Z); UV 0..1 across the map, v = 0 at the north edge"};
  // As meshOptionsFor decides: the error, when given, alone.
  const MeshOptions o = meshOptions().unpack(values);
  if (o.maxError > 0.0) {
    layout.decidedBy = "mesh-error";
    layout.ignoredOptions = {"mesh-triangles"};
  } else {
    layout.decidedBy = o.targetTriangles > 0 ? "mesh-triangles" : "full-grid";
    layout.ignoredOptions = {"mesh-error"};
  }
  return layout;
}

}  // namespace

OutputFormat objFormat() {
  return {
      "obj",
      "FILE.obj",
      "-mesh.obj",
      "Mesh (OBJ)",
      "Wavefront OBJ of the terrain in metres (world width, height range) with normals and UVs, "
      "simplified to --mesh-triangles or --mesh-error",
      OutputNeeds::Heights,
      meshSchema(),
      [](const OutputInput& in, const ParamValues& o) { return meshDescription(in, o, "OBJ"); },
      [](const OutputInput&, const ParamValues& o) { return meshLayout("obj", "text", o); },
      [](const std::string& path, const OutputInput& in, const ParamValues& o) {
        writeObj(path, meshOf(in, o), in.exec, meshFileOptions(path, in));
      },
      &mapOnly,
      &objCompanions};
}

OutputFormat glbFormat() {
  return {
      "glb",
      "FILE.glb",
      "-mesh.glb",
      "Mesh (binary glTF)",
      "Binary glTF 2.0 of the terrain in metres with normals and UVs, simplified to "
      "--mesh-triangles or --mesh-error",
      OutputNeeds::Heights,
      meshSchema(),
      [](const OutputInput& in, const ParamValues& o) { return meshDescription(in, o, "glTF"); },
      [](const OutputInput&, const ParamValues& o) {
        return meshLayout("glb", "little-endian", o);
      },
      [](const std::string& path, const OutputInput& in, const ParamValues& o) {
        writeGlb(path, meshOf(in, o), meshFileOptions(path, in));
      },
      &mapOnly};
}

}  // namespace terrain::format_rows
