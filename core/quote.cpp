#include "core/quote.hpp"

#include <cstdio>

namespace terrain {

std::string escapeControl(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte != 0x7f) {
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02x", static_cast<unsigned>(byte));
      out += hex;
    }
  }
  return out;
}

std::string excerpt(std::string_view text) {
  std::string out = "'";
  if (text.size() <= kMaxQuotedBytes) {
    out += escapeControl(text);
    out += '\'';
    return out;
  }
  // Cut at a character's start, not inside a UTF-8 sequence.
  std::size_t cut = kMaxQuotedBytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0U) == 0x80U) --cut;
  out += escapeControl(text.substr(0, cut));
  out += "...' (";
  out += std::to_string(text.size());
  out += " bytes)";
  return out;
}

}  // namespace terrain
