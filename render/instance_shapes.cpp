#include "render/instance_shapes.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace terrain::render {
namespace {

class MeshBuilder {
 public:
  std::uint16_t vertex(float x, float y, float z, float nx, float ny, float nz) {
    const float length = std::sqrt(nx * nx + ny * ny + nz * nz);
    mesh_.vertices.insert(mesh_.vertices.end(), {x, y, z, nx / length, ny / length, nz / length});
    return static_cast<std::uint16_t>(mesh_.vertices.size() / 6 - 1);
  }
  void triangle(std::uint16_t a, std::uint16_t b, std::uint16_t c) {
    mesh_.indices.insert(mesh_.indices.end(), {a, b, c});
  }
  ShapeMesh take() { return std::move(mesh_); }

 private:
  ShapeMesh mesh_;
};

float angleOf(int i, int sides) {
  return 2.0f * std::numbers::pi_v<float> * static_cast<float>(i) / static_cast<float>(sides);
}

// Its sides only: the ground hides the base.
ShapeMesh cone(int sides) {
  MeshBuilder b;
  // The side's normal leans out as far as the unit cone's side rises (r 0.5 over 1).
  constexpr float kLean = 0.5f;
  for (int i = 0; i < sides; ++i) {
    const float a0 = angleOf(i, sides), a1 = angleOf(i + 1, sides);
    const float am = 0.5f * (a0 + a1);
    const auto p0 =
        b.vertex(0.5f * std::cos(a0), 0.0f, 0.5f * std::sin(a0), std::cos(a0), kLean, std::sin(a0));
    const auto p1 =
        b.vertex(0.5f * std::cos(a1), 0.0f, 0.5f * std::sin(a1), std::cos(a1), kLean, std::sin(a1));
    const auto apex = b.vertex(0.0f, 1.0f, 0.0f, std::cos(am), kLean, std::sin(am));
    b.triangle(p0, apex, p1);
  }
  return b.take();
}

// A latitude-longitude sphere around (0, 0.5, 0).
ShapeMesh sphere(int sides, int rings) {
  MeshBuilder b;
  for (int r = 0; r <= rings; ++r) {
    const float polar =
        std::numbers::pi_v<float> * static_cast<float>(r) / static_cast<float>(rings);
    for (int i = 0; i <= sides; ++i) {
      const float a = angleOf(i, sides);
      const float x = std::sin(polar) * std::cos(a), y = std::cos(polar),
                  z = std::sin(polar) * std::sin(a);
      b.vertex(0.5f * x, 0.5f + 0.5f * y, 0.5f * z, x, y, z);
    }
  }
  const auto at = [&](int r, int i) { return static_cast<std::uint16_t>(r * (sides + 1) + i); };
  for (int r = 0; r < rings; ++r) {
    for (int i = 0; i < sides; ++i) {
      if (r > 0) b.triangle(at(r, i), at(r, i + 1), at(r + 1, i));
      if (r + 1 < rings) b.triangle(at(r, i + 1), at(r + 1, i + 1), at(r + 1, i));
    }
  }
  return b.take();
}

// Its top and four sides, each face flat.
ShapeMesh box() {
  MeshBuilder b;
  struct Face {
    float n[3], u[3], v[3];  // normal and two edges, u x v = n
  };
  static constexpr Face kFaces[] = {
      {{0, 1, 0}, {0, 0, 1}, {1, 0, 0}},  {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
      {{-1, 0, 0}, {0, 0, 1}, {0, 1, 0}}, {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}},
      {{0, 0, -1}, {0, 1, 0}, {1, 0, 0}},
  };
  for (const Face& f : kFaces) {
    std::uint16_t corner[4];
    for (int k = 0; k < 4; ++k) {
      const float su = (k == 1 || k == 2) ? 0.5f : -0.5f, sv = k >= 2 ? 0.5f : -0.5f;
      float p[3];
      for (int c = 0; c < 3; ++c) p[c] = 0.5f * f.n[c] + su * f.u[c] + sv * f.v[c];
      corner[k] = b.vertex(p[0], p[1] + 0.5f, p[2], f.n[0], f.n[1], f.n[2]);
    }
    b.triangle(corner[0], corner[1], corner[2]);
    b.triangle(corner[0], corner[2], corner[3]);
  }
  return b.take();
}

}  // namespace

InstanceLook defaultInstanceLook(InstanceShape shape) {
  switch (shape) {
    case InstanceShape::Cone:
      return {shape, {0.13f, 0.40f, 0.15f}, 5.0f, 12.0f};
    case InstanceShape::Sphere:
      return {shape, {0.45f, 0.62f, 0.20f}, 3.0f, 2.5f};
    case InstanceShape::Box:
      return {shape, {0.56f, 0.54f, 0.50f}, 2.5f, 1.5f};
  }
  return {};
}

ShapeMesh instanceShapeMesh(InstanceShape shape, int detail) {
  const int level = std::clamp(detail, 0, kInstanceDetailLevels - 1);
  switch (shape) {
    case InstanceShape::Cone:
      return cone(level == 0 ? 3 : level == 1 ? 6 : 14);
    case InstanceShape::Sphere:
      return level == 0 ? sphere(4, 2) : level == 1 ? sphere(6, 4) : sphere(10, 6);
    case InstanceShape::Box:
      return box();
  }
  return {};
}

}  // namespace terrain::render
