#include "render/shader_library.hpp"

#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

namespace terrain::render {
namespace {

// A shader with its `#include "chunk.glsl"` lines replaced by the chunks.
// `#line` directives keep the file's own line numbers in driver messages.
// Drivers disagree on `#line`'s source-string number (Mesa ignores it), so
// chunk k's lines are numbered from k * kChunkLineBase + 1 instead, and
// messages are rewritten to name the chunk: "ramp.glsl:14(3): error ...".
constexpr int kChunkLineBase = 100000;

struct ExpandedShader {
  std::string name;
  std::string source;
  std::vector<std::string> chunks;  // chunk k is chunks[k - 1]
};

ExpandedShader expandIncludes(const gl::ShaderSource& shader) {
  const std::string_view text = shader.source;
  ExpandedShader out{std::string(shader.name), {}, {}};
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
      out.chunks.emplace_back(chunk);
      out.source += "#line " + std::to_string(chunkCount * kChunkLineBase + 1) + "\n";
      out.source += shaderSource(chunk);
      out.source += "\n#line " + std::to_string(lineNumber + 1) + "\n";
    } else {
      out.source += line;
      out.source += '\n';
    }
    start = end + 1;
  }
  return out;
}

// "0:100014(3): error" -> "ramp.glsl:14(3): error"; other text is kept.
std::string nameChunkLines(const std::string& message, const ExpandedShader& shader) {
  static const std::regex kLocation(R"((\d+):(\d+)\()");
  std::string out;
  auto last = message.cbegin();
  for (std::sregex_iterator it(message.begin(), message.end(), kLocation), end; it != end; ++it) {
    const std::smatch& match = *it;
    const long line = std::stol(match[2].str());
    const auto chunk = static_cast<std::size_t>(line / kChunkLineBase);
    if (chunk == 0 || chunk > shader.chunks.size()) continue;
    out.append(last, match[0].first);
    out += shader.chunks[chunk - 1] + ":" + std::to_string(line % kChunkLineBase) + "(";
    last = match[0].second;
  }
  out.append(last, message.cend());
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
  return compileWithIncludes({vertexName, shaderSource(vertexName)},
                             {fragmentName, shaderSource(fragmentName)});
}

gl::Program compileWithIncludes(const gl::ShaderSource& vertexSource,
                                const gl::ShaderSource& fragmentSource) {
  const ExpandedShader vertex = expandIncludes(vertexSource);
  const ExpandedShader fragment = expandIncludes(fragmentSource);
  try {
    return gl::Program::link({vertex.name, vertex.source}, {fragment.name, fragment.source});
  } catch (const std::runtime_error& e) {
    // Messages start with the failing file's name; its chunks are named inside.
    const std::string message = e.what();
    const ExpandedShader& failing = message.starts_with(fragment.name + ":") ? fragment : vertex;
    throw std::runtime_error(nameChunkLines(message, failing));
  }
}

}  // namespace terrain::render
