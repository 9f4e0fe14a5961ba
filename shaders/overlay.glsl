// The overlay over the terrain (the map view and the 3D view): a mask in
// one colour, or the splat map's five material weights.
// R8 mask 0..1, or RGBA8 splat weights of rock, sediment, snow and wet ground
// (grass is what they leave: render/terrain_textures.cpp), laid out like uHeights
uniform sampler2D uOverlay;
#ifdef SHOW_OVERLAY  // fixed per program (render/shader_library.hpp's ProgramVariants)
const bool uShowOverlay = SHOW_OVERLAY;
#else
uniform bool uShowOverlay;
#endif
uniform vec3 uOverlayColor;    // a mask's colour
// uOverlay holds the splat map (core/look/splat.hpp), not a mask
#ifdef OVERLAY_SPLAT  // fixed per program (render/shader_library.hpp's ProgramVariants)
const bool uOverlaySplat = OVERLAY_SPLAT;
#else
uniform bool uOverlaySplat;
#endif
uniform vec3 uSplatColors[5];  // grass, rock, sediment, snow, wet ground
// a mask drawn as its own grey (0 black .. 1 white), not a colour
#ifdef OVERLAY_GREY  // fixed per program (render/shader_library.hpp's ProgramVariants)
const bool uOverlayGrey = OVERLAY_GREY;
#else
uniform bool uOverlayGrey;
#endif

// A mask over the terrain's colour. As a colour: most of it where the mask
// is 1, none where it is 0, so the terrain stays readable under a faint
// mask and unmasked ground is untouched. As greys: the mask's value over
// all the land, with a little of the terrain left to keep its form.
vec3 maskOver(vec3 base, float mask) {
  if (uOverlayGrey) return mix(base, vec3(mask), 0.85);
  return mix(base, uOverlayColor, 0.85 * mask);
}

// The materials' colours blended by the weights (they sum to 1; `w` holds all
// but grass), each brightened by its detail (grass's apart).
vec3 splatColor(vec4 w, vec4 detail, float grassDetail) {
  float grass = max(1.0 - (w.r + w.g + w.b + w.a), 0.0);
  w *= detail;
  return grass * grassDetail * uSplatColors[0] + w.r * uSplatColors[1] + w.g * uSplatColors[2] +
         w.b * uSplatColors[3] + w.a * uSplatColors[4];
}
vec3 splatColor(vec4 w) {
  return splatColor(w, vec4(1.0), 1.0);
}
