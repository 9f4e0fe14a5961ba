#version 330 core
// Scattered instances (render/instance_pass.cpp): one low-poly shape per
// species drawn once per instance. The shape's unit size (1 across, 1 tall)
// is scaled to the species' metres, horizontally as the map's metres and
// vertically as the terrain's heights (the view's exaggeration), turned
// about its up, then tilted onto that up.

layout(location = 0) in vec3 aPosition;  // unit shape: x, z in -0.5..0.5, y 0..1 up
layout(location = 1) in vec3 aNormal;
layout(location = 2) in vec4 aPlace;     // u, v (0..1, v south), height 0..1, scale
layout(location = 3) in vec4 aUp;        // up (x east, y south, z up), rotation in radians

#include "instance.glsl"

out vec3 vNormal;

// Rotates vectors from the world's up (0, 1, 0) onto `up` (unit, never
// pointing down): the shortest turn, so an upright instance is unchanged.
mat3 tiltOnto(vec3 up) {
  vec3 k = vec3(up.z, 0.0, -up.x);  // cross((0, 1, 0), up)
  float c = up.y;
  mat3 K = mat3(0.0, k.z, -k.y, -k.z, 0.0, k.x, k.y, -k.x, 0.0);  // columns
  return mat3(1.0) + K + K * K / (1.0 + c);
}

void main() {
  vec3 base = instanceBase(aPlace.xyz);
  // Far away an instance would fall between pixels: grow it to uMinPixels
  // (its place stays, so a forest reads as a stipple, not as nothing).
  float w = (uViewProjection * vec4(base, 1.0)).w;
  float grow = max(1.0, uMinPixels / max(instancePixels(aPlace.w, w), 1e-6));
  vec3 size = vec3(uSizeWorld.x, uSizeWorld.y, uSizeWorld.x) * aPlace.w * grow;
  float s = sin(aUp.w), c = cos(aUp.w);
  mat3 turn = mat3(c, 0.0, -s, 0.0, 1.0, 0.0, s, 0.0, c);
  // Map space (x east, y south, z up) to the world's (x east, y up, z south),
  // leaning as far as the heights are exaggerated.
  vec3 up = instanceUp(aUp.xyz);
  mat3 tilt = tiltOnto(up);
  vec3 local = tilt * (turn * (aPosition * size));
  vNormal = tilt * (turn * normalize(aNormal / size));
  gl_Position = uViewProjection * vec4(base + local, 1.0);
}
