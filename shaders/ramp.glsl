// Height to colour, as core's ColorRamp::colorAt: land stops span
// [water, 1], water stops span [0, water) deepest first; a ramp without water
// stops spans [0, 1] and ignores the water level.
uniform sampler2D uLandRamp;   // 256x1 RGB8 table, linear filtering
uniform sampler2D uWaterRamp;  // 256x1 RGB8 table (unused when !uHasWater)
#ifdef HAS_WATER  // fixed per program (render/shader_library.hpp's ProgramVariants)
const bool uHasWater = HAS_WATER;
#else
uniform bool uHasWater;
#endif
uniform float uWater;          // water level, 0..1

vec3 rampLookup(sampler2D ramp, float t) {
  // Entry i sits at the texel centre (i + 0.5) / 256; filtering interpolates.
  return texture(ramp, vec2((clamp(t, 0.0, 1.0) * 255.0 + 0.5) / 256.0, 0.5)).rgb;
}

bool isUnderWater(float h) { return uHasWater && h < uWater; }

vec3 landColor(float h) {
  if (!uHasWater) return rampLookup(uLandRamp, h);
  return rampLookup(uLandRamp, (h - uWater) / max(1.0 - uWater, 1e-6));
}

vec3 waterColor(float h) { return rampLookup(uWaterRamp, h / max(uWater, 1e-6)); }

vec3 terrainColor(float h) {
  h = clamp(h, 0.0, 1.0);
  return isUnderWater(h) ? waterColor(h) : landColor(h);
}
