#pragma once
// Move-only owners of OpenGL objects (Magnum style): copy is deleted, a move
// leaves the source empty (id 0), the destructor deletes. Every wrapper needs
// a current OpenGL 3.3 core context with glad loaded, for creation and for
// destruction alike.
#include <utility>

#include <glad/gl.h>

namespace terrain::render::gl {

namespace detail {

// Owns one GL name; Deleter::destroy(id) frees it. id 0 means "empty".
template <class Deleter>
class Handle {
 public:
  Handle() = default;
  explicit Handle(GLuint id) : id_(id) {}
  ~Handle() { reset(); }
  Handle(Handle&& other) noexcept : id_(std::exchange(other.id_, 0u)) {}
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = std::exchange(other.id_, 0u);
    }
    return *this;
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  GLuint id() const { return id_; }
  explicit operator bool() const { return id_ != 0; }
  void reset() {
    if (id_ != 0) Deleter::destroy(id_);
    id_ = 0;
  }

 private:
  GLuint id_ = 0;
};

struct BufferDeleter {
  static void destroy(GLuint id) { glDeleteBuffers(1, &id); }
};
struct VertexArrayDeleter {
  static void destroy(GLuint id) { glDeleteVertexArrays(1, &id); }
};
struct TextureDeleter {
  static void destroy(GLuint id) { glDeleteTextures(1, &id); }
};
struct SamplerDeleter {
  static void destroy(GLuint id) { glDeleteSamplers(1, &id); }
};
struct FramebufferDeleter {
  static void destroy(GLuint id) { glDeleteFramebuffers(1, &id); }
};
struct RenderbufferDeleter {
  static void destroy(GLuint id) { glDeleteRenderbuffers(1, &id); }
};

}  // namespace detail

// Vertex or index data. Default-constructed = empty; create() allocates a name.
class Buffer : public detail::Handle<detail::BufferDeleter> {
 public:
  using Handle::Handle;
  static Buffer create();
  // Binds to target and (re)allocates with the given bytes.
  void upload(GLenum target, const void* data, GLsizeiptr bytes, GLenum usage = GL_STATIC_DRAW);
};

class VertexArray : public detail::Handle<detail::VertexArrayDeleter> {
 public:
  using Handle::Handle;
  static VertexArray create();
  void bind() const { glBindVertexArray(id()); }
};

// A 2D texture. The wrapper only owns the name; callers set formats, since
// heights (R32F) and ramps (RGB8) want different ones.
class Texture : public detail::Handle<detail::TextureDeleter> {
 public:
  using Handle::Handle;
  static Texture create();
  // Binds to GL_TEXTURE_2D on the given unit (0, 1, ...).
  void bind(GLuint unit) const;
  // Sets min/mag filter and clamp-to-edge wrapping; texture must be bound.
  static void setSampling2D(GLenum filter);
};

// Sampling state kept apart from a texture: lets the 3D pass read the heights
// bilinearly while the map view keeps the texture's own GL_NEAREST.
class Sampler : public detail::Handle<detail::SamplerDeleter> {
 public:
  using Handle::Handle;
  static Sampler create(GLenum filter);
  void bind(GLuint unit) const { glBindSampler(unit, id()); }
};

class Renderbuffer : public detail::Handle<detail::RenderbufferDeleter> {
 public:
  using Handle::Handle;
  static Renderbuffer create(GLenum internalFormat, GLsizei width, GLsizei height);
};

class Framebuffer : public detail::Handle<detail::FramebufferDeleter> {
 public:
  using Handle::Handle;
  static Framebuffer create();
  void bind(GLenum target = GL_FRAMEBUFFER) const { glBindFramebuffer(target, id()); }
};

}  // namespace terrain::render::gl
