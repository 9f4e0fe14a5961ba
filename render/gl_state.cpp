#include "render/gl_state.hpp"

namespace terrain::render {
namespace {

void setEnabled(GLenum capability, GLboolean enabled) {
  if (enabled == GL_TRUE) {
    glEnable(capability);
  } else {
    glDisable(capability);
  }
}

}  // namespace

GlStateGuard::GlStateGuard() {
  glGetIntegerv(GL_VIEWPORT, viewport_.data());
  glGetIntegerv(GL_SCISSOR_BOX, scissorBox_.data());
  glGetIntegerv(GL_POLYGON_MODE, polygonMode_.data());
  scissorTest_ = glIsEnabled(GL_SCISSOR_TEST);
  depthTest_ = glIsEnabled(GL_DEPTH_TEST);
  blend_ = glIsEnabled(GL_BLEND);
  cullFace_ = glIsEnabled(GL_CULL_FACE);
  polygonOffsetFill_ = glIsEnabled(GL_POLYGON_OFFSET_FILL);
  glGetBooleanv(GL_DEPTH_WRITEMASK, &depthMask_);
  glGetIntegerv(GL_DEPTH_FUNC, &depthFunc_);
  glGetIntegerv(GL_BLEND_SRC_RGB, &blendSrcRgb_);
  glGetIntegerv(GL_BLEND_DST_RGB, &blendDstRgb_);
  glGetIntegerv(GL_BLEND_SRC_ALPHA, &blendSrcAlpha_);
  glGetIntegerv(GL_BLEND_DST_ALPHA, &blendDstAlpha_);
  glGetIntegerv(GL_CURRENT_PROGRAM, &program_);
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vertexArray_);
  glGetIntegerv(GL_ACTIVE_TEXTURE, &activeTexture_);
  for (GLuint unit = 0; unit < textures_.size(); ++unit) {
    glActiveTexture(GL_TEXTURE0 + unit);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &textures_[unit]);
  }
  glActiveTexture(static_cast<GLenum>(activeTexture_));
}

GlStateGuard::~GlStateGuard() {
  for (GLuint unit = 0; unit < textures_.size(); ++unit) {
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(textures_[unit]));
  }
  glActiveTexture(static_cast<GLenum>(activeTexture_));
  glBindVertexArray(static_cast<GLuint>(vertexArray_));
  glUseProgram(static_cast<GLuint>(program_));
  glBlendFuncSeparate(static_cast<GLenum>(blendSrcRgb_), static_cast<GLenum>(blendDstRgb_),
                      static_cast<GLenum>(blendSrcAlpha_), static_cast<GLenum>(blendDstAlpha_));
  glDepthFunc(static_cast<GLenum>(depthFunc_));
  glDepthMask(depthMask_);
  setEnabled(GL_POLYGON_OFFSET_FILL, polygonOffsetFill_);
  setEnabled(GL_CULL_FACE, cullFace_);
  setEnabled(GL_BLEND, blend_);
  setEnabled(GL_DEPTH_TEST, depthTest_);
  setEnabled(GL_SCISSOR_TEST, scissorTest_);
  // Core profile keeps one mode for both faces; GL_POLYGON_MODE reports it twice.
  glPolygonMode(GL_FRONT_AND_BACK, static_cast<GLenum>(polygonMode_[0]));
  glScissor(scissorBox_[0], scissorBox_[1], scissorBox_[2], scissorBox_[3]);
  glViewport(viewport_[0], viewport_[1], viewport_[2], viewport_[3]);
}

FramebufferBindingGuard::FramebufferBindingGuard() {
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_);
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_);
}

FramebufferBindingGuard::~FramebufferBindingGuard() {
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(draw_));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(read_));
}

}  // namespace terrain::render
