#version 330 core
// Terrain surface: normal and colour per fragment from the heights averaged
// over the pixel's footprint (full resolution up close; the grid may be
// coarser), Lambert sun plus sky ambient. The overlay colours the land: the
// splat map's materials (what the engine gets), or a mask.
#include "heights.glsl"
#include "ramp.glsl"
#include "overlay.glsl"
#include "detail.glsl"

uniform vec2 uExtent;
uniform float uExaggeration;
uniform vec3 uSunDirection;  // towards the sun, world space, normalised
uniform float uBase;
uniform vec3 uEye;  // camera position, world space
uniform sampler2D uAmbientOcclusion;  // R8: the sky each point sees (ambient_occlusion.frag)
#ifdef AMBIENT_OCCLUSION  // fixed per program (render/shader_library.hpp's ProgramVariants)
const bool uShowAmbientOcclusion = AMBIENT_OCCLUSION;
#else
uniform bool uShowAmbientOcclusion;
#endif
uniform ivec2 uAoSize;

in vec2 vUv;
in float vSkirt;
in float vWorldY;
out vec4 fragColor;

const vec3 kSunColor = vec3(1.0, 0.96, 0.88);
const vec3 kAmbient = vec3(0.30, 0.33, 0.40);   // sky light, bluish
const vec3 kSoil = vec3(0.42, 0.33, 0.24);      // the block's cut sides

// Normal from the slopes: world slope = height change * exaggeration
// / world distance of one sample.
vec3 surfaceNormal(vec2 slopePerSample) {
  vec2 sampleSpacing = uExtent / vec2(max(uSize - 1, ivec2(1)));
  vec2 slope = slopePerSample * uExaggeration / sampleSpacing;
  return normalize(vec3(-slope.x, 1.0, -slope.y));
}

void main() {
  float lod = footprintLod(dFdx(vUv), dFdy(vUv));  // before any branch: it takes derivatives
  // The detail's place on the map (map units) and what a pixel spans of it
  // and of the height, for fading octaves finer than a pixel.
  vec2 mapPos = vUv * uExtent;
  float footprint = max(length(dFdx(mapPos)), length(dFdy(mapPos)));
  float heightFootprint = fwidth(vWorldY) / max(uExaggeration, 1e-6);
  vec2 fromCenter = vUv - 0.5;
  vec3 n = abs(fromCenter.x) > abs(fromCenter.y) ? vec3(sign(fromCenter.x), 0.0, 0.0)
                                                 : vec3(0.0, 0.0, sign(fromCenter.y));
  vec2 toEye = uEye.xz - fromCenter * uExtent;
  // A far side's top (seen from inside the block, where its finer outline
  // rises above the surface grid's edge) shows the terrain's edge.
  if (vSkirt > 0.5 && vSkirt < 1.5 && dot(n.xz, toEye) > 0.0) {
    // The block's cut sides: soil, darker towards the base, lit by their facing.
    float light = 0.55 + 0.45 * max(dot(n, uSunDirection), 0.0);
    float up = clamp((vWorldY - uBase) / max(uExaggeration, 1e-3), 0.0, 1.0);
    fragColor = vec4(kSoil * light * mix(0.6, 1.0, up), 1.0);
    return;
  }
  vec3 surface = surfaceAt(vUv, lod);
  float h = surface.x;
  float diffuse = max(dot(surfaceNormal(surface.yz), uSunDirection), 0.0);
  vec3 base = terrainColor(h);
  if (uShowOverlay && !isUnderWater(h)) {
    // The splat map's materials as they look, or a mask's colour over the
    // ramp's; lit like the terrain either way.
    vec4 overlay = texture(uOverlay, sampleCoord(vUv));
    if (uOverlaySplat) {
      // Each material's colour varied by its own detail, which averages to
      // 1: from afar the colours are the map view's.
      float grassDetail;
      vec4 detail = materialDetail(mapPos, footprint, h, heightFootprint, grassDetail);
      base = splatColor(overlay, detail, grassDetail);
    } else {
      base = maskOver(base, overlay.r);
    }
  }
  // Hidden sky dims the sky light fully and the sun a little (a soft shadow).
  float sky = 1.0;
  if (uShowAmbientOcclusion) {
    sky = texture(uAmbientOcclusion, (vUv * vec2(uAoSize - 1) + 0.5) / vec2(uAoSize)).r;
  }
  vec3 color = base * (kAmbient * sky + kSunColor * diffuse * mix(1.0, sky, 0.4));
  fragColor = vec4(color, 1.0);
}
