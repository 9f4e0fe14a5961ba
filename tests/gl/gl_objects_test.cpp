// Move-only GL wrappers and shader error messages.
#include <set>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "gl_test_support.hpp"
#include "render/gl_objects.hpp"
#include "render/gl_program.hpp"
#include "render/shader_library.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {
namespace {

using testing::GlTest;

template <class T>
constexpr bool kMoveOnly =
    !std::is_copy_constructible_v<T> && !std::is_copy_assignable_v<T> &&
    std::is_nothrow_move_constructible_v<T> && std::is_nothrow_move_assignable_v<T>;
static_assert(kMoveOnly<gl::Buffer>);
static_assert(kMoveOnly<gl::VertexArray>);
static_assert(kMoveOnly<gl::Texture>);
static_assert(kMoveOnly<gl::Sampler>);
static_assert(kMoveOnly<gl::Framebuffer>);
static_assert(kMoveOnly<gl::Renderbuffer>);
static_assert(kMoveOnly<gl::Shader>);
static_assert(kMoveOnly<gl::Program>);
static_assert(!std::is_copy_constructible_v<TerrainView>);
static_assert(std::is_nothrow_move_constructible_v<TerrainView>);

constexpr const char* kVertex = R"(#version 330 core
void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }
)";
constexpr const char* kFragment = R"(#version 330 core
out vec4 color;
void main() { color = vec4(1.0); }
)";

// Checks one wrapper type: move construction and assignment empty the
// source, the destination owns the name, destruction frees it.
template <class T, class Create, class IsAlive>
void checkMoveSemantics(Create create, IsAlive isAlive) {
  T first = create();
  const GLuint id = first.id();
  ASSERT_NE(id, 0u);
  T second(std::move(first));
  EXPECT_EQ(first.id(), 0u);  // NOLINT(bugprone-use-after-move): that is the point
  EXPECT_EQ(second.id(), id);
  T third = create();
  const GLuint replaced = third.id();
  third = std::move(second);
  EXPECT_EQ(second.id(), 0u);  // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(third.id(), id);
  EXPECT_FALSE(isAlive(replaced)) << "move assignment must delete the object it replaces";
  EXPECT_TRUE(isAlive(id));
  third.reset();
  EXPECT_EQ(third.id(), 0u);
  EXPECT_FALSE(isAlive(id));
  // `first` and `second` are empty; destroying them here must be harmless.
}

TEST_F(GlTest, BufferMovesLeaveTheSourceEmpty) {
  checkMoveSemantics<gl::Buffer>(
      [] {
        gl::Buffer b = gl::Buffer::create();
        b.upload(GL_ARRAY_BUFFER, nullptr, 16);  // a name becomes an object once bound
        return b;
      },
      [](GLuint id) { return glIsBuffer(id) == GL_TRUE; });
}

TEST_F(GlTest, VertexArrayMovesLeaveTheSourceEmpty) {
  checkMoveSemantics<gl::VertexArray>(
      [] {
        gl::VertexArray v = gl::VertexArray::create();
        v.bind();
        glBindVertexArray(0);
        return v;
      },
      [](GLuint id) { return glIsVertexArray(id) == GL_TRUE; });
}

TEST_F(GlTest, TextureMovesLeaveTheSourceEmpty) {
  checkMoveSemantics<gl::Texture>(
      [] {
        gl::Texture t = gl::Texture::create();
        t.bind(0);
        return t;
      },
      [](GLuint id) { return glIsTexture(id) == GL_TRUE; });
}

TEST_F(GlTest, SamplerMovesLeaveTheSourceEmpty) {
  checkMoveSemantics<gl::Sampler>([] { return gl::Sampler::create(GL_LINEAR); },
                                  [](GLuint id) { return glIsSampler(id) == GL_TRUE; });
}

TEST_F(GlTest, FramebufferAndRenderbufferMovesLeaveTheSourceEmpty) {
  checkMoveSemantics<gl::Framebuffer>(
      [] {
        gl::Framebuffer f = gl::Framebuffer::create();
        f.bind();
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        return f;
      },
      [](GLuint id) { return glIsFramebuffer(id) == GL_TRUE; });
  checkMoveSemantics<gl::Renderbuffer>([] { return gl::Renderbuffer::create(GL_RGBA8, 4, 4); },
                                       [](GLuint id) { return glIsRenderbuffer(id) == GL_TRUE; });
}

TEST_F(GlTest, ProgramMovesLeaveTheSourceEmpty) {
  checkMoveSemantics<gl::Program>(
      [] { return gl::compileProgram("a.vert", kVertex, "a.frag", kFragment); },
      [](GLuint id) { return glIsProgram(id) == GL_TRUE; });
}

TEST_F(GlTest, DefaultConstructedWrappersAreEmptyAndHarmless) {
  gl::Buffer buffer;
  gl::Texture texture;
  gl::Program program;
  EXPECT_EQ(buffer.id(), 0u);
  EXPECT_FALSE(texture);
  EXPECT_EQ(program.id(), 0u);
  gl::Buffer moved(std::move(buffer));
  EXPECT_EQ(moved.id(), 0u);
}

TEST_F(GlTest, FragmentCompileErrorNamesTheFileAndLine) {
  const char* broken =
      "#version 330 core\nout vec4 color;\nvoid main() {\n  color = undefinedThing;\n}\n";
  try {
    gl::compileProgram("ok.vert", kVertex, "broken.frag", broken);
    FAIL() << "a broken fragment shader must throw";
  } catch (const std::runtime_error& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind("broken.frag: ", 0), 0u) << message;
    EXPECT_NE(message.find("0:4"), std::string::npos) << "line 4 expected in: " << message;
  }
}

TEST_F(GlTest, VertexCompileErrorNamesTheVertexFile) {
  try {
    gl::compileProgram("broken.vert", "#version 330 core\nvoid main() { nope(); }\n", "ok.frag",
                       kFragment);
    FAIL() << "a broken vertex shader must throw";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("broken.vert: ", 0), 0u) << e.what();
  }
}

TEST_F(GlTest, LinkErrorNamesBothFiles) {
  // Both stages compile, but the fragment stage has no main().
  const char* needsInput = "#version 330 core\nout vec4 c;\nvoid notMain() { c = vec4(1.0); }\n";
  try {
    gl::compileProgram("plain.vert", kVertex, "needs.frag", needsInput);
    FAIL() << "a link error must throw";
  } catch (const std::runtime_error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("plain.vert"), std::string::npos) << message;
    EXPECT_NE(message.find("needs.frag"), std::string::npos) << message;
  }
}

TEST_F(GlTest, IncludedChunksKeepTheFilesLineNumbers) {
  const char* shader =
      "#version 330 core\n#include \"ramp.glsl\"\nout vec4 c;\n"
      "void main() { c = vec4(landColor(0.5) * nope, 1.0); }\n";
  try {
    compileWithIncludes({"ok.vert", kVertex}, {"uses_ramp.frag", shader});
    FAIL() << "an undeclared name must throw";
  } catch (const std::runtime_error& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind("uses_ramp.frag: ", 0), 0u) << message;
    EXPECT_NE(message.find("0:4("), std::string::npos) << "line 4 of the file: " << message;
  }
}

TEST_F(GlTest, ErrorsInsideAChunkNameTheChunk) {
  // Including a chunk twice redefines its functions: the error is in the chunk.
  const char* shader =
      "#version 330 core\n#include \"sky.glsl\"\n#include \"sky.glsl\"\n"
      "out vec4 c;\nvoid main() { c = vec4(skyColor(0.5), 1.0); }\n";
  try {
    compileWithIncludes({"ok.vert", kVertex}, {"twice.frag", shader});
    FAIL() << "a redefinition must throw";
  } catch (const std::runtime_error& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind("twice.frag: ", 0), 0u) << message;
    EXPECT_NE(message.find("sky.glsl:"), std::string::npos) << message;
  }
}

// Every fragment shader in shaders/, found by listing what was embedded (a
// new one is tested without touching this file), links with its vertex
// shader: the one of its own name, else the full-screen triangle's; and
// every vertex shader is some program's.
TEST_F(GlTest, EveryEmbeddedProgramCompiles) {
  std::set<std::string> vertexShaders;
  for (const EmbeddedShader& shader : embeddedShaders()) {
    if (shader.name.ends_with(".vert")) vertexShaders.insert(std::string(shader.name));
  }
  std::set<std::string> usedVertexShaders;
  int programs = 0;
  for (const EmbeddedShader& shader : embeddedShaders()) {
    if (!shader.name.ends_with(".frag")) continue;
    const std::string stem(shader.name.substr(0, shader.name.size() - 5));
    const std::string vertex =
        vertexShaders.contains(stem + ".vert") ? stem + ".vert" : "fullscreen.vert";
    EXPECT_NO_THROW(loadProgram(vertex, shader.name)) << vertex << " + " << shader.name;
    usedVertexShaders.insert(vertex);
    ++programs;
  }
  EXPECT_GE(programs, 5);
  EXPECT_EQ(usedVertexShaders, vertexShaders) << "a vertex shader no program uses";
}

TEST_F(GlTest, UnknownEmbeddedShaderIsNamed) {
  try {
    loadProgram("fullscreen.vert", "missing.frag");
    FAIL() << "an unknown shader must throw";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("missing.frag"), std::string::npos) << e.what();
  }
}

TEST_F(GlTest, EmbeddedShadersAreTheFilesText) {
  ASSERT_FALSE(embeddedShaders().empty());
  for (const EmbeddedShader& shader : embeddedShaders()) {
    EXPECT_FALSE(shader.source.empty()) << shader.name;
    if (shader.name.ends_with(".vert") || shader.name.ends_with(".frag")) {
      EXPECT_TRUE(shader.source.starts_with("#version 330 core")) << shader.name;
    }
  }
}

}  // namespace
}  // namespace terrain::render
