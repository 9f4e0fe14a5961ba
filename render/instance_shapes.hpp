#pragma once
// How scattered instances look, without GL: a species' shape, colour and
// size, where the instances stand, and the low-poly shapes: a
// cone (trees), a sphere (bushes) and a box (rocks), each at three levels
// of detail. A shape is one unit across (x and z in -0.5..0.5) and one unit
// tall (y 0..1 up); the pass scales it to the species' metres.
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

namespace terrain::render {

enum class InstanceShape : std::uint8_t { Cone, Sphere, Box };

// Levels of detail: the full shape up close, fewer sides further off, the
// fewest where an instance covers a few pixels.
inline constexpr int kInstanceDetailLevels = 3;

struct ShapeMesh {
  std::vector<float> vertices;         // x, y, z, then the normal's x, y, z
  std::vector<std::uint16_t> indices;  // triangles, counter-clockwise seen from outside
  int triangles() const { return static_cast<int>(indices.size() / 3); }
};

// How a species is drawn.
struct InstanceLook {
  InstanceShape shape = InstanceShape::Cone;
  glm::vec3 color{0.16f, 0.42f, 0.18f};  // linear 0..1, lit in the 3D view, flat on the map
  float width = 5.0f;                    // metres across at scale 1
  float height = 12.0f;                  // metres tall at scale 1
};

// The default look of a species of each shape: a tree, a bush, a rock.
InstanceLook defaultInstanceLook(InstanceShape shape);

// Where the instances stand: ScatterInstance::x, y are metres from the
// first sample; `span` is the metres from the first sample to the last
// (x east, y south), heightRange the metres of height 1.
struct InstancePlacement {
  glm::dvec2 span{1.0};
  double heightRange = 1.0;
};

// detail: 0 (the fewest triangles) .. kInstanceDetailLevels - 1 (the most).
ShapeMesh instanceShapeMesh(InstanceShape shape, int detail);

}  // namespace terrain::render
