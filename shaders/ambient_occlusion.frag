#version 330 core
// Horizon-based ambient occlusion of the heights (the 3D view's soft
// shading): from each texel, eight directions, each marched out to a
// sixteenth of the map in doubling steps over the mip chain (a step d
// samples away reads the heights averaged over about d / 2 samples); the sky
// a point sees is what the highest horizon in each direction leaves.
// Distances are shares of the map, so a 4097 map and its 1025 preview
// shade alike, and in the view's proportions (its exaggeration), so it is
// what the eye sees.
#include "heights.glsl"

uniform ivec2 uAoSize;  // texels of the result: about half the map's samples a side
uniform vec2 uExtent;   // the map's size in world units (x, z)
uniform float uExaggeration;

out float occlusionFree;  // 1: open sky, 0: none

const int kDirections = 8;
const int kSteps = 6;
const float kNearest = 1.0 / 512.0;  // the first step, of the map's longer side

void main() {
  vec2 uv = (gl_FragCoord.xy - 0.5) / vec2(max(uAoSize - 1, ivec2(1)));
  vec2 samples = vec2(max(uSize - 1, ivec2(1)));
  vec2 worldPerSample = uExtent / samples;
  float longest = max(samples.x, samples.y);
  float h0 = heightAt(uv, 0.0);
  float blocked = 0.0;
  for (int d = 0; d < kDirections; ++d) {
    float angle = 6.2831853 * (float(d) + 0.5) / float(kDirections);
    vec2 dir = vec2(cos(angle), sin(angle));
    float horizon = 0.0;  // tangent of the highest elevation angle seen
    for (int s = 0; s < kSteps; ++s) {
      float share = kNearest * exp2(float(s));  // of the map's longer side
      vec2 at = uv + dir * share * longest / samples;
      if (any(lessThan(at, vec2(0.0))) || any(greaterThan(at, vec2(1.0)))) break;
      float distance = share * longest;  // in samples
      float h = heightAt(at, max(log2(distance) - 1.0, 0.0));
      float run = distance * length(dir * worldPerSample);
      horizon = max(horizon, (h - h0) * uExaggeration / run);
    }
    blocked += horizon / sqrt(1.0 + horizon * horizon);  // the horizon angle's sine
  }
  occlusionFree = 1.0 - blocked / float(kDirections);
}
