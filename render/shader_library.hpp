#pragma once
// The shaders of shaders/*.vert, *.frag, embedded at build time by
// shaders/embed_shaders.cmake (see render/CMakeLists.txt).
#include <cstdint>
#include <map>
#include <span>
#include <string_view>
#include <vector>

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

// One shader pair compiled once per combination of features, each feature
// a `#define NAME true|false` the shaders test in place of a bool uniform
// (see ramp.glsl's HAS_WATER). llvmpipe runs both sides of every branch
// under a mask, even a uniform one, so code for a switched-off feature
// (the splat detail, a second hillshade, the water bodies' lookups) cost
// every pixel its full price; a constant lets the compiler drop it. A
// variant compiles on first use (tens of ms on llvmpipe), then stays.
class ProgramVariants {
 public:
  // `features`: the macro names, bit i of a key is features[i].
  ProgramVariants(std::string_view vertexName, std::string_view fragmentName,
                  std::vector<std::string_view> features);
  const gl::Program& get(std::uint32_t key);

 private:
  std::string_view vertexName_;
  std::string_view fragmentName_;
  std::vector<std::string_view> features_;
  std::map<std::uint32_t, gl::Program> programs_;
};

}  // namespace terrain::render
