// Bilinear height lookups for the 3D view. uHeights is bound with a linear
// sampler object here (the texture itself stays GL_NEAREST for the map).
uniform sampler2D uHeights;  // R32F, full resolution
uniform ivec2 uSize;         // heightmap width, height in samples

// uv 0..1 runs from the first sample's centre to the last one's.
float heightAt(vec2 uv) {
  vec2 size = vec2(uSize);
  return textureLod(uHeights, (uv * (size - 1.0) + 0.5) / size, 0.0).r;
}
