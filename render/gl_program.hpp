#pragma once
// Shaders and programs as move-only owners. Compile and link errors throw
// std::runtime_error starting with the shader's file name, e.g.
// "mesh.frag: 0:12(3): error: ...", so a broken shader is found at once.
#include <string>
#include <string_view>

#include <glad/gl.h>
#include <glm/glm.hpp>

#include "render/gl_objects.hpp"

namespace terrain::render::gl {

namespace detail {
struct ShaderDeleter {
  static void destroy(GLuint id) { glDeleteShader(id); }
};
struct ProgramDeleter {
  static void destroy(GLuint id) { glDeleteProgram(id); }
};
}  // namespace detail

// One stage's source and the file it came from (used in error messages).
struct ShaderSource {
  std::string_view name;    // e.g. "mesh.vert"
  std::string_view source;  // GLSL, starting with #version
};

class Shader : public detail::Handle<detail::ShaderDeleter> {
 public:
  using Handle::Handle;
  // stage: GL_VERTEX_SHADER or GL_FRAGMENT_SHADER. Throws on compile errors.
  static Shader compile(GLenum stage, const ShaderSource& source);
};

class Program : public detail::Handle<detail::ProgramDeleter> {
 public:
  using Handle::Handle;
  // Throws naming the failing shader file (or both names for a link error).
  static Program link(const ShaderSource& vertex, const ShaderSource& fragment);

  void use() const { glUseProgram(id()); }
  // -1 when the uniform is unknown or optimised away (setters then do nothing).
  GLint location(const char* uniform) const { return glGetUniformLocation(id(), uniform); }
  // Setters need the program in use.
  void set(const char* uniform, int value) const { glUniform1i(location(uniform), value); }
  void set(const char* uniform, float value) const { glUniform1f(location(uniform), value); }
  void set(const char* uniform, glm::vec2 v) const { glUniform2f(location(uniform), v.x, v.y); }
  void set(const char* uniform, glm::ivec2 v) const { glUniform2i(location(uniform), v.x, v.y); }
  void set(const char* uniform, const glm::vec3& v) const {
    glUniform3f(location(uniform), v.x, v.y, v.z);
  }
  void set(const char* uniform, const glm::vec4& v) const {
    glUniform4f(location(uniform), v.x, v.y, v.z, v.w);
  }
  void set(const char* uniform, const glm::mat4& m) const;
};

// Convenience for tests and tools: compile + link from sources with names.
inline Program compileProgram(std::string_view vertexName, std::string_view vertexSource,
                              std::string_view fragmentName, std::string_view fragmentSource) {
  return Program::link({vertexName, vertexSource}, {fragmentName, fragmentSource});
}

}  // namespace terrain::render::gl
