#include "render/ambient_occlusion.hpp"

#include <algorithm>
#include <stdexcept>

#include "render/mesh_geometry.hpp"
#include "render/shader_library.hpp"

namespace terrain::render {

AmbientOcclusion::AmbientOcclusion()
    : program_(loadProgram("fullscreen.vert", "ambient_occlusion.frag")),
      empty_(gl::VertexArray::create()) {}

void AmbientOcclusion::update(const TerrainTextures& textures, float exaggeration) {
  const int width = std::max(2, (textures.textureWidth + 1) / 2);
  const int height = std::max(2, (textures.textureHeight + 1) / 2);
  const bool stale = textures.heightsVersion != heightsVersion_ || exaggeration != exaggeration_ ||
                     width != width_ || height != height_;
  if (stale) {
    if (!texture_ || width != width_ || height != height_) {
      texture_ = gl::Texture::create();
      texture_.bind(kAmbientOcclusionUnit);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, width, height, 0, GL_RED, GL_UNSIGNED_BYTE, nullptr);
      gl::Texture::setSampling2D(GL_LINEAR);
      if (!framebuffer_) framebuffer_ = gl::Framebuffer::create();
    }
    GLint drawFramebuffer = 0;
    GLint viewport[4] = {};
    GLint program = 0;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &drawFramebuffer);
    glGetIntegerv(GL_VIEWPORT, viewport);
    glGetIntegerv(GL_CURRENT_PROGRAM, &program);
    const GLboolean scissor = glIsEnabled(GL_SCISSOR_TEST);
    const GLboolean depth = glIsEnabled(GL_DEPTH_TEST);
    framebuffer_.bind();
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_.id(), 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(drawFramebuffer));
      throw std::runtime_error("ambient occlusion: the driver rejects an R8 framebuffer");
    }
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_DEPTH_TEST);
    glViewport(0, 0, width, height);
    textures.bind();
    program_.use();
    program_.set("uHeights", static_cast<int>(kHeightsUnit));
    program_.set("uSize", glm::ivec2(textures.textureWidth, textures.textureHeight));
    program_.set("uAoSize", glm::ivec2(width, height));
    program_.set("uExtent", mapExtent({textures.textureWidth, textures.textureHeight}));
    program_.set("uExaggeration", exaggeration);
    empty_.bind();
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(drawFramebuffer));
    glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
    if (scissor) glEnable(GL_SCISSOR_TEST);
    if (depth) glEnable(GL_DEPTH_TEST);
    glUseProgram(static_cast<GLuint>(program));
    width_ = width;
    height_ = height;
    heightsVersion_ = textures.heightsVersion;
    exaggeration_ = exaggeration;
  }
  texture_.bind(kAmbientOcclusionUnit);
  glActiveTexture(GL_TEXTURE0);
}

}  // namespace terrain::render
