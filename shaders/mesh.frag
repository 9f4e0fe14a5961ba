#version 330 core
// Terrain surface: normal and colour per fragment from the full-resolution
// height texture (the grid may be coarser), Lambert sun plus sky ambient.
#include "heights.glsl"
#include "ramp.glsl"

uniform vec2 uExtent;
uniform float uExaggeration;
uniform vec3 uSunDirection;  // towards the sun, world space, normalised
uniform float uBase;

in vec2 vUv;
in float vSkirt;
in float vWorldY;
out vec4 fragColor;

const vec3 kSunColor = vec3(1.0, 0.96, 0.88);
const vec3 kAmbient = vec3(0.30, 0.33, 0.40);   // sky light, bluish
const vec3 kSoil = vec3(0.42, 0.33, 0.24);      // the block's cut sides

vec3 surfaceNormal(vec2 uv) {
  vec2 step = 1.0 / vec2(max(uSize - 1, ivec2(1)));  // one sample, in uv
  float dhdx = heightAt(uv + vec2(step.x, 0.0)) - heightAt(uv - vec2(step.x, 0.0));
  float dhdz = heightAt(uv + vec2(0.0, step.y)) - heightAt(uv - vec2(0.0, step.y));
  // World slope = height change * exaggeration / world distance.
  float sx = dhdx * uExaggeration / (2.0 * step.x * uExtent.x);
  float sz = dhdz * uExaggeration / (2.0 * step.y * uExtent.y);
  return normalize(vec3(-sx, 1.0, -sz));
}

void main() {
  if (vSkirt > 0.0) {
    // Sides: soil, darker towards the base, lit by their facing direction.
    vec3 n = normalize(cross(dFdx(vec3(vUv.x, vWorldY, vUv.y)), dFdy(vec3(vUv.x, vWorldY, vUv.y))));
    float light = 0.55 + 0.35 * abs(dot(n.xz, normalize(uSunDirection.xz)));
    float depth = clamp((vWorldY - uBase) / max(uExaggeration, 1e-3), 0.0, 1.0);
    fragColor = vec4(kSoil * light * mix(0.6, 1.0, depth), 1.0);
    return;
  }
  float h = heightAt(vUv);
  vec3 n = surfaceNormal(vUv);
  float diffuse = max(dot(n, uSunDirection), 0.0);
  vec3 color = terrainColor(h) * (kAmbient + kSunColor * diffuse);
  fragColor = vec4(color, 1.0);
}
