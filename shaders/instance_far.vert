#version 330 core
// Scattered instances too far to show a shape (a few pixels tall): one
// point each, as tall as the shape would stand, lit as the shape's top.
#include "instance.glsl"

layout(location = 2) in vec4 aPlace;  // u, v (0..1, v south), height 0..1, scale
layout(location = 3) in vec4 aUp;     // up (x east, y south, z up), rotation in radians

uniform float uAspect;  // width / height of the species as drawn
// Past the pass's point budget a share of the instances is drawn, this
// much larger, standing for the rest.
uniform float uGrow;

out vec3 vNormal;

void main() {
  vec3 base = instanceBase(aPlace.xyz);
  vec3 up = instanceUp(aUp.xyz);
  vec4 clip = uViewProjection * vec4(base + up * (0.5 * uSizeWorld.y * aPlace.w), 1.0);
  vNormal = up;
  gl_Position = clip;
  gl_PointSize = max(uMinPixels, instancePixels(aPlace.w, clip.w) * max(uAspect, 1.0)) * uGrow;
}
