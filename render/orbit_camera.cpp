// OrbitCamera (declared in terrain_view.hpp). World: x east, z south, y up;
// the map spans [-0.5, 0.5] on its longer side, centred on the origin. At
// yaw 0 the camera looks north from the south; positive yaw swings it west,
// so the default 45 degrees views from the south-west, facing the north-west
// sun's lit slopes from the side.
#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "render/terrain_view.hpp"

namespace terrain::render {
namespace {

constexpr float kDegreesPerPixel = 0.3f;
constexpr float kMinPitch = 5.0f;
constexpr float kMaxPitch = 89.0f;
constexpr float kMinDistance = 0.2f;  // map widths
constexpr float kMaxDistance = 20.0f;
constexpr float kZoomPerStep = 0.9f;          // one wheel step moves 10 % closer
constexpr float kPanPerPixel = 0.0012f;       // map widths per pixel at distance 1
constexpr float kFieldOfViewDegrees = 32.0f;  // frames the whole map at the default distance
constexpr float kTargetHeight = -0.04f;       // world y looked at: centres the block, base to peaks

// Unit vector from the target towards the eye.
glm::vec3 eyeDirection(float yawDegrees, float pitchDegrees) {
  const float yaw = glm::radians(yawDegrees);
  const float pitch = glm::radians(pitchDegrees);
  return {-std::sin(yaw) * std::cos(pitch), std::sin(pitch), std::cos(yaw) * std::cos(pitch)};
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

glm::mat4 OrbitCamera::viewMatrix() const {
  const float pitch = std::clamp(pitchDegrees, kMinPitch, kMaxPitch);
  const glm::vec3 target{pan.x, kTargetHeight, pan.y};
  const glm::vec3 eye = target + eyeDirection(yawDegrees, pitch) * distance;
  return glm::lookAt(eye, target, glm::vec3(0.0f, 1.0f, 0.0f));
}

glm::mat4 OrbitCamera::projectionMatrix(float aspect) const {
  const float safeAspect = aspect > 0.0f ? aspect : 1.0f;
  const float near = 0.01f * distance;
  const float far = distance + 4.0f;
  if (isometric) {
    // Same framing as the perspective view at the target's distance.
    const float halfHeight = distance * std::tan(glm::radians(kFieldOfViewDegrees) * 0.5f);
    const float halfWidth = halfHeight * safeAspect;
    return glm::ortho(-halfWidth, halfWidth, -halfHeight, halfHeight, -(distance + 4.0f), far);
  }
  return glm::perspective(glm::radians(kFieldOfViewDegrees), safeAspect, near, far);
}

float OrbitCamera::pixelsPerWorldUnit(float viewportHeight) const {
  // Both projections show 2 * distance * tan(fov / 2) world units over the height.
  const float visible = 2.0f * distance * std::tan(glm::radians(kFieldOfViewDegrees) * 0.5f);
  return visible > 0.0f ? viewportHeight / visible : viewportHeight;
}

}  // namespace terrain::render
