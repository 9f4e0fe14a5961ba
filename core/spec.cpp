#include "core/spec.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "core/error.hpp"

namespace terrain {
namespace {

constexpr std::uint32_t bit(GeneratorId id) {
  return 1U << static_cast<unsigned>(id);
}
constexpr std::uint32_t kAll = 0x1F;
constexpr std::uint32_t kLevelled =
    bit(GeneratorId::Midpoint) | bit(GeneratorId::Coastline) | bit(GeneratorId::DiamondSquare);

constexpr std::array<GeneratorInfo, 5> kGenerators = {{
    {GeneratorId::RandomWalk, "random-walk", "Random walk + smoothing", "000", true, SizeRule::Any,
     2, static_cast<int>(kMaxProfileLength)},
    {GeneratorId::Midpoint, "midpoint", "Midpoint displacement (1D)", "001", true,
     SizeRule::PowerOfTwoPlusOne, 3, static_cast<int>(kMaxProfileLength)},
    {GeneratorId::Coastline, "coastline", "Fractal coastline", "002", false, SizeRule::PowerOfTwo,
     4, static_cast<int>(kMaxMapSide - 1)},
    {GeneratorId::Rectangles, "rectangles", "Random rectangles", "003", false, SizeRule::Any, 2,
     static_cast<int>(kMaxMapSide)},
    {GeneratorId::DiamondSquare, "diamond-square", "Diamond-square", "004", false,
     SizeRule::PowerOfTwoPlusOne, 3, static_cast<int>(kMaxMapSide)},
}};

constexpr std::array<std::string_view, 2> kSmoothingStyles = {"scaled", "article"};
constexpr std::array<std::string_view, 2> kEndpoints = {"zero", "random"};
constexpr std::array<std::string_view, 2> kCoastStarts = {"applet", "random"};
constexpr std::array<std::string_view, 2> kCoastModes = {"classes", "heights"};
constexpr std::array<std::string_view, 2> kScalings = {"fractal", "article"};

// Accessors built from member pointers, so each parameter is named once.
template <auto Member>
double getField(const TerrainSpec& s) {
  return static_cast<double>(s.*Member);
}
template <auto Member>
void setField(TerrainSpec& s, double v) {
  using T = std::remove_reference_t<decltype(s.*Member)>;
  if constexpr (std::is_enum_v<T>) {
    s.*Member = static_cast<T>(static_cast<int>(v));
  } else {
    s.*Member = static_cast<T>(v);
  }
}
template <auto Outer, auto Inner>
double getNested(const TerrainSpec& s) {
  using T = std::remove_reference_t<decltype((s.*Outer).*Inner)>;
  if constexpr (std::is_enum_v<T>) {
    return static_cast<double>(static_cast<int>((s.*Outer).*Inner));
  } else {
    return static_cast<double>((s.*Outer).*Inner);
  }
}
template <auto Outer, auto Inner>
void setNested(TerrainSpec& s, double v) {
  using T = std::remove_reference_t<decltype((s.*Outer).*Inner)>;
  if constexpr (std::is_enum_v<T>) {
    (s.*Outer).*Inner = static_cast<T>(static_cast<int>(v));
  } else {
    (s.*Outer).*Inner = static_cast<T>(v);
  }
}

#define TERRAIN_FIELD(member) &getField<&TerrainSpec::member>, &setField<&TerrainSpec::member>
#define TERRAIN_NESTED(outer, inner)                                     \
  &getNested<&TerrainSpec::outer, &decltype(TerrainSpec::outer)::inner>, \
      &setNested<&TerrainSpec::outer, &decltype(TerrainSpec::outer)::inner>

// Why a parameter has no effect for the spec as it stands (the panel greys
// it out and shows this); empty when it does.
std::string_view roughnessIdle(const TerrainSpec& s) {
  if (s.generator == GeneratorId::Coastline && s.coastline.mode == CoastMode::Classes) {
    return "Roughness shapes the coastline's heights mode; class maps copy corners";
  }
  if (s.generator == GeneratorId::DiamondSquare &&
      s.diamondSquare.scaling == OffsetScaling::Article) {
    return "Article scaling: offsets are roughness x square size from equal corners, so "
           "after normalising to 0..1 every roughness above 0 gives the same map";
  }
  return {};
}
std::string_view classesIdle(const TerrainSpec& s) {
  return s.coastline.mode == CoastMode::Heights ? "Classes apply to the classes mode"
                                                : std::string_view{};
}
std::string_view startCellsIdle(const TerrainSpec& s) {
  return s.coastline.start == CoastStart::Applet ? "The applet's start pattern is always 2x2"
                                                 : std::string_view{};
}

const ParamDesc kParams[] = {
    {{"seed",
      "Seed",
      "",
      "Any unsigned 64-bit number; the same seed gives the same terrain",
      ParamType::Seed,
      0,
      18446744073709551615.0,
      {}},
     kAll,
     nullptr,
     nullptr},
    {{"roughness",
      "Roughness",
      "",
      "0..1, higher is rougher (Hurst exponent H = 1 - roughness)",
      ParamType::Real,
      0,
      1,
      {}},
     kLevelled,
     TERRAIN_FIELD(roughness),
     &roughnessIdle},
    {{"iterations",
      "Iterations",
      "levels",
      "Refinement levels to run; the rest is interpolated (more than the size holds = all)",
      ParamType::Integer,
      0,
      30,
      {}},
     kLevelled,
     TERRAIN_FIELD(iterations)},
    {{"smoothing",
      "Smoothing passes",
      "passes",
      "Neighbour-average passes, as strong at every size (article 000's own pass in its preset)",
      ParamType::Integer,
      0,
      200,
      {}},
     kAll,
     TERRAIN_FIELD(smoothing)},
    {{"water",
      "Water level",
      "",
      "0..1 of the height range; lower cells are water",
      ParamType::Real,
      0,
      1,
      {}},
     kAll,
     TERRAIN_FIELD(water)},
    {{"size",
      "Size",
      "samples",
      "Samples per side (profiles: points); each generator has its grid",
      ParamType::Integer,
      2,
      static_cast<double>(kMaxProfileLength),
      {},
      true},
     kAll,
     TERRAIN_FIELD(size)},
    {{"max-height",
      "Max height",
      "px",
      "Ceiling of the walk; the floor is 0 (article: screen height / 2)",
      ParamType::Integer,
      1,
      1000000,
      {},
      true},
     bit(GeneratorId::RandomWalk),
     TERRAIN_NESTED(randomWalk, maxHeight)},
    {{"step-height",
      "Step height",
      "px",
      "Largest rise or fall from one column to the next",
      ParamType::Integer,
      0,
      1000000,
      {},
      true},
     bit(GeneratorId::RandomWalk),
     TERRAIN_NESTED(randomWalk, stepHeight)},
    {{"smoothing-style", "Smoothing style", "",
      "scaled: same strength at every size; article: the article's in-place integer pass",
      ParamType::Choice, 0, 1, kSmoothingStyles},
     bit(GeneratorId::RandomWalk),
     TERRAIN_NESTED(randomWalk, smoothingStyle)},
    {{"endpoints", "Endpoints", "", "zero: both ends start at 0 as in the article; random: drawn",
      ParamType::Choice, 0, 1, kEndpoints},
     bit(GeneratorId::Midpoint),
     TERRAIN_NESTED(midpoint, endpoints)},
    {{"mode", "Mode", "",
      "classes: copy a random corner (the article); heights: corner mean + random offset",
      ParamType::Choice, 0, 1, kCoastModes},
     bit(GeneratorId::Coastline),
     TERRAIN_NESTED(coastline, mode)},
    {{"classes",
      "Terrain classes",
      "",
      "2 = sea/land, up to 6 (deep sea .. mountain)",
      ParamType::Integer,
      2,
      6,
      {}},
     bit(GeneratorId::Coastline),
     TERRAIN_NESTED(coastline, classes),
     &classesIdle},
    {{"start", "Start pattern", "",
      "applet: the applet's sea/land 2x2 pattern; random: random classes on the start grid",
      ParamType::Choice, 0, 1, kCoastStarts},
     bit(GeneratorId::Coastline),
     TERRAIN_NESTED(coastline, start)},
    {{"start-cells",
      "Start grid",
      "cells",
      "Cells per side of the random start grid (power of two)",
      ParamType::Integer,
      2,
      64,
      {}},
     bit(GeneratorId::Coastline),
     TERRAIN_NESTED(coastline, startCells),
     &startCellsIdle},
    {{"rects",
      "Rectangles",
      "",
      "How many rectangles are added (the article's genStep)",
      ParamType::Integer,
      1,
      1000000,
      {},
      true},
     bit(GeneratorId::Rectangles),
     TERRAIN_NESTED(rectangles, rects)},
    {{"rect-size",
      "Rectangle size",
      "cells",
      "Each side is rect-size/4 plus 0..rect-size-1 cells (the article's recSize)",
      ParamType::Integer,
      1,
      16384,
      {},
      true},
     bit(GeneratorId::Rectangles),
     TERRAIN_NESTED(rectangles, rectSize)},
    {{"zscale",
      "Z scale",
      "",
      "Height shared out over all rectangles (zscale / rects each)",
      ParamType::Real,
      0,
      1000000,
      {},
      true},
     bit(GeneratorId::Rectangles),
     TERRAIN_NESTED(rectangles, zscale)},
    {{"cell-noise",
      "Cell noise",
      "",
      "Scale of the fresh random term 0..0.98 added to every cell",
      ParamType::Real,
      0,
      1000,
      {}},
     bit(GeneratorId::Rectangles),
     TERRAIN_NESTED(rectangles, cellNoise)},
    {{"scaling", "Offset scaling", "",
      "fractal: offsets shrink by 2^-H per level; article: roughness x square size",
      ParamType::Choice, 0, 1, kScalings},
     bit(GeneratorId::DiamondSquare),
     TERRAIN_NESTED(diamondSquare, scaling)},
};

std::span<const ParamDesc> allParams() {
  return kParams;
}

bool isPowerOfTwo(std::int64_t n) {
  return n > 0 && (n & (n - 1)) == 0;
}

std::string shortNumber(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

}  // namespace

const GeneratorInfo& generatorInfo(GeneratorId id) {
  return kGenerators[static_cast<std::size_t>(id)];
}

std::optional<GeneratorId> generatorFromKey(std::string_view key) {
  for (const auto& g : kGenerators) {
    if (g.key == key) return g.id;
  }
  return std::nullopt;
}

std::string generatorKeyList() {
  std::string out;
  for (const auto& g : kGenerators) {
    if (!out.empty()) out += ", ";
    out += g.key;
  }
  return out;
}

std::span<const ParamDesc> parameterTable() {
  return allParams();
}

std::vector<const ParamDesc*> parametersFor(GeneratorId id) {
  std::vector<const ParamDesc*> out;
  for (const auto& p : allParams()) {
    if (p.appliesTo(id)) out.push_back(&p);
  }
  return out;
}

const ParamDesc* findParameter(std::string_view key) {
  for (const auto& p : allParams()) {
    if (p.info.key == key) return &p;
  }
  return nullptr;
}

std::optional<std::string> checkValue(const ParamDesc& desc, double value) {
  const auto& info = desc.info;
  const std::string name = "--" + std::string(info.key);
  if (std::isnan(value))
    return name + ": NaN is not a number; allowed: " + shortNumber(info.min) + " to " +
           shortNumber(info.max);
  if (std::isinf(value))
    return name + ": " + shortNumber(value) + " is infinite; allowed: " + shortNumber(info.min) +
           " to " + shortNumber(info.max);
  if ((info.type == ParamType::Integer || info.type == ParamType::Choice) &&
      value != std::floor(value)) {
    return name + ": " + shortNumber(value) + " is not a whole number";
  }
  if (value < info.min || value > info.max) {
    if (info.type == ParamType::Choice) {
      return name + ": " + shortNumber(value) + " is not a choice";
    }
    return name + ": " + shortNumber(value) +
           " is out of range; allowed: " + shortNumber(info.min) + " to " + shortNumber(info.max);
  }
  return std::nullopt;
}

double parseValue(const ParamDesc& desc, std::string_view text) {
  const std::string name = "--" + std::string(desc.info.key);
  if (desc.info.type == ParamType::Choice) {
    std::string allowed;
    for (std::size_t i = 0; i < desc.info.choices.size(); ++i) {
      if (desc.info.choices[i] == text) return static_cast<double>(i);
      allowed += (i ? ", " : "") + std::string(desc.info.choices[i]);
    }
    throw InputError(name + ": '" + std::string(text) + "' is not a choice; allowed: " + allowed);
  }
  double value = 0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  // from_chars accepts "nan" and "inf", which checkValue then names as such.
  auto [ptr, ec] = std::from_chars(first, last, value);
  if (text.empty() || ec == std::errc::invalid_argument || ptr != last) {
    throw InputError(name + ": '" + std::string(text) + "' is not a number; allowed: " +
                     shortNumber(desc.info.min) + " to " + shortNumber(desc.info.max));
  }
  if (ec == std::errc::result_out_of_range) {
    // from_chars says out of range for underflow too: 1e-400 is 0 (strtod
    // gives 0 or a denormal for it, +-HUGE_VAL for an overflow).
    const double nearest = std::strtod(std::string(text).c_str(), nullptr);
    if (std::abs(nearest) >= 1.0) {
      throw InputError(name + ": '" + std::string(text) + "' is out of range; allowed: " +
                       shortNumber(desc.info.min) + " to " + shortNumber(desc.info.max));
    }
    value = nearest + 0.0;  // -0 -> 0
  }
  if (auto err = checkValue(desc, value)) throw InputError(*err);
  return value;
}

std::string formatValue(const ParamDesc& desc, double value) {
  if (desc.info.type == ParamType::Choice) {
    const auto i = static_cast<std::size_t>(value);
    if (value >= 0 && i < desc.info.choices.size()) return std::string(desc.info.choices[i]);
  }
  return shortNumber(value);
}

std::uint64_t parseSeed(std::string_view text) {
  std::uint64_t seed = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) {
    throw InputError("--seed: '" + std::string(text) +
                     "' is not an unsigned 64-bit integer; allowed: 0 to 18446744073709551615");
  }
  return seed;
}

TerrainSpec defaultSpec(GeneratorId id) {
  TerrainSpec s;
  s.generator = id;
  switch (id) {
    case GeneratorId::RandomWalk:
      s.size = 640;  // one column per pixel of a 640-wide view
      s.smoothing = 10;
      s.water = 0.25;
      break;
    case GeneratorId::Midpoint:
      s.size = 1025;
      s.roughness = 0.2;  // the article's Roughness 0.8 is H = 0.8
      s.water = 0.35;
      break;
    case GeneratorId::Coastline:
      s.size = 128;
      s.water = 0.5;  // classes 0 (sea) and 1 (land) straddle it
      break;
    case GeneratorId::Rectangles:
      s.size = 128;
      s.water = 0.2;
      break;
    case GeneratorId::DiamondSquare:
      s.size = 513;  // detail 9
      s.roughness = 0.3;
      s.water = 0.3;
      break;
  }
  return s;
}

TerrainSpec articlePreset(GeneratorId id) {
  TerrainSpec s = defaultSpec(id);
  switch (id) {
    case GeneratorId::RandomWalk:
      s.randomWalk.smoothingStyle = SmoothingStyle::Article;
      s.water = 0.0;  // the article draws no water
      break;
    case GeneratorId::Midpoint:
      s.size = 513;
      s.roughness = 0.2;  // Roughness 0.8 in the article's own terms (H)
      s.water = 0.0;
      break;
    case GeneratorId::Coastline:
      s.coastline = CoastlineParams{};
      break;
    case GeneratorId::Rectangles:
      s.rectangles = RectanglesParams{};
      break;
    case GeneratorId::DiamondSquare:
      s.roughness = 0.7;
      s.diamondSquare.scaling = OffsetScaling::Article;
      break;
  }
  return s;
}

std::string_view articlePresetSummary(GeneratorId id) {
  switch (id) {
    case GeneratorId::RandomWalk:
      return "640 columns, max height 300, step 6, 10 in-place integer smoothing passes";
    case GeneratorId::Midpoint:
      return "513 points from two zeros, the article's Roughness 0.8 (= H, so roughness 0.2)";
    case GeneratorId::Coastline:
      return "128x128 torus, the applet's sea/land start pattern, sea and land";
    case GeneratorId::Rectangles:
      return "128x128, 1024 rectangles of size 10, zscale 512";
    case GeneratorId::DiamondSquare:
      return "513x513 (detail 9), corners at half height, offsets 0.7 x square size";
  }
  return {};
}

bool sizeAllowed(GeneratorId id, int size) {
  const auto& g = generatorInfo(id);
  if (size < g.minSize || size > g.maxSize) return false;
  switch (g.sizeRule) {
    case SizeRule::Any:
      return true;
    case SizeRule::PowerOfTwo:
      return isPowerOfTwo(size);
    case SizeRule::PowerOfTwoPlusOne:
      return isPowerOfTwo(size - 1);
  }
  return false;
}

int snapSize(GeneratorId id, int size) {
  const auto& g = generatorInfo(id);
  size = std::clamp(size, g.minSize, g.maxSize);
  if (g.sizeRule == SizeRule::Any) return size;
  const int offset = g.sizeRule == SizeRule::PowerOfTwoPlusOne ? 1 : 0;
  int best = g.minSize;
  for (std::int64_t p = 1; p + offset <= g.maxSize; p *= 2) {
    const auto candidate = static_cast<int>(p + offset);
    if (candidate < g.minSize) continue;
    if (std::abs(candidate - size) <= std::abs(best - size)) best = candidate;
  }
  return best;
}

std::vector<int> suggestedSizes(GeneratorId id) {
  const auto& g = generatorInfo(id);
  std::vector<int> out;
  const int offset = g.sizeRule == SizeRule::PowerOfTwoPlusOne ? 1 : 0;
  for (std::int64_t p = 16; p + offset <= std::min(g.maxSize, 16385); p *= 2) {
    out.push_back(static_cast<int>(p + offset));
  }
  return out;
}

std::string sizeRuleText(GeneratorId id) {
  const auto& g = generatorInfo(id);
  const std::string range =
      "between " + std::to_string(g.minSize) + " and " + std::to_string(g.maxSize);
  switch (g.sizeRule) {
    case SizeRule::Any:
      return "a whole number " + range;
    case SizeRule::PowerOfTwo:
      return "a power of two " + range + " (e.g. 128, 256, 1024)";
    case SizeRule::PowerOfTwoPlusOne:
      return "2^k+1 " + range + " (e.g. 257, 513, 1025)";
  }
  return range;
}

int levelsFor(const TerrainSpec& spec) {
  const int size = spec.size;
  switch (spec.generator) {
    case GeneratorId::Midpoint:
    case GeneratorId::DiamondSquare:
      return size > 1 ? std::countr_zero(static_cast<unsigned>(size - 1)) : 0;
    case GeneratorId::Coastline: {
      const int start = spec.coastline.start == CoastStart::Applet ? 2 : spec.coastline.startCells;
      if (size < start || start < 1) return 0;
      return std::countr_zero(static_cast<unsigned>(size)) -
             std::countr_zero(static_cast<unsigned>(start));
    }
    default:
      return 0;
  }
}

void validate(const TerrainSpec& spec) {
  const auto& g = generatorInfo(spec.generator);
  for (const ParamDesc* p : parametersFor(spec.generator)) {
    if (p->info.type == ParamType::Seed) continue;
    if (auto err = checkValue(*p, p->get(spec))) throw InputError(*err);
  }
  if (!sizeAllowed(spec.generator, spec.size)) {
    throw InputError("--size: " + std::to_string(spec.size) + " is not allowed for " +
                     std::string(g.key) + "; allowed: " + sizeRuleText(spec.generator));
  }
  if (spec.generator == GeneratorId::Coastline) {
    const auto& c = spec.coastline;
    if (c.start == CoastStart::Random &&
        (!isPowerOfTwo(c.startCells) || c.startCells > spec.size)) {
      throw InputError("--start-cells: " + std::to_string(c.startCells) +
                       " must be a power of two no larger than --size " +
                       std::to_string(spec.size));
    }
  }
  if (spec.generator == GeneratorId::RandomWalk &&
      spec.randomWalk.stepHeight > spec.randomWalk.maxHeight) {
    throw InputError("--step-height: " + std::to_string(spec.randomWalk.stepHeight) +
                     " is larger than --max-height " + std::to_string(spec.randomWalk.maxHeight));
  }
}

}  // namespace terrain
