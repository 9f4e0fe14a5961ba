// The 3D view's geometry without GL (render/mesh_geometry): the brush in the
// 3D view finds the map point under the mouse by the camera's ray, so a
// point drawn at a place on the screen must pick back the map point that was
// drawn there, from every side and at any exaggeration.
#include "render/mesh_geometry.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace terrain::render {
namespace {

// Gentle hills: no point hides another from a camera above 20 degrees.
Heightfield hills(int size) {
  Heightfield f(size, size);
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      const float u = static_cast<float>(x) / static_cast<float>(size - 1);
      const float v = static_cast<float>(y) / static_cast<float>(size - 1);
      f.at(x, y) = 0.3f + 0.08f * std::sin(6.0f * u) * std::cos(5.0f * v);
    }
  }
  return f;
}

TEST(MeshGeometry, APointDrawnOnTheScreenPicksBackTheMapPointDrawnThere) {
  const Heightfield f = hills(129);
  int picked = 0;
  for (const float yaw : {45.0f, 160.0f, 300.0f}) {
    for (const float exaggeration : {0.3f, 1.0f}) {
      ViewSettings view;
      view.camera.yawDegrees = yaw;
      view.camera.pitchDegrees = 40.0f;
      view.exaggeration = exaggeration;
      const MeshGeometry g = meshGeometry(view, {129, 129}, 16.0f / 9.0f);
      for (const glm::vec2 uv : {glm::vec2(0.5f), glm::vec2(0.2f, 0.7f), glm::vec2(0.85f, 0.3f)}) {
        const int x = static_cast<int>(std::lround(uv.x * 128.0f));
        const int y = static_cast<int>(std::lround(uv.y * 128.0f));
        const glm::vec2 exact(static_cast<float>(x) / 128.0f, static_cast<float>(y) / 128.0f);
        const auto ndc = projectToView(g, exact, f.at(x, y));
        ASSERT_TRUE(ndc);
        if (std::abs(ndc->x) > 1.0f || std::abs(ndc->y) > 1.0f) continue;  // off screen
        const auto back = pickMapPoint(g, *ndc, f);
        ASSERT_TRUE(back) << yaw << " " << exaggeration;
        EXPECT_NEAR(back->x, exact.x, 1.0f / 128.0f) << yaw << " " << exaggeration;
        EXPECT_NEAR(back->y, exact.y, 1.0f / 128.0f) << yaw << " " << exaggeration;
        ++picked;
      }
    }
  }
  EXPECT_GE(picked, 12);
}

TEST(MeshGeometry, ARayAboveTheBlockPicksNothing) {
  ViewSettings view;
  const MeshGeometry g = meshGeometry(view, {65, 65}, 1.0f);
  // The top edge of the view looks over the block at the default framing.
  EXPECT_FALSE(pickMapPoint(g, {0.0f, 0.999f}, hills(65)));
}

}  // namespace
}  // namespace terrain::render
