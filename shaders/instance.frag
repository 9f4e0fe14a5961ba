#version 330 core
// Scattered instances lit as the terrain is (mesh.frag): Lambert sun plus
// the sky's ambient, in the species' colour.
uniform vec3 uColor;
uniform vec3 uSunDirection;  // towards the sun, world space, normalised

in vec3 vNormal;
out vec4 fragColor;

// mesh.frag's sun and sky, so an instance is lit as the ground it stands on.
const vec3 kSunColor = vec3(1.0, 0.96, 0.88);
const vec3 kAmbient = vec3(0.30, 0.33, 0.40);

void main() {
  vec3 n = normalize(vNormal);
  if (!gl_FrontFacing) n = -n;
  float diffuse = max(dot(n, uSunDirection), 0.0);
  fragColor = vec4(uColor * (kAmbient + kSunColor * diffuse), 1.0);
}
