#version 330 core
// The water plane: one quad over the map at the water level (4 vertices,
// triangle strip, from gl_VertexID alone).
uniform mat4 uViewProjection;
uniform vec2 uExtent;
uniform float uLevel;  // world y of the water surface

out vec2 vUv;
out vec3 vWorld;

void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
  vUv = corner;
  vWorld = vec3((corner.x - 0.5) * uExtent.x, uLevel, (corner.y - 0.5) * uExtent.y);
  gl_Position = uViewProjection * vec4(vWorld, 1.0);
}
