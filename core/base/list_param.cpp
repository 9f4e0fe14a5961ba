#include "core/base/list_param.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/base/error.hpp"
#include "core/base/json_depth.hpp"
#include "core/base/quote.hpp"

namespace terrain {

namespace {

// A list's items nest four deep at most (the list, a stroke, its points, a
// point); see json_depth.hpp for why far deeper text is refused unread.
constexpr int kMaxListDepth = 32;

}  // namespace

ListJson parseListJson(std::string_view text, std::string_view what, std::string_view shape) {
  if (tooDeepAt(text, kMaxListDepth)) {
    std::string message(what);
    message += ": nested deeper than ";
    message += std::to_string(kMaxListDepth);
    message += " levels; must be an array ";
    message += shape;
    throw InputError(message);
  }
  ListJson j;
  try {
    j = ListJson::parse(text);
  } catch (const ListJson::exception& e) {
    std::string message(what);
    message += ": not JSON (";
    message += excerpt(e.what());
    message += ")";
    throw InputError(message);
  }
  if (!j.is_array()) {
    std::string message(what);
    message += ": must be an array ";
    message += shape;
    throw InputError(message);
  }
  return j;
}

void ListItem::refuse(const std::string& what) const {
  throw InputError(name_ + ": " + what);
}

void ListItem::checkNumber(std::string_view key, double v, double low, double high) const {
  if (!std::isfinite(v) || v < low || v > high) {
    char message[160];
    std::snprintf(message, sizeof message, "'%.*s' %g is out of range; allowed: %g to %g",
                  static_cast<int>(key.size()), key.data(), v, low, high);
    refuse(message);
  }
}

void ListItem::checkObject(const ListJson& item, std::span<const std::string_view> keys,
                           std::string_view shape) const {
  if (!item.is_object()) refuse("must be an object " + std::string(shape));
  for (auto it = item.begin(); it != item.end(); ++it) {
    if (std::find(keys.begin(), keys.end(), it.key()) != keys.end()) continue;
    std::string allowed;
    for (const std::string_view key : keys) {
      if (!allowed.empty()) allowed += ", ";
      allowed += key;
    }
    refuse("unknown key " + excerpt(it.key()) + "; allowed: " + allowed);
  }
}

double ListItem::numberAt(const ListJson& item, std::string_view key, double fallback) const {
  const auto it = item.find(std::string(key));
  if (it == item.end()) return fallback;
  if (!it->is_number()) refuse(excerpt(key) + " must be a number, not " + excerpt(it->dump()));
  return it->get<double>();
}

}  // namespace terrain
