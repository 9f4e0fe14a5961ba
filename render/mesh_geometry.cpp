#include "render/mesh_geometry.hpp"

#include <algorithm>
#include <cmath>

namespace terrain::render {
namespace {

float heightAt(const Heightfield& f, glm::vec2 uv) {
  const float x = std::clamp(uv.x, 0.0f, 1.0f) * static_cast<float>(f.width - 1);
  const float y = std::clamp(uv.y, 0.0f, 1.0f) * static_cast<float>(f.height - 1);
  const int x0 = std::min(static_cast<int>(x), std::max(f.width - 2, 0));
  const int y0 = std::min(static_cast<int>(y), std::max(f.height - 2, 0));
  const int x1 = std::min(x0 + 1, f.width - 1), y1 = std::min(y0 + 1, f.height - 1);
  const float fx = x - static_cast<float>(x0), fy = y - static_cast<float>(y0);
  const float top = f.at(x0, y0) + (f.at(x1, y0) - f.at(x0, y0)) * fx;
  const float bottom = f.at(x0, y1) + (f.at(x1, y1) - f.at(x0, y1)) * fx;
  return top + (bottom - top) * fy;
}

glm::vec3 unproject(const glm::mat4& inverse, glm::vec2 ndc, float depth) {
  const glm::vec4 p = inverse * glm::vec4(ndc, depth, 1.0f);
  return glm::vec3(p) / p.w;
}

}  // namespace

glm::vec2 mapExtent(glm::ivec2 mapSize) {
  const auto longest = static_cast<float>(std::max({mapSize.x, mapSize.y, 1}));
  return {static_cast<float>(mapSize.x) / longest, static_cast<float>(mapSize.y) / longest};
}

MeshGeometry meshGeometry(const ViewSettings& view, glm::ivec2 mapSize, float aspect) {
  MeshGeometry g;
  g.extent = mapExtent(mapSize);
  g.exaggeration = std::max(view.exaggeration, 0.0f);
  // What the camera frames: the block from its base to the highest
  // possible point (heights are 0..1), as exaggerated.
  const Box3 block{{-0.5f * g.extent.x, kBlockBaseY, -0.5f * g.extent.y},
                   {0.5f * g.extent.x, std::max(g.exaggeration, 0.0f), 0.5f * g.extent.y}};
  g.camera = view.camera.pose(block, aspect);
  g.viewProjection = g.camera.projection * g.camera.view;
  return g;
}

glm::vec3 worldPoint(const MeshGeometry& g, glm::vec2 uv, float height) {
  return {(uv.x - 0.5f) * g.extent.x, height * g.exaggeration, (uv.y - 0.5f) * g.extent.y};
}

std::optional<glm::vec2> projectToView(const MeshGeometry& g, glm::vec2 uv, float height) {
  const glm::vec4 clip = g.viewProjection * glm::vec4(worldPoint(g, uv, height), 1.0f);
  if (clip.w <= 1e-6f) return std::nullopt;
  return glm::vec2(clip) / clip.w;
}

std::optional<glm::vec2> pickMapPoint(const MeshGeometry& g, glm::vec2 ndc,
                                      const Heightfield& heights) {
  if (heights.heights.empty()) return std::nullopt;
  const glm::mat4 inverse = glm::inverse(g.viewProjection);
  const glm::vec3 from = unproject(inverse, ndc, -1.0f);
  const glm::vec3 to = unproject(inverse, ndc, 1.0f);
  const glm::vec3 dir = to - from;
  // The ray's span inside the block's box (slab test).
  const glm::vec3 lo(-0.5f * g.extent.x, kBlockBaseY, -0.5f * g.extent.y);
  const glm::vec3 hi(0.5f * g.extent.x, std::max(g.exaggeration, 1e-6f), 0.5f * g.extent.y);
  float enter = 0.0f, leave = 1.0f;
  for (int a = 0; a < 3; ++a) {
    if (std::abs(dir[a]) < 1e-12f) {
      if (from[a] < lo[a] || from[a] > hi[a]) return std::nullopt;
      continue;
    }
    float t0 = (lo[a] - from[a]) / dir[a], t1 = (hi[a] - from[a]) / dir[a];
    if (t0 > t1) std::swap(t0, t1);
    enter = std::max(enter, t0), leave = std::min(leave, t1);
  }
  if (enter > leave) return std::nullopt;
  const auto uvOf = [&](const glm::vec3& p) {
    return glm::vec2(p.x / g.extent.x + 0.5f, p.z / g.extent.y + 0.5f);
  };
  const auto below = [&](float t) {
    const glm::vec3 p = from + t * dir;
    return p.y <= heightAt(heights, uvOf(p)) * g.exaggeration;
  };
  // March in steps of about half a sample, then halve the step onto the surface.
  const float samples = static_cast<float>(std::max(heights.width, heights.height));
  const float worldLength = glm::length(dir) * (leave - enter);
  const int steps = std::max(2, static_cast<int>(std::ceil(2.0f * samples * worldLength)));
  float previous = enter;
  for (int k = 1; k <= steps; ++k) {
    const float t = enter + (leave - enter) * static_cast<float>(k) / static_cast<float>(steps);
    if (below(t)) {
      float a = previous, b = t;
      for (int i = 0; i < 24; ++i) {
        const float m = 0.5f * (a + b);
        (below(m) ? b : a) = m;
      }
      return uvOf(from + b * dir);
    }
    previous = t;
  }
  return std::nullopt;
}

}  // namespace terrain::render
