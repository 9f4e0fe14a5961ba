#pragma once
// The shaders of shaders/*.vert, *.frag, embedded at build time by
// shaders/embed_shaders.cmake (see render/CMakeLists.txt).
#include <span>
#include <string_view>

#include "render/gl_program.hpp"

namespace terrain::render {

struct EmbeddedShader {
  std::string_view name;    // file name, e.g. "mesh.frag"
  std::string_view source;  // the file's text
};

// Defined in the generated embedded_shaders.cpp; sorted by name.
std::span<const EmbeddedShader> embeddedShaders();

// Throws std::runtime_error naming the file when it was not embedded.
std::string_view shaderSource(std::string_view name);

// Compiles and links two embedded shaders; errors name the file, and the
// chunk for errors inside an included one ("side.frag: ramp.glsl:14(3): ...").
gl::Program loadProgram(std::string_view vertexName, std::string_view fragmentName);

// The same for sources given here (tests, tools): a line
// `#include "name.glsl"` pulls in the embedded chunk of that name.
gl::Program compileWithIncludes(const gl::ShaderSource& vertex, const gl::ShaderSource& fragment);

}  // namespace terrain::render
