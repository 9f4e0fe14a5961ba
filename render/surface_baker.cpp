#include "render/surface_baker.hpp"

#include <stdexcept>
#include <string>

#include "render/gl_state.hpp"
#include "render/shader_library.hpp"

namespace terrain::render {

SurfaceBaker::SurfaceBaker()
    : program_(loadProgram("fullscreen.vert", "surface.frag")),
      empty_(gl::VertexArray::create()),
      framebuffer_(gl::Framebuffer::create()) {}

void SurfaceBaker::bake(TerrainTextures& textures) {
  if (textures.empty() || textures.isProfile()) {
    textures.surface.reset();
    return;
  }
  const FramebufferBindingGuard bindings;
  const GlStateGuard state;
  if (!textures.surface) textures.surface = gl::Texture::create();
  textures.surface.bind(kSurfaceUnit);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16F, textures.textureWidth, textures.textureHeight, 0,
               GL_RGBA, GL_FLOAT, nullptr);
  gl::Texture::setSampling2D(GL_LINEAR);

  framebuffer_.bind();
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                         textures.surface.id(), 0);
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    throw std::runtime_error("surface.frag: bake target incomplete (status " +
                             std::to_string(status) + ")");
  }
  glViewport(0, 0, textures.textureWidth, textures.textureHeight);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  textures.heights.bind(kHeightsUnit);
  program_.use();
  program_.set("uHeights", static_cast<int>(kHeightsUnit));
  empty_.bind();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  // Detach, so the texture is never sampled while it is a render target.
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
}

}  // namespace terrain::render
