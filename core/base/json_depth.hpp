#pragma once
// How deep JSON text nests, read before it is parsed: a project file and a
// list parameter's text (list_param.hpp) refuse text nested far deeper than
// their format needs, which costs memory and time for nothing and, shown
// back in a message (nlohmann's dump recurses per level), overflows the
// stack at tens of thousands of levels.
#include <cstddef>
#include <optional>
#include <string_view>

namespace terrain {

// The byte offset of the first '[' or '{' that opens a level deeper than
// `maxDepth`, brackets inside strings aside; nullopt when none does.
inline std::optional<std::size_t> tooDeepAt(std::string_view text, int maxDepth) {
  int depth = 0;
  bool inString = false;
  bool escaped = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (inString) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        inString = false;
      }
    } else if (c == '"') {
      inString = true;
    } else if (c == '{' || c == '[') {
      if (++depth > maxDepth) return i;
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return std::nullopt;
}

}  // namespace terrain
