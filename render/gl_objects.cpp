#include "render/gl_objects.hpp"

#include <stdexcept>
#include <string>

namespace terrain::render::gl {
namespace {

// glGen* only fails without a context; a 0 name would silently do nothing.
GLuint checkedName(GLuint id, const char* what) {
  if (id == 0) throw std::runtime_error(std::string("OpenGL: could not create a ") + what);
  return id;
}

}  // namespace

Buffer Buffer::create() {
  GLuint id = 0;
  glGenBuffers(1, &id);
  return Buffer(checkedName(id, "buffer"));
}

void Buffer::upload(GLenum target, const void* data, GLsizeiptr bytes, GLenum usage) {
  glBindBuffer(target, id());
  glBufferData(target, bytes, data, usage);
}

VertexArray VertexArray::create() {
  GLuint id = 0;
  glGenVertexArrays(1, &id);
  return VertexArray(checkedName(id, "vertex array"));
}

Texture Texture::create() {
  GLuint id = 0;
  glGenTextures(1, &id);
  return Texture(checkedName(id, "texture"));
}

void Texture::bind(GLuint unit) const {
  glActiveTexture(GL_TEXTURE0 + unit);
  glBindTexture(GL_TEXTURE_2D, id());
}

void Texture::setSampling2D(GLenum filter) {
  const auto f = static_cast<GLint>(filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, f);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, f);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
}

Sampler Sampler::create(GLenum filter) {
  GLuint id = 0;
  glGenSamplers(1, &id);
  Sampler sampler(checkedName(id, "sampler"));
  const auto f = static_cast<GLint>(filter);
  glSamplerParameteri(id, GL_TEXTURE_MIN_FILTER, f);
  glSamplerParameteri(id, GL_TEXTURE_MAG_FILTER, f);
  glSamplerParameteri(id, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glSamplerParameteri(id, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  return sampler;
}

Renderbuffer Renderbuffer::create(GLenum internalFormat, GLsizei width, GLsizei height) {
  GLuint id = 0;
  glGenRenderbuffers(1, &id);
  Renderbuffer rb(checkedName(id, "renderbuffer"));
  glBindRenderbuffer(GL_RENDERBUFFER, id);
  glRenderbufferStorage(GL_RENDERBUFFER, internalFormat, width, height);
  glBindRenderbuffer(GL_RENDERBUFFER, 0);
  return rb;
}

Framebuffer Framebuffer::create() {
  GLuint id = 0;
  glGenFramebuffers(1, &id);
  return Framebuffer(checkedName(id, "framebuffer"));
}

}  // namespace terrain::render::gl
