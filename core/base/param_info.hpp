#pragma once
// What the panel, the CLI, --help and the project file know about one
// parameter: every consumer is drawn from these rows.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace terrain {

// Text: a name or a path (the look's ramp); min and max bound its length
// in bytes, and `expects` says what it is for messages and --help.
// Strokes: a node's brush strokes (core/strokes/strokes.hpp), the value their id.
enum class ParamType : std::uint8_t { Integer, Real, Choice, Toggle, Text, Strokes };

// A value that is a height, 0..1 of the world's height range, which the
// panel shows in metres: a level (metres above sea level, from the world's
// base elevation) or a span (metres between two heights).
enum class HeightMeaning : std::uint8_t { None, Level, Span };

// How a parameter whose value is the id of a text form (ParamType::Strokes)
// reads that text and knows its ids; the form lives above base (strokes/).
struct ParamCodec {
  double (*parse)(std::string_view text);  // the id; throws InputError
  bool (*accepts)(double id);
};

struct ParamInfo {
  std::string_view key;    // CLI flag without the dashes, project file key
  std::string_view label;  // panel label
  std::string_view unit;   // "" when unitless
  std::string_view help;   // designer's words first, then the maths
  ParamType type = ParamType::Real;
  double min = 0.0;
  double max = 1.0;
  std::span<const std::string_view> choices = {};  // Choice: value i is choices[i]
  bool logarithmic = false;                        // panel slider hint
  // The maximum stands for "all" (iterations: every level the size holds);
  // the panel stores max when the slider reaches the dynamic maximum.
  bool maxMeansAll = false;
  bool powerOfTwo = false;        // Integer: only powers of two in range are valid
  std::string_view expects = {};  // Text: "a ramp name or a .png file"
  // The value a project file that does not name this parameter means, when
  // it is not the default: files saved before the parameter existed keep
  // their bits.
  std::optional<double> whenAbsent = std::nullopt;
  HeightMeaning height = HeightMeaning::None;  // Real: the panel shows metres
  const ParamCodec* codec = nullptr;           // Strokes: its text form
};

// The row as a height the panel shows in metres (the value, the file and
// the CLI keep 0..1 of the range).
inline ParamInfo asHeight(ParamInfo info, HeightMeaning meaning = HeightMeaning::Level) {
  info.height = meaning;
  return info;
}

}  // namespace terrain
