// Height lookups for the 3D view. uHeights (R32F, GL_NEAREST) is exact per
// sample; uSurface (RGBA16F, linear: height, d/dx, d/dz per sample, baked by
// surface.frag) gives smooth heights and slopes between samples.
uniform sampler2D uHeights;
uniform sampler2D uSurface;
uniform ivec2 uSize;  // heightmap width, height in samples

// uv 0..1 runs from the first sample's centre to the last one's.
vec2 sampleCoord(vec2 uv) {
  vec2 size = vec2(uSize);
  return (uv * (size - 1.0) + 0.5) / size;
}

// The sample nearest to uv, exactly (grid vertices sit on samples).
float sampleHeight(vec2 uv) {
  return texelFetch(uHeights, ivec2(uv * vec2(uSize - 1) + 0.5), 0).r;
}

// x: height, y: height change per sample eastwards, z: southwards (bilinear).
vec3 surfaceAt(vec2 uv) { return textureLod(uSurface, sampleCoord(uv), 0.0).rgb; }
