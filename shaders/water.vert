#version 330 core
// The water body, from gl_VertexID alone (30 vertices, GL_TRIANGLES): face 0
// is the surface at the water level, faces 1..4 the walls on the block's
// north, south, west and east sides, from the base up to the level.
uniform mat4 uViewProjection;
uniform vec2 uExtent;
uniform float uLevel;  // world y of the water surface
uniform float uBase;   // world y of the block's bottom

out vec2 vUv;
out vec3 vWorld;
flat out int vFace;

const vec2 kQuad[6] = vec2[6](vec2(0.0, 0.0), vec2(1.0, 0.0), vec2(0.0, 1.0),
                              vec2(0.0, 1.0), vec2(1.0, 0.0), vec2(1.0, 1.0));

void main() {
  int face = gl_VertexID / 6;
  vec2 q = kQuad[gl_VertexID % 6];
  vec2 uv = q;
  float y = uLevel;
  if (face > 0) {
    // q.x runs along the edge, q.y from the base to the surface.
    if (face == 1) uv = vec2(q.x, 0.0);
    else if (face == 2) uv = vec2(q.x, 1.0);
    else if (face == 3) uv = vec2(0.0, q.x);
    else uv = vec2(1.0, q.x);
    y = mix(uBase, uLevel, q.y);
  }
  vUv = uv;
  vFace = face;
  vWorld = vec3((uv.x - 0.5) * uExtent.x, y, (uv.y - 0.5) * uExtent.y);
  gl_Position = uViewProjection * vec4(vWorld, 1.0);
}
