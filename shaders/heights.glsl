// Height lookups for the 3D view. uHeights (R32F, trilinear filtering) has
// one texel per sample at level 0 and a mip chain of averages: texelFetch
// reads a sample exactly, textureLod blends.
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

// The mip level whose texels match a fragment's footprint on the map, from
// the screen derivatives of its uv (dFdx(uv), dFdy(uv): fragment shaders
// only, in uniform control flow): log2 of the samples one pixel spans along
// its longer screen axis, 0 when a sample covers a pixel or more.
float footprintLod(vec2 uvPerPixelX, vec2 uvPerPixelY) {
  vec2 samples = vec2(uSize - 1);
  vec2 dx = uvPerPixelX * samples;
  vec2 dy = uvPerPixelY * samples;
  return max(0.5 * log2(max(max(dot(dx, dx), dot(dy, dy)), 1e-12)), 0.0);
}

// Height at uv, bilinear between samples, averaged over 2^lod samples.
float heightAt(vec2 uv, float lod) { return textureLod(uHeights, sampleCoord(uv), lod).r; }

// x: height, y: height change per sample eastwards, z: southwards, at uv and
// mip level lod (0: bilinear between samples at full resolution, whatever
// the grid; each level averages twice as many samples per side). Three taps
// two footprints (2 x 2^lod samples) apart, a corner and its east and south
// neighbours around uv: their differences are the mean slopes under the
// pixel, not the slope of one sample that happens to be there (as the
// central difference over two samples at level 0), and the height is the
// mean of the east and south taps. The corner is kept inside the map, so
// the borders take one-sided differences. Three filtered taps cost under
// llvmpipe about what one tap of a baked height+slope texture did, and need
// no bake per map.
vec3 surfaceAt(vec2 uv, float lod) {
  vec2 size = vec2(uSize);
  vec2 span = min(vec2(2.0 * exp2(lod)), max(size - 1.0, vec2(1e-3)));
  vec2 corner = clamp(uv * (size - 1.0) - 0.5 * span, vec2(0.0), size - 1.0 - span);
  float h00 = textureLod(uHeights, (corner + 0.5) / size, lod).r;
  float east = textureLod(uHeights, (corner + vec2(span.x, 0.0) + 0.5) / size, lod).r;
  float south = textureLod(uHeights, (corner + vec2(0.0, span.y) + 0.5) / size, lod).r;
  return vec3(0.5 * (east + south), (east - h00) / span.x, (south - h00) / span.y);
}
