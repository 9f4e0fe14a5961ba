#include "core/base/quote.hpp"

#include <cstdio>

namespace terrain {

std::string escapeControl(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  const auto hex = [&out](unsigned char byte) {
    char digits[5];
    std::snprintf(digits, sizeof digits, "\\x%02x", static_cast<unsigned>(byte));
    out += digits;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    // UTF-8's C1 controls (U+0080..U+009F: 0xC2 0x80..0x9F) drive some
    // terminals as ESC does ("\xc2\x9b" is CSI).
    const bool c1 = byte == 0xC2 && i + 1 < text.size() &&
                    (static_cast<unsigned char>(text[i + 1]) & 0xE0U) == 0x80U;
    if (c1) {
      hex(byte);
      hex(static_cast<unsigned char>(text[++i]));
    } else if (byte >= 0x20 && byte != 0x7f) {
      out += text[i];
    } else if (byte == '\n') {
      out += "\\n";
    } else if (byte == '\t') {
      out += "\\t";
    } else if (byte == '\r') {
      out += "\\r";
    } else {
      hex(byte);
    }
  }
  return out;
}

namespace {

std::string cutEscaped(std::string_view text, std::string_view quote) {
  std::string out(quote);
  if (text.size() <= kMaxQuotedBytes) {
    out += escapeControl(text);
    out += quote;
    return out;
  }
  // Cut at a character's start, not inside a UTF-8 sequence.
  std::size_t cut = kMaxQuotedBytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0U) == 0x80U) --cut;
  out += escapeControl(text.substr(0, cut));
  out += "...";
  out += quote;
  out += " (";
  out += std::to_string(text.size());
  out += " bytes)";
  return out;
}

}  // namespace

std::string excerpt(std::string_view text) {
  return cutEscaped(text, "'");
}

std::string bareExcerpt(std::string_view text) {
  return cutEscaped(text, "");
}

}  // namespace terrain
