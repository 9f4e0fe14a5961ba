#pragma once
// Text from a file or a flag shown in a message (issue 37): it is data, so
// a message quotes a short excerpt of it with every control character
// escaped. A 1 MB string does not fill the terminal, an escape sequence
// does not drive it and a NUL does not cut the line.
#include <cstddef>
#include <string>
#include <string_view>

namespace terrain {

// Bytes of the text a quote shows before it is cut: a long path whole, a
// 1 MB string not.
inline constexpr std::size_t kMaxQuotedBytes = 240;

// The text with control characters (below 0x20, 0x7f, and UTF-8's C1
// controls U+0080..U+009F) as \n, \t, \r or \xNN and backslashes as they
// are: printable, one line.
std::string escapeControl(std::string_view text);

// 'text' escaped, cut after kMaxQuotedBytes with "... (N bytes)".
std::string excerpt(std::string_view text);
// The same without the quotes, for text a message shows bare (a flag's name).
std::string bareExcerpt(std::string_view text);

}  // namespace terrain
