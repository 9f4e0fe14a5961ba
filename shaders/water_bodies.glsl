// Lakes and rivers (core/look/water_look.hpp), laid out like uHeights:
// R the water's depth over the ground in height units, G how much of the
// cell it hides (0 dry or sea .. 1). The sea is the water level's plane.
uniform sampler2D uWaterBodies;  // RG16F, bilinear
#ifdef WATER_BODIES  // fixed per program (render/shader_library.hpp's ProgramVariants)
const bool uHasWaterBodies = WATER_BODIES;
#else
uniform bool uHasWaterBodies;
#endif
uniform vec3 uInlandWaterColor;  // core/look/water_look.hpp's kInlandWaterColor
