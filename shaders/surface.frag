#version 330 core
// Bakes, once per new map, what the 3D view needs per fragment into one
// RGBA16F texel per height sample: the height and its central differences
// (height change per sample towards east and south; one-sided at the
// borders). The 3D view then reads one filtered texel per fragment instead
// of five, which is what keeps it fast on software rasterisers.
uniform sampler2D uHeights;  // R32F, full resolution

out vec4 surface;

float heightAt(ivec2 p) { return texelFetch(uHeights, p, 0).r; }

void main() {
  ivec2 last = textureSize(uHeights, 0) - 1;
  ivec2 p = ivec2(gl_FragCoord.xy);
  ivec2 lo = max(p - 1, ivec2(0));
  ivec2 hi = min(p + 1, last);
  float dx = (heightAt(ivec2(hi.x, p.y)) - heightAt(ivec2(lo.x, p.y))) / float(max(hi.x - lo.x, 1));
  float dz = (heightAt(ivec2(p.x, hi.y)) - heightAt(ivec2(p.x, lo.y))) / float(max(hi.y - lo.y, 1));
  surface = vec4(heightAt(p), dx, dz, 0.0);
}
