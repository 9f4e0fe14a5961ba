#version 330 core
// Lakes and rivers in 3D: the terrain's grid raised by the water's depth
// (water_bodies.glsl), so each lake lies flat at its own level and a river
// follows its bed; where it is dry the sheet lies on the ground and the
// fragment shader drops it.
#include "heights.glsl"
#include "water_bodies.glsl"

layout(location = 0) in vec4 aGrid;  // as mesh.vert's

uniform mat4 uViewProjection;
uniform vec2 uExtent;
uniform float uExaggeration;

out vec2 vUv;
out vec3 vWorld;
out float vSkirt;

void main() {
  vUv = aGrid.xy;
  vSkirt = aGrid.w;
  ivec2 sample = ivec2(aGrid.xy * vec2(uSize - 1) + 0.5);
  float h = texelFetch(uHeights, sample, 0).r + texelFetch(uWaterBodies, sample, 0).r;
  vWorld = vec3((aGrid.x - 0.5) * uExtent.x, h * uExaggeration, (aGrid.y - 0.5) * uExtent.y);
  gl_Position = uViewProjection * vec4(vWorld, 1.0);
}
