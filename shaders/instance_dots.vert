#version 330 core
// Scattered instances as dots over the map view: the cell an instance
// stands in lands where map.frag draws that cell.
layout(location = 0) in vec4 aPlace;  // u, v (0..1, v south), height 0..1, scale

uniform ivec2 uSize;     // heightmap width, height in cells (as the map draws it)
uniform vec4 uViewport;  // x, y, width, height in pixels
uniform vec2 uCenter;    // map point at the view centre, 0..1
uniform float uZoom;     // 1 = whole map fits the view
uniform float uDotCells; // the species' width in cells
uniform float uMinDot;   // pixels: a dot never shrinks below this
uniform float uGrow;     // past the pass's budget a share is drawn, this much larger

void main() {
  vec2 size = vec2(uSize);
  float scale = min(uViewport.z / size.x, uViewport.w / size.y) * uZoom;  // pixels per cell
  // Sample centres: the first sample is cell 0's centre, the last cell size-1's.
  vec2 cellPos = aPlace.xy * (size - 1.0) + 0.5;
  vec2 fromCenter = (cellPos - uCenter * size) * scale;
  vec2 pixel = 0.5 * uViewport.zw + vec2(fromCenter.x, -fromCenter.y);
  gl_Position = vec4(pixel / uViewport.zw * 2.0 - 1.0, 0.0, 1.0);
  gl_PointSize = max(uMinDot, uDotCells * aPlace.w * scale) * uGrow;
}
