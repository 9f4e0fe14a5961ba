#pragma once
// The 3D view's ambient occlusion (shaders/ambient_occlusion.frag): how much
// sky each point of the heights sees, computed on the GPU into a texture at
// about half the map's resolution, at most kMaxAmbientOcclusionSide along
// the longer side (a soft term), again only when the map or the
// exaggeration changes. The mesh pass darkens its sky light by it.
//
// A new term can be made in bands of rows over several frames into a
// second texture while the last complete one stays shown: a 1025 map's
// 513^2 texels took 114 ms in one frame (issue 38 item 11: no frame over
// 100 ms when a map lands).
#include <cstdint>

#include "render/gl_objects.hpp"
#include "render/gl_program.hpp"
#include "render/terrain_textures.hpp"

namespace terrain::render {

inline constexpr GLuint kAmbientOcclusionUnit = 4;
// Its distances are shares of the map, so a 2049 or 4097 map's occlusion at
// this side is the 1025 map's term, not a finer one; at half their side
// the 3D view's first frame of a 2049 map spent ~0.45 s and of a 4097 map
// ~1.8 s on it (issue 38 item 11).
inline constexpr int kMaxAmbientOcclusionSide = 513;
// Texels made per band: about 25 ms on llvmpipe here (a 513^2 term in 5).
inline constexpr int kAmbientOcclusionBandTexels = 104 * 513;

class AmbientOcclusion {
 public:
  AmbientOcclusion();
  // Brings the term for these heights and exaggeration along: all of it
  // when `whole`, else one more band. Returns whether the shown texture is
  // now that term; binds the shown texture (the last complete one) to
  // kAmbientOcclusionUnit. Keeps the caller's framebuffer, viewport,
  // scissor and program as they were. Heightmaps only.
  bool update(const TerrainTextures& textures, float exaggeration, bool whole);
  // Whether a term for these heights (at any exaggeration) is shown.
  bool showsHeights(const TerrainTextures& textures) const {
    return shown_.texture && shown_.heightsVersion == textures.heightsVersion;
  }
  glm::ivec2 size() const { return shown_.size; }  // of the shown texture
  void bindShown() const;                          // to kAmbientOcclusionUnit, as update does

 private:
  struct Term {
    gl::Texture texture;
    glm::ivec2 size{0};
    std::uint64_t heightsVersion = 0;
    float exaggeration = -1.0f;
    int rowsDone = 0;  // of a term being made
    bool matches(const TerrainTextures& textures, float e, glm::ivec2 s) const {
      return texture && heightsVersion == textures.heightsVersion && exaggeration == e && size == s;
    }
  };
  // Draws rows [first, end) of next_ for `textures`.
  void drawRows(const TerrainTextures& textures, int first, int end);

  gl::Program program_;
  gl::VertexArray empty_;
  gl::Framebuffer framebuffer_;
  Term shown_;  // complete
  Term next_;   // being made
};

}  // namespace terrain::render
