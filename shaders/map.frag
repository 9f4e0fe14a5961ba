#version 330 core
// Top-down map (the coastline applet's look): one crisp cell per height
// sample, ramp colours, optional hillshade from the look's sun. Row 0 of the
// heightmap is at the top (north), as in the exported PNG.
#include "ramp.glsl"
#include "overlay.glsl"
#include "water_bodies.glsl"

uniform sampler2D uHeights;  // R32F, read with texelFetch (crisp cells)
uniform sampler2D uShading;  // R32F, the heights as the hillshade reads them (despeckled)
uniform ivec2 uSize;         // heightmap width, height in cells
uniform vec4 uViewport;      // x, y, width, height in pixels
uniform vec2 uCenter;        // map point at the view centre, 0..1
uniform float uZoom;         // 1 = whole map fits the view
#ifdef HILLSHADE  // fixed per program (render/shader_library.hpp's ProgramVariants)
const bool uHillshade = HILLSHADE;
#else
uniform bool uHillshade;
#endif
uniform vec3 uSun;           // towards the sun: x east, y south, z up (core/look/look.hpp)
uniform float uRelief;       // height 1.0 against the map's side (Look::relief)
uniform int uMarkRow;        // texture row the side view shows, marked with a line; -1 none
#ifndef MARK_ROW
#define MARK_ROW true
#endif
// a torus: its 8 neighbouring copies show faintly around it
#ifdef WRAPS  // fixed per program (render/shader_library.hpp's ProgramVariants)
const bool uWraps = WRAPS;
#else
uniform bool uWraps;
#endif

in vec2 vUv;
out vec4 fragColor;

const vec3 kBackground = vec3(0.15, 0.16, 0.18);  // letterbox around the map
// A wrapping map's neighbouring copies: this much of their colour over the
// background, enough to follow a ridge across the seam, faint enough to
// tell the map itself apart.
const float kCopyStrength = 0.45;
// Brightness factor range, as core/image.hpp's kHillshadeMin / kHillshadeMax.
const float kShadeMin = 0.55;
const float kShadeMax = 1.25;
// The side view's row: a yellow line about 2 px wide with a dark edge, in
// pixels whatever the zoom (a 4097 map has cells far below a pixel).
const vec3 kMarker = vec3(1.0, 0.92, 0.35);
const float kMarkerHalfWidth = 1.0;
const float kMarkerEdge = 1.0;

float heightAt(ivec2 cell) { return texelFetch(uHeights, clamp(cell, ivec2(0), uSize - 1), 0).r; }
float shadingAt(ivec2 cell) { return texelFetch(uShading, clamp(cell, ivec2(0), uSize - 1), 0).r; }

// The CPU colour map's hillshade (core/look/image.cpp hillshadeAt), so the
// map view and the exported colour map agree: Lambert over flat ground's,
// from the Sobel gradient of the despeckled heights (one-sided at the
// edges), summed in the same order, clamped.
float hillshade(ivec2 cell) {
  float scale = float(max(max(uSize.x, uSize.y) - 1, 1)) * uRelief * 0.5;
  ivec2 lo = max(cell - 1, ivec2(0));
  ivec2 hi = min(cell + 1, uSize - 1);
  float wx = hi.x > lo.x ? 2.0 / float(hi.x - lo.x) : 0.0;
  float wy = hi.y > lo.y ? 2.0 / float(hi.y - lo.y) : 0.0;
  float al = shadingAt(ivec2(lo.x, lo.y)), ac = shadingAt(ivec2(cell.x, lo.y)),
        ar = shadingAt(ivec2(hi.x, lo.y));
  float ml = shadingAt(ivec2(lo.x, cell.y)), mr = shadingAt(ivec2(hi.x, cell.y));
  float bl = shadingAt(ivec2(lo.x, hi.y)), bc = shadingAt(ivec2(cell.x, hi.y)),
        br = shadingAt(ivec2(hi.x, hi.y));
  float gx = ((ar + 2.0 * mr + br) - (al + 2.0 * ml + bl)) * 0.25 * wx * scale;
  float gy = ((bl + 2.0 * bc + br) - (al + 2.0 * ac + ar)) * 0.25 * wy * scale;
  float lit =
      (1.0 - uSun.x / uSun.z * gx - uSun.y / uSun.z * gy) * inversesqrt(1.0 + gx * gx + gy * gy);
  return clamp(lit, kShadeMin, kShadeMax);
}

// Lakes and rivers over the land, flat (unshaded), as much as they hide
// it: the cell's own when a cell covers a pixel or more, else the most any
// cell under the pixel holds (levels of maxima), so a river one cell wide
// stays a line on a map shown smaller than its cells.
vec3 withWaterBodies(vec3 land, ivec2 cell, float cellsPerPixel) {
  if (!uHasWaterBodies) return land;
  float alpha = cellsPerPixel <= 1.0
                    ? texelFetch(uWaterBodies, cell, 0).g
                    : textureLod(uWaterBodies, (vec2(cell) + 0.5) / vec2(uSize), log2(cellsPerPixel)).g;
  return mix(land, uInlandWaterColor, alpha);
}

void main() {
  // Pixels per cell: the whole map fits (letterboxed) at zoom 1.
  vec2 size = vec2(uSize);
  float scale = min(uViewport.z / size.x, uViewport.w / size.y) * uZoom;
  vec2 fromCenter = gl_FragCoord.xy - uViewport.xy - 0.5 * uViewport.zw;
  vec2 cellPos = vec2(fromCenter.x, -fromCenter.y) / scale + uCenter * size;
  bool inside = all(greaterThanEqual(cellPos, vec2(0.0))) && all(lessThan(cellPos, size));
  bool copy = !inside && uWraps && all(greaterThanEqual(cellPos, -size)) &&
              all(lessThan(cellPos, 2.0 * size));
  if (!inside && !copy) {
    fragColor = vec4(kBackground, 1.0);
    return;
  }
  ivec2 cell = clamp(ivec2(floor(mod(cellPos, size))), ivec2(0), uSize - 1);
  float h = heightAt(cell);
  vec3 color = terrainColor(h);
  if (uHillshade && !isUnderWater(h)) color *= hillshade(cell);  // water stays flat
  color = min(color, vec3(1.0));
  if (!(uShowOverlay && uOverlaySplat)) color = withWaterBodies(color, cell, 1.0 / scale);
  if (copy) {
    fragColor = vec4(mix(kBackground, color, kCopyStrength), 1.0);
    return;
  }
  if (uShowOverlay && uOverlaySplat) {
    // The land in its materials' colours blended by their weights (they sum
    // to 1), shaded so slopes keep their form, as the 3D view draws them;
    // water stays drawn over them (the splat map's sediment under the sea).
    if (!isUnderWater(h)) {
      vec3 ground = splatColor(texelFetch(uOverlay, cell, 0));
      if (uHillshade) ground *= hillshade(cell);
      color = withWaterBodies(min(ground, vec3(1.0)), cell, 1.0 / scale);
    }
  } else if (uShowOverlay) {
    color = maskOver(color, texelFetch(uOverlay, cell, 0).r);
  }
  if (MARK_ROW && uMarkRow >= 0) {
    float pixelsFromRow = abs(cellPos.y - (float(uMarkRow) + 0.5)) * scale;
    if (pixelsFromRow < kMarkerHalfWidth) {
      color = kMarker;
    } else if (pixelsFromRow < kMarkerHalfWidth + kMarkerEdge) {
      color *= 0.3;
    }
  }
  fragColor = vec4(color, 1.0);
}
