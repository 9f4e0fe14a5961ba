#include "render/gl_program.hpp"

#include <stdexcept>
#include <vector>

#include <glm/gtc/type_ptr.hpp>

namespace terrain::render::gl {
namespace {

std::string shaderLog(GLuint shader) {
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::vector<char> log(static_cast<std::size_t>(length > 1 ? length : 1), '\0');
  glGetShaderInfoLog(shader, static_cast<GLsizei>(log.size()), nullptr, log.data());
  return log.data();
}

std::string programLog(GLuint program) {
  GLint length = 0;
  glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
  std::vector<char> log(static_cast<std::size_t>(length > 1 ? length : 1), '\0');
  glGetProgramInfoLog(program, static_cast<GLsizei>(log.size()), nullptr, log.data());
  return log.data();
}

// Drivers end logs with a newline; messages read better without it.
std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

}  // namespace

Shader Shader::compile(GLenum stage, const ShaderSource& source) {
  const GLuint id = glCreateShader(stage);
  if (id == 0) throw std::runtime_error(std::string(source.name) + ": glCreateShader failed");
  Shader shader(id);
  const GLchar* text = source.source.data();
  const auto length = static_cast<GLint>(source.source.size());
  glShaderSource(id, 1, &text, &length);
  glCompileShader(id);
  GLint ok = GL_FALSE;
  glGetShaderiv(id, GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    std::string log = trimmed(shaderLog(id));
    if (log.empty()) log = "compile failed (the driver gave no log)";
    throw std::runtime_error(std::string(source.name) + ": " + log);
  }
  return shader;
}

Program Program::link(const ShaderSource& vertex, const ShaderSource& fragment) {
  const Shader vs = Shader::compile(GL_VERTEX_SHADER, vertex);
  const Shader fs = Shader::compile(GL_FRAGMENT_SHADER, fragment);
  const GLuint id = glCreateProgram();
  if (id == 0) throw std::runtime_error(std::string(vertex.name) + ": glCreateProgram failed");
  Program program(id);
  glAttachShader(id, vs.id());
  glAttachShader(id, fs.id());
  glLinkProgram(id);
  glDetachShader(id, vs.id());
  glDetachShader(id, fs.id());
  GLint ok = GL_FALSE;
  glGetProgramiv(id, GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    throw std::runtime_error(std::string(vertex.name) + " + " + std::string(fragment.name) +
                             ": link failed: " + trimmed(programLog(id)));
  }
  return program;
}

void Program::set(const char* uniform, const glm::mat4& m) const {
  glUniformMatrix4fv(location(uniform), 1, GL_FALSE, glm::value_ptr(m));
}

}  // namespace terrain::render::gl
