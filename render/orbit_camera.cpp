// OrbitCamera (declared in terrain_view.hpp). World: x east, z south, y up;
// the map spans [-0.5, 0.5] on its longer side, centred on the origin. At
// yaw 0 the camera looks north from the south; positive yaw swings it west,
// so the default 45 degrees views from the south-west, facing the north-west
// sun's lit slopes from the side.
#include <algorithm>
#include <array>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "render/terrain_view.hpp"

namespace terrain::render {
namespace {

constexpr float kDegreesPerPixel = 0.3f;
constexpr float kMinPitch = 5.0f;
constexpr float kMaxPitch = 89.0f;
constexpr float kMinDistance = 0.08f;  // multiples of the framing distance
constexpr float kMaxDistance = 8.0f;
constexpr float kZoomPerStep = 0.9f;          // one wheel step moves 10 % closer
constexpr float kPanPerPixel = 0.003f;        // map widths per pixel at distance 1
constexpr float kFieldOfViewDegrees = 32.0f;  // vertical
// The framed block's silhouette spans at most this fraction of the view's
// width and height, centred: a margin of 5 % on every side.
constexpr float kFill = 0.9f;

// Unit vector from the target towards the eye.
glm::vec3 eyeDirection(float yawDegrees, float pitchDegrees) {
  const float yaw = glm::radians(yawDegrees);
  const float pitch = glm::radians(pitchDegrees);
  return {-std::sin(yaw) * std::cos(pitch), std::sin(pitch), std::cos(yaw) * std::cos(pitch)};
}

// The view's axes for a camera looking along -back (as glm::lookAt builds them).
struct ViewAxes {
  glm::vec3 right;
  glm::vec3 up;
  glm::vec3 back;
};

ViewAxes viewAxes(glm::vec3 back) {
  const glm::vec3 right = glm::normalize(glm::cross(-back, glm::vec3(0.0f, 1.0f, 0.0f)));
  return {right, glm::cross(right, -back), back};
}

std::array<glm::vec3, 8> corners(const Box3& box) {
  std::array<glm::vec3, 8> out{};
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i] = {(i & 1U) ? box.max.x : box.min.x, (i & 2U) ? box.max.y : box.min.y,
              (i & 4U) ? box.max.z : box.min.z};
  }
  return out;
}

float tanHalfFov() {
  return std::tan(glm::radians(kFieldOfViewDegrees) * 0.5f);
}

// The smallest distance from `target` along axes.back at which every corner
// lies inside kFill of the view: per corner, its offset across the view over
// the tangent of the half field of view, plus its depth towards the eye
// (perspective); the offset alone for the orthographic view, whose visible
// height is distance * tan(fov / 2) as in the perspective view at the target.
float fitDistance(const Box3& box, glm::vec3 target, const ViewAxes& axes, float aspect,
                  bool orthographic) {
  const float tanY = tanHalfFov() * kFill;
  const float tanX = tanY * aspect;
  float d = 1e-3f;
  for (const glm::vec3& corner : corners(box)) {
    const glm::vec3 o = corner - target;
    const float across =
        std::max(std::abs(glm::dot(o, axes.right)) / tanX, std::abs(glm::dot(o, axes.up)) / tanY);
    d = std::max(d, orthographic ? across : glm::dot(o, axes.back) + across);
  }
  return d;
}

// Where the box's corners land across the view (x, y in units of the
// visible half-width and half-height) from an eye at `distance`: min and max.
glm::vec4 projectedBounds(const Box3& box, glm::vec3 target, const ViewAxes& axes, float aspect,
                          bool orthographic, float distance) {
  glm::vec4 bounds(1e9f, 1e9f, -1e9f, -1e9f);
  for (const glm::vec3& corner : corners(box)) {
    const glm::vec3 o = corner - target;
    const float depth = orthographic ? distance : distance - glm::dot(o, axes.back);
    const float halfHeight = depth * tanHalfFov();
    const glm::vec2 p(glm::dot(o, axes.right) / (halfHeight * aspect),
                      glm::dot(o, axes.up) / halfHeight);
    bounds = glm::vec4(glm::min(glm::vec2(bounds), p), glm::max(glm::vec2(bounds.z, bounds.w), p));
  }
  return bounds;
}

}  // namespace

void OrbitCamera::rotate(float dxPixels, float dyPixels) {
  yawDegrees = std::fmod(yawDegrees + dxPixels * kDegreesPerPixel, 360.0f);
  pitchDegrees = std::clamp(pitchDegrees + dyPixels * kDegreesPerPixel, kMinPitch, kMaxPitch);
}

void OrbitCamera::panBy(float dxPixels, float dyPixels) {
  // Drag moves the ground with the mouse: right/forward in the camera's ground frame.
  const float yaw = glm::radians(yawDegrees);
  const glm::vec2 right{std::cos(yaw), std::sin(yaw)};
  const glm::vec2 forward{std::sin(yaw), -std::cos(yaw)};  // away from the eye, on the ground
  const float scale = kPanPerPixel * distance;
  pan += (-dxPixels * right + dyPixels * forward) * scale;
}

void OrbitCamera::zoom(float wheelSteps) {
  distance = std::clamp(distance * std::pow(kZoomPerStep, wheelSteps), kMinDistance, kMaxDistance);
}

void OrbitCamera::reset() {
  const bool keepProjection = isometric;  // a designer's choice, not a camera position
  *this = OrbitCamera{};
  isometric = keepProjection;
}

CameraPose OrbitCamera::pose(const Box3& block, float aspect) const {
  const float safeAspect = aspect > 0.0f && std::isfinite(aspect) ? aspect : 1.0f;
  // The framing: from the default direction, centred on the block's
  // silhouette (a perspective view shows the near side larger, so the box's
  // centre is not the picture's), at the distance that fits it.
  const OrbitCamera defaults;
  const ViewAxes framing = viewAxes(eyeDirection(defaults.yawDegrees, defaults.pitchDegrees));
  glm::vec3 centre = 0.5f * (block.min + block.max);
  float fit = fitDistance(block, centre, framing, safeAspect, isometric);
  for (int i = 0; i < 2; ++i) {
    const glm::vec4 b = projectedBounds(block, centre, framing, safeAspect, isometric, fit);
    const float halfHeight = fit * tanHalfFov();
    centre += framing.right * (0.5f * (b.x + b.z) * halfHeight * safeAspect) +
              framing.up * (0.5f * (b.y + b.w) * halfHeight);
    fit = fitDistance(block, centre, framing, safeAspect, isometric);
  }

  const float pitch = std::clamp(pitchDegrees, kMinPitch, kMaxPitch);
  const glm::vec3 target = centre + glm::vec3(pan.x, 0.0f, pan.y);
  const float worldDistance = std::clamp(distance, kMinDistance, kMaxDistance) * fit;
  CameraPose out;
  out.eye = target + eyeDirection(yawDegrees, pitch) * worldDistance;
  out.view = glm::lookAt(out.eye, target, glm::vec3(0.0f, 1.0f, 0.0f));
  const float radius = glm::length(block.max - block.min) + glm::length(pan);
  const float far = worldDistance + radius + 1.0f;
  const float halfHeight = worldDistance * tanHalfFov();
  out.visibleHeight = 2.0f * halfHeight;
  if (isometric) {
    out.projection = glm::ortho(-halfHeight * safeAspect, halfHeight * safeAspect, -halfHeight,
                                halfHeight, -far, far);
  } else {
    out.projection =
        glm::perspective(glm::radians(kFieldOfViewDegrees), safeAspect, 0.01f * worldDistance, far);
  }
  return out;
}

}  // namespace terrain::render
