#include "render/shader_library.hpp"

#include <stdexcept>
#include <string>

namespace terrain::render {
namespace {

// A shader with its `#include "chunk.glsl"` lines replaced by the chunks.
// `#line` directives keep the file's own line numbers in driver messages; a
// chunk's lines are reported as source string 1, 2, ... and the display name
// says which chunk that is, e.g. "mesh.frag (1 = ramp.glsl)".
struct ExpandedShader {
  std::string name;
  std::string source;
};

ExpandedShader expandIncludes(std::string_view name) {
  const std::string_view text = shaderSource(name);
  ExpandedShader out{std::string(name), {}};
  std::string chunkNames;
  int lineNumber = 0;
  int chunkCount = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    ++lineNumber;
    constexpr std::string_view kDirective = "#include \"";
    if (line.starts_with(kDirective) && line.size() > kDirective.size() + 1 && line.back() == '"') {
      const std::string_view chunk =
          line.substr(kDirective.size(), line.size() - kDirective.size() - 1);
      ++chunkCount;
      out.source += "#line 1 " + std::to_string(chunkCount) + "\n";
      out.source += shaderSource(chunk);
      out.source += "\n#line " + std::to_string(lineNumber + 1) + " 0\n";
      chunkNames += (chunkNames.empty() ? "" : ", ") + std::to_string(chunkCount) + " = " +
                    std::string(chunk);
    } else {
      out.source += line;
      out.source += '\n';
    }
    start = end + 1;
  }
  if (!chunkNames.empty()) out.name += " (" + chunkNames + ")";
  return out;
}

}  // namespace

std::string_view shaderSource(std::string_view name) {
  for (const EmbeddedShader& shader : embeddedShaders()) {
    if (shader.name == name) return shader.source;
  }
  throw std::runtime_error(std::string(name) + ": no such embedded shader (is it in shaders/?)");
}

gl::Program loadProgram(std::string_view vertexName, std::string_view fragmentName) {
  const ExpandedShader vertex = expandIncludes(vertexName);
  const ExpandedShader fragment = expandIncludes(fragmentName);
  return gl::Program::link({vertex.name, vertex.source}, {fragment.name, fragment.source});
}

}  // namespace terrain::render
