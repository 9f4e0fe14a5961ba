#version 330 core
// Translucent water (article 004): alpha-blended over the ground below the
// level; deeper water is darker and more opaque, grazing views more
// reflective, with a soft sun glint. The walls show the water's cut sides.
#include "heights.glsl"
#include "ramp.glsl"

uniform vec3 uEye;           // camera position, world space
uniform vec3 uSunDirection;  // towards the sun
uniform float uExaggeration;

in vec2 vUv;
in vec3 vWorld;
flat in int vFace;  // 0 surface, 1..4 walls (north, south, west, east)
out vec4 fragColor;

const vec3 kWallNormals[4] = vec3[4](vec3(0.0, 0.0, -1.0), vec3(0.0, 0.0, 1.0),
                                     vec3(-1.0, 0.0, 0.0), vec3(1.0, 0.0, 0.0));

void main() {
  float ground = heightAt(vUv, footprintLod(dFdx(vUv), dFdy(vUv)));  // the shore as clean as the land
  if (vFace > 0) {
    // A wall only where it is above the ground (the soil skirt shows below).
    if (vWorld.y <= ground * uExaggeration) discard;
    float h = vWorld.y / max(uExaggeration, 1e-6);
    float light = 0.6 + 0.4 * max(dot(kWallNormals[vFace - 1], uSunDirection), 0.0);
    fragColor = vec4(waterColor(h) * light, 0.8);
    return;
  }
  // The surface only over low ground: keeps it off dry land even when flat
  // (exaggeration 0 puts both at the same depth).
  if (ground >= uWater) discard;
  float depth = clamp((uWater - ground) / max(uWater, 1e-6), 0.0, 1.0);  // 0 shore .. 1 deepest
  vec3 toEye = normalize(uEye - vWorld);
  float grazing = 1.0 - abs(toEye.y);
  float alpha = clamp(mix(0.45, 0.9, sqrt(depth)) + 0.3 * grazing * grazing * grazing, 0.0, 0.95);
  vec3 halfway = normalize(toEye + uSunDirection);
  float glint = pow(max(halfway.y, 0.0), 300.0) * 0.5;
  vec3 color = waterColor(ground) * (0.8 + 0.3 * uSunDirection.y) + vec3(glint);
  fragColor = vec4(color, alpha);
}
