#pragma once
// Saves the GL state the terrain passes change and restores it on scope
// exit, so the renderer can sit between ImGui's draws or inside a caller's
// framebuffer without surprising it.
#include <array>

#include <glad/gl.h>

namespace terrain::render {

class GlStateGuard {
 public:
  GlStateGuard();
  ~GlStateGuard();
  GlStateGuard(const GlStateGuard&) = delete;
  GlStateGuard& operator=(const GlStateGuard&) = delete;

 private:
  std::array<GLint, 4> viewport_{};
  std::array<GLint, 4> scissorBox_{};
  std::array<GLint, 2> polygonMode_{};
  GLboolean scissorTest_ = GL_FALSE;
  GLboolean depthTest_ = GL_FALSE;
  GLboolean blend_ = GL_FALSE;
  GLboolean cullFace_ = GL_FALSE;
  GLboolean polygonOffsetFill_ = GL_FALSE;
  GLboolean depthMask_ = GL_TRUE;
  GLint depthFunc_ = GL_LESS;
  GLint blendSrcRgb_ = GL_ONE;
  GLint blendDstRgb_ = GL_ZERO;
  GLint blendSrcAlpha_ = GL_ONE;
  GLint blendDstAlpha_ = GL_ZERO;
  GLint program_ = 0;
  GLint vertexArray_ = 0;
  GLint activeTexture_ = GL_TEXTURE0;
  std::array<GLint, 4> textures_{};  // units 0..3, the ones the passes use
};

// Restores the caller's draw and read framebuffer bindings, also when an
// offscreen pass throws.
class FramebufferBindingGuard {
 public:
  FramebufferBindingGuard();
  ~FramebufferBindingGuard();
  FramebufferBindingGuard(const FramebufferBindingGuard&) = delete;
  FramebufferBindingGuard& operator=(const FramebufferBindingGuard&) = delete;

 private:
  GLint draw_ = 0;
  GLint read_ = 0;
};

}  // namespace terrain::render
