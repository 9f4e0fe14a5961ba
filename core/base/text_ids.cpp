#include "core/base/text_ids.hpp"

#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

namespace terrain {
namespace {

struct TextTable {
  std::mutex mutex;
  // Node-based: a text's address stays put while others are added.
  std::unordered_map<std::uint64_t, std::string> texts;
};

TextTable& table() {
  static TextTable instance;
  return instance;
}

std::uint64_t hashOf(std::string_view text) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return hash & ((std::uint64_t{1} << 52) - 1);
}

}  // namespace

double textId(std::string_view text) {
  const std::uint64_t id = hashOf(text);
  TextTable& t = table();
  const std::lock_guard lock(t.mutex);
  const auto [it, added] = t.texts.try_emplace(id, text);
  if (!added && it->second != text) {
    throw std::logic_error("two texts share the id " + std::to_string(id) + ": '" + it->second +
                           "' and '" + std::string(text) + "'");
  }
  return static_cast<double>(id);
}

const std::string* findText(double id) {
  if (!(id >= 0.0 && id < 4503599627370496.0) ||
      id != static_cast<double>(static_cast<std::uint64_t>(id))) {
    return nullptr;
  }
  TextTable& t = table();
  const std::lock_guard lock(t.mutex);
  const auto it = t.texts.find(static_cast<std::uint64_t>(id));
  return it == t.texts.end() ? nullptr : &it->second;
}

const std::string& textOf(double id) {
  if (const std::string* text = findText(id)) return *text;
  throw std::logic_error("no text has the id " + std::to_string(id));
}

}  // namespace terrain
