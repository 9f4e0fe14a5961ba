#pragma once
// What the project file's tests (project_test.cpp, project_refusals_test.cpp)
// share: the refusal a text gets, and a small valid project to break in one
// place at a time.
#include <string>

#include "core/base/error.hpp"
#include "core/document/project.hpp"

namespace terrain::testing {

// The message of the InputError that loading `text` throws ("" if none).
inline std::string refusal(const std::string& text) {
  try {
    projectFromJson(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// A small valid project to break in one place at a time.
inline std::string validProject(const std::string& sourceParams = R"("size": 65, "roughness": 0.4)",
                                const std::string& extra = "") {
  return R"({"format": "terrain-explorer-project", "version": 1, "seed": "9",
  "source": {"stage": "diamond-square", "params": {)" +
         sourceParams + R"(}},
  "modifiers": [{"stage": "clamp", "params": {"low": 0.1}}])" +
         extra + "}";
}

}  // namespace terrain::testing

// The loading of `text` is refused with a message that starts "project: "
// and holds `part`.
#define EXPECT_REFUSED(text, part)                                                \
  do {                                                                            \
    const std::string message_ = ::terrain::testing::refusal(text);               \
    EXPECT_NE(message_.find(part), std::string::npos) << "message: " << message_; \
    EXPECT_EQ(message_.rfind("project: ", 0), 0u) << "message: " << message_;     \
  } while (false)
