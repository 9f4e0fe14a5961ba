#include "render/shader_library.hpp"

#include <regex>
#include <stdexcept>
#include <string>
#include <utility>
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

// `defines` go right after the `#version` line (GLSL wants it first).
ExpandedShader expandIncludes(const gl::ShaderSource& shader, const std::string& defines = {}) {
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
      if (lineNumber == 1 && !defines.empty() && line.starts_with("#version")) {
        out.source += defines;
        out.source += "#line 2\n";
      }
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

namespace {

gl::Program linkExpanded(const ExpandedShader& vertex, const ExpandedShader& fragment) {
  try {
    return gl::Program::link({vertex.name, vertex.source}, {fragment.name, fragment.source});
  } catch (const std::runtime_error& e) {
    // Messages start with the failing file's name; its chunks are named inside.
    const std::string message = e.what();
    const ExpandedShader& failing = message.starts_with(fragment.name + ":") ? fragment : vertex;
    throw std::runtime_error(nameChunkLines(message, failing));
  }
}

}  // namespace

gl::Program compileWithIncludes(const gl::ShaderSource& vertexSource,
                                const gl::ShaderSource& fragmentSource) {
  return linkExpanded(expandIncludes(vertexSource), expandIncludes(fragmentSource));
}

ProgramVariants::ProgramVariants(std::string_view vertexName, std::string_view fragmentName,
                                 std::vector<std::string_view> features)
    : vertexName_(vertexName), fragmentName_(fragmentName), features_(std::move(features)) {
  get(0);  // a broken shader throws here, at construction, as loadProgram's do
}

const gl::Program& ProgramVariants::get(std::uint32_t key) {
  const auto found = programs_.find(key);
  if (found != programs_.end()) return found->second;
  std::string defines;
  for (std::size_t i = 0; i < features_.size(); ++i) {
    defines += "#define ";
    defines += features_[i];
    defines += (key >> i) & 1U ? " true\n" : " false\n";
  }
  const ExpandedShader vertex = expandIncludes({vertexName_, shaderSource(vertexName_)}, defines);
  const ExpandedShader fragment =
      expandIncludes({fragmentName_, shaderSource(fragmentName_)}, defines);
  return programs_.emplace(key, linkExpanded(vertex, fragment)).first->second;
}

}  // namespace terrain::render
