#version 330 core
// Terrain grid: heights come from the texture (vertex texture fetch), so a new
// map only uploads a texture. Skirt vertices drop to the base to close the
// block's sides.
#include "heights.glsl"

layout(location = 0) in vec3 aGrid;  // u, v in 0..1; z = 1 for skirt vertices

uniform mat4 uViewProjection;
uniform vec2 uExtent;        // map size in world units (x, z); the longer side is 1
uniform float uExaggeration; // world height of height 1.0
uniform float uBase;         // world y of the block's bottom

out vec2 vUv;
out float vSkirt;
out float vWorldY;

void main() {
  vUv = aGrid.xy;
  vSkirt = aGrid.z;
  float y = mix(sampleHeight(aGrid.xy) * uExaggeration, uBase, aGrid.z);
  vec3 world = vec3((aGrid.x - 0.5) * uExtent.x, y, (aGrid.y - 0.5) * uExtent.y);
  vWorldY = y;
  gl_Position = uViewProjection * vec4(world, 1.0);
}
