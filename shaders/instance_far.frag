#version 330 core
// A far instance's point cut to its shape's outline (a cone's triangle, a
// sphere's disc, a box's square, as wide as the species against its
// height), lit as the shape's top is.
uniform vec3 uColor;
uniform vec3 uSunDirection;  // towards the sun, world space, normalised
uniform int uShape;          // InstanceShape: 0 cone, 1 sphere, 2 box
uniform float uAspect;       // width / height of the species

in vec3 vNormal;
out vec4 fragColor;

// mesh.frag's sun and sky (as instance.frag).
const vec3 kSunColor = vec3(1.0, 0.96, 0.88);
const vec3 kAmbient = vec3(0.30, 0.33, 0.40);

void main() {
  vec2 p = gl_PointCoord;  // 0..1, y down
  float halfWidth = 0.5 * min(uAspect, 1.0);
  float across = abs(p.x - 0.5);
  if (uShape == 0 && across > halfWidth * p.y) discard;
  if (uShape == 1 && length(p - 0.5) > 0.5) discard;
  if (uShape == 2 && (across > halfWidth || p.y < 1.0 - 1.0 / max(uAspect, 1.0))) discard;
  float diffuse = max(dot(normalize(vNormal), uSunDirection), 0.0);
  // The side away from the sun darker, as a shape's would be.
  float side = p.x < 0.5 == (uSunDirection.x < 0.0) ? 1.0 : 0.75;
  fragColor = vec4(uColor * (kAmbient + kSunColor * diffuse * side), 1.0);
}
