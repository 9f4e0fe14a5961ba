#include "render/ambient_occlusion.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "render/mesh_geometry.hpp"
#include "render/shader_library.hpp"

namespace terrain::render {
namespace {

// About half the map's samples a side, the longer side at most
// kMaxAmbientOcclusionSide (the shorter in proportion).
glm::ivec2 occlusionSize(int textureWidth, int textureHeight) {
  const int longest = std::max(textureWidth, textureHeight);
  const int side = std::min((longest + 1) / 2, kMaxAmbientOcclusionSide);
  const auto scaled = [&](int samples) {
    const long long texels = (static_cast<long long>(samples) * side + longest - 1) / longest;
    return std::max(2, static_cast<int>(texels));
  };
  return {scaled(textureWidth), scaled(textureHeight)};
}

}  // namespace

AmbientOcclusion::AmbientOcclusion()
    : program_(loadProgram("fullscreen.vert", "ambient_occlusion.frag")),
      empty_(gl::VertexArray::create()) {}

bool AmbientOcclusion::update(const TerrainTextures& textures, float exaggeration, bool whole) {
  const glm::ivec2 size = occlusionSize(textures.textureWidth, textures.textureHeight);
  bool current = shown_.matches(textures, exaggeration, size);
  if (!current) {
    if (!next_.matches(textures, exaggeration, size)) {  // start it (again)
      if (!next_.texture || next_.size != size) {
        next_.texture = gl::Texture::create();
        next_.texture.bind(kAmbientOcclusionUnit);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, size.x, size.y, 0, GL_RED, GL_UNSIGNED_BYTE, nullptr);
        gl::Texture::setSampling2D(GL_LINEAR);
        next_.size = size;
      }
      next_.heightsVersion = textures.heightsVersion;
      next_.exaggeration = exaggeration;
      next_.rowsDone = 0;
    }
    const int band = std::max(1, kAmbientOcclusionBandTexels / size.x);
    const int end = whole ? size.y : std::min(size.y, next_.rowsDone + band);
    drawRows(textures, next_.rowsDone, end);
    next_.rowsDone = end;
    if (end == size.y) {
      std::swap(shown_, next_);  // the old texture is the next one's, same size or not
      current = true;
    }
  }
  bindShown();
  return current;
}

void AmbientOcclusion::bindShown() const {
  if (shown_.texture) shown_.texture.bind(kAmbientOcclusionUnit);
  glActiveTexture(GL_TEXTURE0);
}

void AmbientOcclusion::drawRows(const TerrainTextures& textures, int first, int end) {
  GLint drawFramebuffer = 0;
  GLint viewport[4] = {};
  GLint scissorBox[4] = {};
  GLint program = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &drawFramebuffer);
  glGetIntegerv(GL_VIEWPORT, viewport);
  glGetIntegerv(GL_SCISSOR_BOX, scissorBox);
  glGetIntegerv(GL_CURRENT_PROGRAM, &program);
  const GLboolean scissor = glIsEnabled(GL_SCISSOR_TEST);
  const GLboolean depth = glIsEnabled(GL_DEPTH_TEST);
  if (!framebuffer_) framebuffer_ = gl::Framebuffer::create();
  framebuffer_.bind();
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, next_.texture.id(),
                         0);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(drawFramebuffer));
    throw std::runtime_error("ambient occlusion: the driver rejects an R8 framebuffer");
  }
  // The whole texture's viewport places each texel (gl_FragCoord); the
  // scissor keeps the band.
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, first, next_.size.x, end - first);
  glDisable(GL_DEPTH_TEST);
  glViewport(0, 0, next_.size.x, next_.size.y);
  textures.bind();
  program_.use();
  program_.set("uHeights", static_cast<int>(kHeightsUnit));
  program_.set("uSize", glm::ivec2(textures.textureWidth, textures.textureHeight));
  program_.set("uAoSize", next_.size);
  program_.set("uExtent", mapExtent({textures.textureWidth, textures.textureHeight}));
  program_.set("uExaggeration", next_.exaggeration);
  empty_.bind();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(drawFramebuffer));
  glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
  glScissor(scissorBox[0], scissorBox[1], scissorBox[2], scissorBox[3]);
  if (!scissor) glDisable(GL_SCISSOR_TEST);
  if (depth) glEnable(GL_DEPTH_TEST);
  // A program deleted while in use is gone once another replaced it.
  const auto previous = static_cast<GLuint>(program);
  glUseProgram(glIsProgram(previous) == GL_TRUE ? previous : 0);
}

}  // namespace terrain::render
