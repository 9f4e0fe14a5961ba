#version 330 core
// A dot of the map's instance overlay: the species' colour, a round dot
// with a dark rim so it reads on any ramp colour.
uniform vec3 uColor;
out vec4 fragColor;

void main() {
  float r = length(gl_PointCoord - 0.5) * 2.0;
  if (r > 1.0) discard;
  fragColor = vec4(r > 0.7 ? uColor * 0.45 : uColor, 1.0);
}
