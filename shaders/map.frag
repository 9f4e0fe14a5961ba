#version 330 core
// Top-down map (the coastline applet's look): one crisp cell per height
// sample, ramp colours, optional hillshade from a north-west sun. Row 0 of the
// heightmap is at the top (north), as in the exported PNG.
#include "ramp.glsl"

uniform sampler2D uHeights;  // R32F, read with texelFetch (crisp cells)
uniform ivec2 uSize;         // heightmap width, height in cells
uniform vec4 uViewport;      // x, y, width, height in pixels
uniform vec2 uCenter;        // map point at the view centre, 0..1
uniform float uZoom;         // 1 = whole map fits the view
uniform bool uHillshade;
uniform float uRelief;       // height 1.0 in map widths, for the hillshade normal
uniform int uMarkRow;        // texture row the side view shows, marked with a line; -1 none

in vec2 vUv;
out vec4 fragColor;

const vec3 kBackground = vec3(0.15, 0.16, 0.18);  // letterbox around the map
// Towards the sun: azimuth north-west, 45 degrees up; x east, y south, z up.
const vec3 kSun = vec3(-0.5, -0.5, 0.70710678);
// The side view's row: a yellow line about 2 px wide with a dark edge, in
// pixels whatever the zoom (a 4097 map has cells far below a pixel).
const vec3 kMarker = vec3(1.0, 0.92, 0.35);
const float kMarkerHalfWidth = 1.0;
const float kMarkerEdge = 1.0;

float heightAt(ivec2 cell) { return texelFetch(uHeights, clamp(cell, ivec2(0), uSize - 1), 0).r; }

// Lambert relative to flat ground (1.0 on flat land), so colours stay true.
float hillshade(ivec2 cell) {
  // Central differences as slopes per map width: independent of resolution.
  float perCell = float(max(uSize.x, uSize.y));
  float dx = (heightAt(cell + ivec2(1, 0)) - heightAt(cell - ivec2(1, 0))) * 0.5 * perCell;
  float dy = (heightAt(cell + ivec2(0, 1)) - heightAt(cell - ivec2(0, 1))) * 0.5 * perCell;
  vec3 n = normalize(vec3(-dx * uRelief, -dy * uRelief, 1.0));
  float lambert = max(dot(n, kSun), 0.0) / kSun.z;
  return clamp(0.35 + 0.65 * lambert, 0.35, 1.3);
}

void main() {
  // Pixels per cell: the whole map fits (letterboxed) at zoom 1.
  vec2 size = vec2(uSize);
  float scale = min(uViewport.z / size.x, uViewport.w / size.y) * uZoom;
  vec2 fromCenter = gl_FragCoord.xy - uViewport.xy - 0.5 * uViewport.zw;
  vec2 cellPos = vec2(fromCenter.x, -fromCenter.y) / scale + uCenter * size;
  if (any(lessThan(cellPos, vec2(0.0))) || any(greaterThanEqual(cellPos, size))) {
    fragColor = vec4(kBackground, 1.0);
    return;
  }
  ivec2 cell = ivec2(floor(cellPos));
  float h = heightAt(cell);
  vec3 color = terrainColor(h);
  if (uHillshade && !isUnderWater(h)) color *= hillshade(cell);  // water stays flat
  color = min(color, vec3(1.0));
  if (uMarkRow >= 0) {
    float pixelsFromRow = abs(cellPos.y - (float(uMarkRow) + 0.5)) * scale;
    if (pixelsFromRow < kMarkerHalfWidth) {
      color = kMarker;
    } else if (pixelsFromRow < kMarkerHalfWidth + kMarkerEdge) {
      color *= 0.3;
    }
  }
  fragColor = vec4(color, 1.0);
}
