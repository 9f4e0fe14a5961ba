// Shared by instance.vert and instance_far.vert: where an instance stands
// in the 3D view's world (x east, y up, z south) and which way is its up.
uniform mat4 uViewProjection;
uniform vec2 uExtent;         // map size in world units (x, z); the longer side is 1
uniform float uExaggeration;  // world height of height 1.0
uniform vec2 uSizeWorld;      // the species' width and height at scale 1, world units
uniform vec2 uWorldPerMetre;  // world units per metre: across the map, up the heights
uniform float uMinPixels;     // drawn at least this tall on screen (a far tree stays a dot)
uniform float uPixelsPerClip; // viewport height / 2 * projection[1][1]: pixels per world unit at w 1

// place: u, v (0..1, v south), height 0..1.
vec3 instanceBase(vec3 place) {
  return vec3((place.x - 0.5) * uExtent.x, place.z * uExaggeration, (place.y - 0.5) * uExtent.y);
}

// up: in map space (x east, y south, z up), a normal of the ground in
// metres: scaled by the inverse of the metres' stretch it stays one in the
// exaggerated world.
vec3 instanceUp(vec3 up) {
  return normalize(vec3(up.x / uWorldPerMetre.x, up.z / uWorldPerMetre.y, up.y / uWorldPerMetre.x));
}

// Pixels an instance of this scale stands tall, seen at clip w.
float instancePixels(float scale, float w) {
  return uSizeWorld.y * scale * uPixelsPerClip / max(w, 1e-6);
}
