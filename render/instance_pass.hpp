#pragma once
// Scattered instances (core/scatter/scatter.hpp): in the 3D view, a
// low-poly shape per species drawn instanced over the terrain, at the
// terrain's horizontal and vertical scale; in the map view, a dot per
// instance in its species' colour. The instances are uploaded once
// (setInstances); a frame only picks, per block of the map, whether it is
// in view and how much detail its shapes need.
#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "core/scatter/scatter.hpp"
#include "render/gl_program.hpp"
#include "render/instance_shapes.hpp"
#include "render/mesh_geometry.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {

// What the last 3D draw did, for tests and the timing figure.
struct InstanceDrawStats {
  std::int64_t drawn = 0;      // instances sent to the GPU
  std::int64_t points = 0;     // of which as points (far away)
  std::int64_t triangles = 0;  // the others' triangles
  int draws = 0;               // instanced draw calls
};

class InstancePass {
 public:
  InstancePass();
  // Replaces the instances (species index into `looks`; an instance of a
  // species past its end is not drawn). Empty removes them.
  void setInstances(std::span<const ScatterInstance> instances, std::span<const InstanceLook> looks,
                    const InstancePlacement& placement);
  bool empty() const { return count_ == 0; }
  std::int64_t count() const { return count_; }
  // Over the drawn ground, depth-tested against it; the caller's depth
  // buffer holds the terrain.
  void drawMesh(const MeshGeometry& geometry, glm::vec3 sun, glm::ivec4 viewport);
  // Over the map view: the map is `mapSize` cells, drawn as map.frag draws it.
  void drawDots(const ViewSettings& view, glm::ivec2 mapSize, glm::ivec4 viewport) const;
  const InstanceDrawStats& lastStats() const { return stats_; }

 private:
  // Instances of one species in one block of the map, contiguous in the
  // instance buffer.
  struct Run {
    std::uint32_t species = 0;
    std::int64_t first = 0, count = 0;
    glm::vec3 min{0.0f}, max{0.0f};  // map box: u, v, height 0..1 (before the shapes' size)
    float largestScale = 1.0f;       // its instances' largest scale: how far a shape reaches
  };
  struct ShapeLod {
    gl::VertexArray vao;
    gl::Buffer vertices, indices;
    int indexCount = 0;
  };
  void bindInstances(const ShapeLod& lod, std::int64_t first) const;

  gl::Program mesh_;
  gl::Program far_;   // an instance a few pixels tall: a point
  gl::Program dots_;  // the map's
  gl::Buffer instances_;
  gl::VertexArray farVao_;                     // the instances as vertices (attributes 2, 3)
  gl::VertexArray dotsVao_;                    // the same for the map's dots (attribute 0)
  ShapeLod shapes_[3][kInstanceDetailLevels];  // by InstanceShape, then detail
  std::vector<Run> runs_;
  std::vector<InstanceLook> looks_;
  InstancePlacement placement_;
  std::int64_t count_ = 0;
  InstanceDrawStats stats_;
};

}  // namespace terrain::render
