#pragma once
// The 3D view's geometry without GL: where the block stands in the world
// (x east, y up, z south; the map's longer side 1), the camera's matrix for
// a view of some aspect, and the two ways between the screen and the map:
// where a map point is drawn, and which map point lies under a point of the
// view (the brush in the 3D view).
#include <optional>

#include <glm/glm.hpp>

#include "core/base/heightfield.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {

inline constexpr float kBlockBaseY = -0.03f;  // world y of the block's bottom, below height 0

struct MeshGeometry {
  glm::vec2 extent{1.0f};     // the map's size in world units (x, z)
  float exaggeration = 1.0f;  // world y of height 1
  CameraPose camera;
  glm::mat4 viewProjection{1.0f};
};

// The map's size in world units (x, z): its longer side is 1.
glm::vec2 mapExtent(glm::ivec2 mapSize);

// For a map of `mapSize` samples drawn in a view of `aspect` (width / height).
MeshGeometry meshGeometry(const ViewSettings& view, glm::ivec2 mapSize, float aspect);

// The world point of map point uv (0..1, v south) at height h (0..1).
glm::vec3 worldPoint(const MeshGeometry& g, glm::vec2 uv, float height);

// Where that point is drawn, in normalised device coordinates (-1..1, y
// up); nullopt behind the camera.
std::optional<glm::vec2> projectToView(const MeshGeometry& g, glm::vec2 uv, float height);

// The map point (uv) the camera's ray through `ndc` meets first on the
// surface of `heights` (bilinear); nullopt where it misses the map.
std::optional<glm::vec2> pickMapPoint(const MeshGeometry& g, glm::vec2 ndc,
                                      const Heightfield& heights);

}  // namespace terrain::render
