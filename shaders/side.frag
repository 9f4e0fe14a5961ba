#version 330 core
// Side view of a profile (articles 000 and 001): every pixel column samples
// the profile with linear interpolation; ground below the profile takes the
// colour of the pixel's own height, water fills low ground up to the level,
// sky above.
#include "ramp.glsl"
#include "sky.glsl"

uniform sampler2D uHeights;  // R32F, read with texelFetch
uniform int uCount;          // samples in the profile (>= 1)
uniform int uRow;            // texture row of the first sample
uniform int uFoldWidth;      // long profiles continue on the next texture row
uniform vec4 uViewport;      // x, y, width, height in pixels
uniform vec2 uBand;          // heights 0 and 1 sit at these fractions of the view height

in vec2 vUv;
out vec4 fragColor;

float sampleAt(int i) {
  i = clamp(i, 0, uCount - 1);
  return texelFetch(uHeights, ivec2(i % uFoldWidth, uRow + i / uFoldWidth), 0).r;
}

void main() {
  vec2 p = (gl_FragCoord.xy - uViewport.xy) / uViewport.zw;  // 0..1, y up
  // The first sample sits on the left edge, the last on the right edge.
  float s = p.x * float(max(uCount - 1, 0));
  int i0 = int(floor(s));
  float ground = mix(sampleAt(i0), sampleAt(i0 + 1), s - float(i0));
  float pixelsPerUnit = uViewport.w * (uBand.y - uBand.x);
  float h = (p.y - uBand.x) / (uBand.y - uBand.x);  // this pixel's height

  vec3 color;
  if (h <= ground) {
    // The margin below height 0 (kSideBand's bottom) is the ground's foot:
    // coloured as height 0, so the ground reaches the bottom of the view.
    float g = max(h, 0.0);
    color = landColor(g);
    if (isUnderWater(g)) {
      // Seabed: the beach's sand turning to dark silt with depth, tinted by the water.
      float depth = 1.0 - g / uWater;  // 0 at the level .. 1 at height 0
      vec3 seabed = mix(landColor(uWater) * 0.85, vec3(0.30, 0.24, 0.17), depth);
      color = mix(seabed, waterColor(g), 0.25);
    }
    // A darker rim, about 1.5 px, makes the skyline read clearly.
    if ((ground - h) * pixelsPerUnit < 1.5) color *= 0.7;
  } else if (isUnderWater(h)) {
    color = waterColor(h);
  } else {
    color = skyColor((p.y - uBand.x) / (1.0 - uBand.x));
  }
  fragColor = vec4(color, 1.0);
}
