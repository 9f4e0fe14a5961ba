#include "core/base/param_values.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/base/text_ids.hpp"

namespace terrain {

namespace {

std::string shortNumber(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

bool isPowerOfTwo(std::int64_t n) {
  return n > 0 && (n & (n - 1)) == 0;
}

constexpr std::string_view kToggleNames[] = {"off", "on"};

}  // namespace

std::string allowedText(const ParamInfo& info) {
  if (info.type == ParamType::Choice) {
    std::string out;
    for (auto c : info.choices) {
      if (!out.empty()) out += "|";
      out += c;
    }
    return out;
  }
  if (info.type == ParamType::Toggle) return "on|off";
  if (info.type == ParamType::Text || info.type == ParamType::Strokes) {
    return std::string(info.expects);
  }
  std::string range = shortNumber(info.min) + " to " + shortNumber(info.max);
  if (info.powerOfTwo) range = "a power of two from " + range;
  return range;
}

std::optional<std::string> checkText(const ParamInfo& info, std::string_view text) {
  const std::string name = "--" + std::string(info.key);
  if (text.size() < static_cast<std::size_t>(info.min)) {
    return name + ": empty; expected " + std::string(info.expects);
  }
  if (text.size() > static_cast<std::size_t>(info.max)) {
    return name + ": " + std::to_string(text.size()) + " characters; at most " +
           shortNumber(info.max);
  }
  // A NUL would end the path the system opens early ("a.bin\0.r16" opens
  // a.bin, read as RAW16), and the others are no part of a file's name.
  const auto control = std::ranges::find_if(text, [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7f;
  });
  if (control != text.end()) {
    return name + ": " + excerpt(text) + " holds a control character (" +
           escapeControl(std::string_view(&*control, 1)) + " at byte " +
           std::to_string(control - text.begin()) + "); a name or a path may not hold one";
  }
  return std::nullopt;
}

std::optional<std::string> checkValue(const ParamInfo& info, double value) {
  const std::string name = "--" + std::string(info.key);
  if (info.type == ParamType::Text) {
    const std::string* text = findText(value);
    if (text == nullptr) return name + ": not a text; expected " + std::string(info.expects);
    return checkText(info, *text);
  }
  if (info.type == ParamType::Strokes) {
    if (info.codec == nullptr || !info.codec->accepts(value)) {
      return name + ": not strokes; expected " + std::string(info.expects);
    }
    return std::nullopt;
  }
  if (std::isnan(value)) return name + ": NaN is not a number; allowed: " + allowedText(info);
  if (std::isinf(value)) {
    return name + ": " + shortNumber(value) + " is infinite; allowed: " + allowedText(info);
  }
  if (info.type != ParamType::Real && value != std::floor(value)) {
    return name + ": " + shortNumber(value) +
           " is not a whole number; allowed: " + allowedText(info);
  }
  if (info.type == ParamType::Choice || info.type == ParamType::Toggle) {
    const double last =
        info.type == ParamType::Toggle ? 1.0 : static_cast<double>(info.choices.size()) - 1.0;
    if (value < 0 || value > last) {
      return name + ": " + shortNumber(value) + " is not a choice; allowed: " + allowedText(info);
    }
    return std::nullopt;
  }
  if (value < info.min || value > info.max) {
    return name + ": " + shortNumber(value) + " is out of range; allowed: " + allowedText(info);
  }
  if (info.powerOfTwo && !isPowerOfTwo(static_cast<std::int64_t>(value))) {
    return name + ": " + shortNumber(value) +
           " is not a power of two; allowed: " + allowedText(info);
  }
  return std::nullopt;
}

double parseValue(const ParamInfo& info, std::string_view text) {
  const std::string name = "--" + std::string(info.key);
  if (info.type == ParamType::Text) {
    if (auto err = checkText(info, text)) throw InputError(*err);
    return textId(text);
  }
  if (info.type == ParamType::Strokes) {
    if (info.codec == nullptr) throw std::logic_error(name + " has no codec for its text");
    try {
      return info.codec->parse(text);
    } catch (const InputError& e) {
      std::string what = e.what();
      if (what.rfind("strokes: ", 0) == 0) what.erase(0, 9);  // the flag names them
      throw InputError(name + ": " + what);
    }
  }
  if (info.type == ParamType::Choice || info.type == ParamType::Toggle) {
    const std::span<const std::string_view> names =
        info.type == ParamType::Toggle ? std::span<const std::string_view>(kToggleNames)
                                       : info.choices;
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (names[i] == text) return static_cast<double>(i);
    }
    throw InputError(name + ": " + excerpt(text) +
                     " is not a choice; allowed: " + allowedText(info));
  }
  double value = 0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  // from_chars accepts "nan" and "inf", which checkValue then names as such.
  auto [ptr, ec] = std::from_chars(first, last, value);
  if (text.empty() || ec == std::errc::invalid_argument || ptr != last) {
    throw InputError(name + ": " + excerpt(text) +
                     " is not a number; allowed: " + allowedText(info));
  }
  if (ec == std::errc::result_out_of_range) {
    // Underflow (1e-400) is a number too small to hold: it is 0. Overflow
    // (1e400) is out of every range.
    const std::string copy(text);
    const double parsed = std::strtod(copy.c_str(), nullptr);
    if (std::isinf(parsed)) {
      throw InputError(name + ": " + excerpt(text) +
                       " is out of range; allowed: " + allowedText(info));
    }
    value = parsed + 0.0;  // -0 -> 0
  }
  if (auto err = checkValue(info, value)) throw InputError(*err);
  return value;
}

std::string formatValue(const ParamInfo& info, double value) {
  if (info.type == ParamType::Toggle) return value != 0.0 ? "on" : "off";
  if (info.type == ParamType::Text || info.type == ParamType::Strokes) {
    const std::string* text = findText(value);
    return text != nullptr ? *text : std::string();
  }
  if (info.type == ParamType::Choice && value >= 0.0 &&
      value < static_cast<double>(info.choices.size())) {
    return std::string(info.choices[static_cast<std::size_t>(value)]);
  }
  return shortNumber(value);
}

std::uint64_t parseSeed(std::string_view text) {
  std::uint64_t seed = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) {
    throw InputError("--seed: " + excerpt(text) +
                     " is not an unsigned 64-bit integer; allowed: 0 to 18446744073709551615");
  }
  return seed;
}

void requireNotAbove(const ParamInfo& lowInfo, double low, const ParamInfo& highInfo, double high) {
  if (low > high) {
    throw InputError("--" + std::string(lowInfo.key) + ": " + formatValue(lowInfo, low) +
                     " is above --" + std::string(highInfo.key) + " " +
                     formatValue(highInfo, high));
  }
}

// ---- Stage ----

}  // namespace terrain
