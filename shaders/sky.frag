#version 330 core
// Background of the 3D view.
#include "sky.glsl"

in vec2 vUv;
out vec4 fragColor;

void main() { fragColor = vec4(skyColor(vUv.y), 1.0); }
