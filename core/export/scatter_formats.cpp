// The Scatter node's instances as export formats: the rows of the format
// table, which instances a file or a tile writes, and their turn as a
// quaternion. The writers: scatter_csv_json.cpp (Unreal's data table CSV,
// our JSON) and scatter_gltf.cpp (glTF with GPU instancing).
#include "core/export/scatter_formats.hpp"

#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/base/error.hpp"
#include "core/export/tiles.hpp"
#include "core/graph/evaluator.hpp"
#include "core/graph/instance_sets.hpp"
#include "core/graph/window_evaluation.hpp"
#include "core/scatter/scatter_species.hpp"

namespace terrain {
namespace {

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
