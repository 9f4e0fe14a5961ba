#version 330 core
// Lakes and rivers in 3D, blended over the ground as much as they hide it
// (water_look.hpp: their share of the cell, more opaque with depth), more
// reflective at grazing angles, with the sea's soft sun glint.
#include "heights.glsl"
#include "water_bodies.glsl"

uniform vec3 uEye;
uniform vec3 uSunDirection;

in vec2 vUv;
in vec3 vWorld;
in float vSkirt;
out vec4 fragColor;

void main() {
  // At the pixel's footprint (levels of maxima: a thin river stays a line).
  float lod = footprintLod(dFdx(vUv), dFdy(vUv));  // before the branch
  float alpha = textureLod(uWaterBodies, sampleCoord(vUv), lod).g;
  if ((vSkirt > 0.5 && vSkirt < 1.5) || alpha < 0.02) discard;  // the block's sides; dry ground
  vec3 toEye = normalize(uEye - vWorld);
  float grazing = 1.0 - abs(toEye.y);
  vec3 halfway = normalize(toEye + uSunDirection);
  float glint = pow(max(halfway.y, 0.0), 300.0) * 0.5;
  vec3 color = uInlandWaterColor * (0.8 + 0.3 * uSunDirection.y) + vec3(glint);
  fragColor = vec4(color, clamp(alpha * (1.0 + 0.3 * grazing * grazing * grazing), 0.0, 0.95));
}
