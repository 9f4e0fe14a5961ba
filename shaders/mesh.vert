#version 330 core
// Terrain grid: heights come from the texture (vertex texture fetch), so a new
// map only uploads a texture. Skirt vertices drop to the base to close the
// block's sides.
#include "heights.glsl"

// xy: u, v in 0..1; z: where the vertex sits (0 on the sample nearest uv, 1
// at the base, 2 on the surface grid's edge or the sample if that is higher);
// w: how the fragment shader shades it (0 surface, 1 soil, 2 surface).
layout(location = 0) in vec4 aGrid;

uniform mat4 uViewProjection;
uniform vec2 uExtent;        // map size in world units (x, z); the longer side is 1
uniform float uExaggeration; // world height of height 1.0
uniform float uBase;         // world y of the block's bottom
uniform ivec2 uGrid;         // surface grid vertices along x, z

out vec2 vUv;
out float vSkirt;
out float vWorldY;

// Height of the surface grid's triangles at uv (exact on the grid's edges,
// where skirt vertices sit between grid vertices).
float surfaceGridHeight(vec2 uv) {
  vec2 cells = vec2(uGrid - 1);
  vec2 p = uv * cells;
  vec2 lo = min(floor(p), cells - 1.0);
  vec2 f = p - lo;
  float h00 = sampleHeight(lo / cells);
  float h10 = sampleHeight((lo + vec2(1.0, 0.0)) / cells);
  float h01 = sampleHeight((lo + vec2(0.0, 1.0)) / cells);
  float h11 = sampleHeight((lo + 1.0) / cells);
  return mix(mix(h00, h10, f.x), mix(h01, h11, f.x), f.y);
}

void main() {
  vUv = aGrid.xy;
  vSkirt = aGrid.w;
  float h = sampleHeight(aGrid.xy);
  if (aGrid.z > 1.5) h = max(h, surfaceGridHeight(aGrid.xy));
  float y = aGrid.z == 1.0 ? uBase : h * uExaggeration;
  vec3 world = vec3((aGrid.x - 0.5) * uExtent.x, y, (aGrid.y - 0.5) * uExtent.y);
  vWorldY = y;
  gl_Position = uViewProjection * vec4(world, 1.0);
}
