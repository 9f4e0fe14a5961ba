// Procedural detail per material for the 3D view: value noise anchored to
// the map (uv), so it does not crawl when the camera moves, and each octave
// faded out before it is finer than a pixel (no shimmer, no sparkle). No
// image assets: a hash of the lattice cell.

float latticeHash(ivec2 c) {
  uint h = uint(c.x) * 0x8da6b343u ^ uint(c.y) * 0xd8163841u;
  h = (h ^ (h >> 15u)) * 0x2c1b3c6du;
  h ^= h >> 12u;
  return float(h & 0xffffu) / 65535.0;
}

// -0.5 .. 0.5, smooth between lattice points.
float valueNoise(vec2 p) {
  vec2 i = floor(p);
  vec2 f = p - i;
  f = f * f * (3.0 - 2.0 * f);
  ivec2 c = ivec2(i);
  float a = latticeHash(c);
  float b = latticeHash(c + ivec2(1, 0));
  float d = latticeHash(c + ivec2(0, 1));
  float e = latticeHash(c + ivec2(1, 1));
  return mix(mix(a, b, f.x), mix(d, e, f.x), f.y) - 0.5;
}

// One octave of `frequency` cycles per map unit, weighed by how well a
// pixel (`footprint` map units across) resolves it: full below a quarter
// wavelength, none past half of one.
float octave(vec2 uv, float frequency, float footprint) {
  float fade = clamp(2.0 - 4.0 * footprint * frequency, 0.0, 1.0);
  return fade > 0.0 ? fade * valueNoise(uv * frequency) : 0.0;
}

// Brightness factors (mean 1) per material: `grass` (patches and tufts),
// and in the splat texture's order rock (strata along the height, grain),
// sediment (fine grain), snow (broad, soft drifts only: nothing at pixel
// scale), wet ground (grass's patches and sediment's grain, no octave of its
// own: the frame costs what it did with four materials).
// `h` is the height (0..1) and `hFootprint` how much of it a pixel spans.
vec4 materialDetail(vec2 uv, float footprint, float h, float hFootprint, out float grass) {
  grass = 1.0 + 0.30 * octave(uv, 24.0, footprint) + 0.22 * octave(uv, 110.0, footprint) +
                0.14 * octave(uv, 520.0, footprint);
  // Strata: bands about 1/90 of the height range apart, wavering along the
  // map so they read as layers rather than contour lines.
  float strataFade = clamp(2.0 - 4.0 * hFootprint * 90.0, 0.0, 1.0);
  float bands = sin(6.2831853 * (h * 90.0 + 0.6 * octave(uv, 16.0, footprint)));
  float rock = 1.0 + 0.14 * strataFade * bands + 0.22 * octave(uv, 300.0, footprint) +
               0.14 * octave(uv, 1300.0, footprint);
  float sediment = 1.0 + 0.16 * octave(uv, 200.0, footprint) + 0.10 * octave(uv, 900.0, footprint);
  float snow = 1.0 + 0.06 * octave(uv, 12.0, footprint);
  float wet = 1.0 + 0.6 * (grass - 1.0) + 0.8 * (sediment - 1.0);
  return vec4(rock, sediment, snow, wet);
}
