// The overlay over the terrain (the map view and the 3D view): a mask in
// one colour, or the splat map's four material weights.
uniform sampler2D uOverlay;  // R8 mask 0..1, or RGBA8 splat weights, laid out like uHeights
uniform bool uShowOverlay;
uniform vec3 uOverlayColor;    // a mask's colour
uniform bool uOverlaySplat;    // uOverlay holds the splat map (core/look/splat.hpp), not a mask
uniform vec3 uSplatColors[4];  // grass, rock, sediment, snow: the weights' channel order

// The materials' colours blended by the weights (they sum to 1).
vec3 splatColor(vec4 w) {
  return w.r * uSplatColors[0] + w.g * uSplatColors[1] + w.b * uSplatColors[2] +
         w.a * uSplatColors[3];
}
