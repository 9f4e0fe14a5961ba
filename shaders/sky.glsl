// A clear-day sky: pale haze at the horizon to a calm blue overhead.
// t: 0 at the horizon (bottom of the view) .. 1 at the top.
vec3 skyColor(float t) {
  const vec3 horizon = vec3(0.86, 0.91, 0.96);
  const vec3 zenith = vec3(0.38, 0.60, 0.86);
  return mix(horizon, zenith, smoothstep(0.0, 1.0, clamp(t, 0.0, 1.0)));
}
