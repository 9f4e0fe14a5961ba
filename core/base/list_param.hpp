#pragma once
// A parameter that holds a list of records (a node's brush strokes, a
// Scatter node's species) as one number: the id of the list's canonical
// JSON text (text_ids.hpp), so a document stays a plain comparable value of
// doubles and an edit is one undo step. What such lists share lives here
// once: reading the text, refusing a bad item in the same words, and the
// table of lists parsed by id, so a node's run reads its list unparsed.
// Each list keeps its own keys, ranges and canonical text.
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/base/error.hpp"
#include "core/base/param_info.hpp"
#include "core/base/text_ids.hpp"

namespace terrain {

using ListJson = nlohmann::ordered_json;

// `text` read as a JSON array; throws InputError "<what>: not JSON (...)",
// "<what>: must be an array <shape>" or, for text nested more than 32
// levels deep, "<what>: nested deeper than 32 levels; ...".
ListJson parseListJson(std::string_view text, std::string_view what, std::string_view shape);

// One item of a list being read or checked: every refusal starts with its
// name ("strokes: stroke 3", "species 2") and throws InputError.
class ListItem {
 public:
  explicit ListItem(std::string name) : name_(std::move(name)) {}

  [[noreturn]] void refuse(const std::string& what) const;
  // Refuses a value that is not finite or lies outside low..high.
  void checkNumber(std::string_view key, double v, double low, double high) const;
  // Refuses anything but an object, and an object with a key not in `keys`
  // (`shape` says what an item looks like).
  void checkObject(const ListJson& item, std::span<const std::string_view> keys,
                   std::string_view shape) const;
  // The number at `key`, `fallback` when it is absent; refuses another type.
  double numberAt(const ListJson& item, std::string_view key, double fallback) const;

 private:
  std::string name_;
};

// The ids of one kind of list: `text` gives its canonical text, `parse`
// reads a text into a checked list, `check` throws InputError for a list
// out of range.
template <class List, std::string (*text)(const List&), List (*parse)(std::string_view),
          void (*check)(const List&)>
class ListIds {
 public:
  // The list's id, from its canonical text; the list is remembered.
  static double id(const List& list) {
    check(list);
    const double id = textId(text(list));
    Table& t = table();
    const std::lock_guard lock(t.mutex);
    if (!t.parsed.contains(id)) t.parsed.emplace(id, std::make_shared<const List>(list));
    return id;
  }

  // A text given an id elsewhere (a project file's) is parsed on first
  // sight, and its list kept under that id too: a text not spelled as the
  // canonical one has another id than its list's, and of() must find it.
  static bool isId(double id) {
    {
      Table& t = table();
      const std::lock_guard lock(t.mutex);
      if (t.parsed.contains(id)) return true;
    }
    const std::string* given = findText(id);
    if (given == nullptr) return false;
    try {
      const List list = parse(*given);
      ListIds::id(list);
      Table& t = table();
      const std::lock_guard lock(t.mutex);
      t.parsed.emplace(id, std::make_shared<const List>(list));
      return true;
    } catch (const InputError&) {
      return false;
    }
  }

  // The list of an id; `noId` starts the logic_error for a number that is
  // no list's id.
  static const List& of(double id, std::string_view noId) {
    if (!isId(id)) throw std::logic_error(std::string(noId) + std::to_string(id));
    Table& t = table();
    const std::lock_guard lock(t.mutex);
    return *t.parsed.at(id);  // never erased: the reference stays valid
  }

  // The codec a ParamInfo of this kind reads its text through.
  static const ParamCodec* codec() {
    static constexpr ParamCodec codec{[](std::string_view given) { return id(parse(given)); },
                                      &isId};
    return &codec;
  }

 private:
  struct Table {
    std::mutex mutex;
    std::map<double, std::shared_ptr<const List>> parsed;
  };
  static Table& table() {
    static Table table;
    return table;
  }
};

}  // namespace terrain
