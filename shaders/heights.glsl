// Height lookups for the 3D view. uHeights (R32F, linear filtering) has one
// texel per sample: texelFetch reads a sample exactly, textureLod blends.
uniform sampler2D uHeights;
uniform ivec2 uSize;  // heightmap width, height in samples (as uploaded)

// uv 0..1 runs from the first sample's centre to the last one's.
vec2 sampleCoord(vec2 uv) {
  vec2 size = vec2(uSize);
  return (uv * (size - 1.0) + 0.5) / size;
}

// The sample nearest to uv, exactly (grid vertices sit on samples).
float sampleHeight(vec2 uv) {
  return texelFetch(uHeights, ivec2(uv * vec2(uSize - 1) + 0.5), 0).r;
}

// Bilinear height between samples.
float heightAt(vec2 uv) { return textureLod(uHeights, sampleCoord(uv), 0.0).r; }

// x: height, y: height change per sample eastwards, z: southwards, bilinear
// between samples at full resolution whatever the grid. A filtered tap one
// sample east minus one west is the bilinear blend of the samples' central
// differences (one-sided at the borders, where the taps are clamped). Five
// taps per fragment cost about what one tap of a baked height+slope texture
// did under llvmpipe, and need no bake per new map (2-20x a frame's work).
vec3 surfaceAt(vec2 uv) {
  vec2 size = vec2(uSize);
  vec2 p = uv * (size - 1.0);  // in samples, 0 .. size - 1
  vec2 lo = max(p - 1.0, 0.0);
  vec2 hi = min(p + 1.0, size - 1.0);
  float east = textureLod(uHeights, (vec2(hi.x, p.y) + 0.5) / size, 0.0).r;
  float west = textureLod(uHeights, (vec2(lo.x, p.y) + 0.5) / size, 0.0).r;
  float south = textureLod(uHeights, (vec2(p.x, hi.y) + 0.5) / size, 0.0).r;
  float north = textureLod(uHeights, (vec2(p.x, lo.y) + 0.5) / size, 0.0).r;
  float h = textureLod(uHeights, (p + 0.5) / size, 0.0).r;
  vec2 span = max(hi - lo, vec2(1.0));
  return vec3(h, (east - west) / span.x, (south - north) / span.y);
}
