#include "core/document/project_text.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/base/json_depth.hpp"
#include "core/document/project.hpp"

namespace terrain::project_io {
namespace {

constexpr int kMaxDepth = 16;  // the format needs 5

// 1-based line and column of a byte offset, for messages.
std::string lineAndColumn(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  std::size_t line = 1;
  std::size_t lineStart = 0;
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      lineStart = i + 1;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(offset - lineStart + 1);
}

// nlohmann's parser keeps its nesting on the heap, but a deep file still
// costs memory and time for nothing: the format is 4 levels deep.
void checkDepth(std::string_view text) {
  if (const std::optional<std::size_t> at = tooDeepAt(text, kMaxDepth)) {
    fail(lineAndColumn(text, *at) + ": nested deeper than " + std::to_string(kMaxDepth) +
         " levels; a project needs 5");
  }
}

// Follows the keys and array indices down to where the parser stopped:
// nlohmann's message for a number beyond a double (out_of_range 406,
// "number overflow parsing '1e999'") names neither its key nor its line.
// Only a refused file is read this second time.
class KeyPathFinder final : public nlohmann::json_sax<Json> {
 public:
  bool found = false;
  std::size_t end = 0;  // byte offset just past the token the parser refused
  std::string token;

  // "graph.nodes[2].params.roughness"; "" at the top.
  std::string path() const {
    std::string out;
    for (const Frame& f : frames_) {
      if (f.array) {
        out += '[';
        out += std::to_string(f.count - 1);
        out += ']';
      } else {
        if (!out.empty()) out += '.';
        out += f.key;
      }
    }
    return out;
  }

  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override { return open(false); }
  bool key(string_t& key) override {
    frames_.back().key = key;
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(true); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t position, const std::string& lastToken,
                   const Json::exception&) override {
    value();  // the refused value is the next one of its array
    found = true;
    end = position;
    token = lastToken;
    return false;
  }

 private:
  struct Frame {
    bool array = false;
    std::size_t count = 0;  // an array's values so far: the current is count - 1
    std::string key;        // an object's current key
  };
  bool value() {
    if (!frames_.empty() && frames_.back().array) ++frames_.back().count;
    return true;
  }
  bool open(bool array) {
    value();
    frames_.push_back({array, 0, {}});
    return true;
  }
  bool close() {
    frames_.pop_back();
    return true;
  }
  std::vector<Frame> frames_;
};

// "line 3, column 24: 'source.params.roughness': '1e999' is out of range ...".
[[noreturn]] void failNumberBeyondDouble(std::string_view text, const std::string& what) {
  KeyPathFinder finder;
  (void)Json::sax_parse(text, &finder);
  if (!finder.found) fail(what);  // not expected: the same parser refused it once
  const std::size_t start = finder.end - std::min(finder.token.size(), finder.end);
  const std::string key = finder.path();
  fail(lineAndColumn(text, start) + ": " + (key.empty() ? "" : excerpt(key) + ": ") +
       excerpt(finder.token) + " is out of range; a number is at most 1.8e308 in size");
}

// nlohmann's reason without its prefix, the text it last read (which can
// be the whole rest of a 1 MB file) as an excerpt.
std::string syntaxReason(const std::string& what) {
  // "[json.exception.parse_error.101] parse error at line 1, column 5: why; last read: '...'"
  const auto colon = what.find(": ");
  std::string why = colon == std::string::npos ? what : what.substr(colon + 2);
  constexpr std::string_view kLastRead = "; last read: '";
  const auto at = why.find(kLastRead);
  if (at == std::string::npos || why.back() != '\'') return why;
  const std::size_t from = at + kLastRead.size();
  return why.substr(0, at) + "; last read: " + excerpt(why.substr(from, why.size() - 1 - from));
}

}  // namespace

Json parseProjectText(std::string_view text) {
  if (text.size() > kMaxProjectBytes) {
    fail(std::to_string(text.size()) + " bytes; a project file is at most " +
         std::to_string(kMaxProjectBytes >> 20) + " MiB");
  }
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) fail("the file is empty");
  checkDepth(text);
  try {
    return Json::parse(text);
  } catch (const Json::parse_error& e) {
    // e.byte is 1-based: the character after the last one read.
    fail(lineAndColumn(text, e.byte > 0 ? e.byte - 1 : 0) + ": " + syntaxReason(e.what()));
  } catch (const Json::out_of_range& e) {
    failNumberBeyondDouble(text, e.what());
  }
}

}  // namespace terrain::project_io
