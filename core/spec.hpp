#pragma once
// What to generate: a plain value (generator, seed, parameters) that the
// panel and the CLI both edit through one table of parameter metadata.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace terrain {

enum class GeneratorId : std::uint8_t {
  RandomWalk,
  Midpoint,
  Coastline,
  Rectangles,
  DiamondSquare
};
inline constexpr std::array kAllGenerators = {GeneratorId::RandomWalk, GeneratorId::Midpoint,
                                              GeneratorId::Coastline, GeneratorId::Rectangles,
                                              GeneratorId::DiamondSquare};

// Which sizes a generator accepts.
enum class SizeRule : std::uint8_t { Any, PowerOfTwo, PowerOfTwoPlusOne };

struct GeneratorInfo {
  GeneratorId id;
  std::string_view key;      // CLI name, e.g. "diamond-square"
  std::string_view title;    // panel name
  std::string_view article;  // "000" .. "004"
  bool profile;              // 1D side-view profile (else 2D heightmap)
  SizeRule sizeRule;
  int minSize;
  int maxSize;  // the memory cap: see kMaxMapCells
};

// Memory cap: a 16385 x 16385 heightmap is 1 GiB of floats; export needs
// at most ~3x that at peak. Larger requests are refused before allocating.
inline constexpr std::int64_t kMaxMapSide = 16385;
inline constexpr std::int64_t kMaxProfileLength = (1 << 24) + 1;

const GeneratorInfo& generatorInfo(GeneratorId id);
std::optional<GeneratorId> generatorFromKey(std::string_view key);
std::string generatorKeyList();  // "random-walk, midpoint, ..."

// Choice parameters keep their values as small integers.
enum class SmoothingStyle : int { Scaled = 0, Article = 1 };
enum class Endpoints : int { Zero = 0, Random = 1 };
enum class CoastStart : int { Applet = 0, Random = 1 };
enum class CoastMode : int { Classes = 0, Heights = 1 };
enum class OffsetScaling : int { Fractal = 0, Article = 1 };

// Article 000. The walk's units are the article's pixels.
struct RandomWalkParams {
  int maxHeight = 300;  // ceiling of the walk (the article: screen height / 2)
  int stepHeight = 6;   // largest rise or fall per column (article: maxHeight / 50)
  SmoothingStyle smoothingStyle = SmoothingStyle::Scaled;

  bool operator==(const RandomWalkParams&) const = default;
};

// Article 001.
struct MidpointParams {
  Endpoints endpoints = Endpoints::Zero;  // the article starts from two zeros

  bool operator==(const MidpointParams&) const = default;
};

// Article 002.
struct CoastlineParams {
  CoastMode mode = CoastMode::Classes;
  int classes = 2;                        // 2 = sea/land .. 6 terrain classes
  CoastStart start = CoastStart::Applet;  // the applet's 2x2 start pattern
  int startCells = 2;                     // cells per side of the start grid (random start)

  bool operator==(const CoastlineParams&) const = default;
};

// Article 003.
struct RectanglesParams {
  int rects = 1024;        // genStep
  int rectSize = 10;       // recSize, cells
  double zscale = 512.0;   // total height spread over all rectangles
  double cellNoise = 1.0;  // scale of the per-cell term (rand()%50)/50

  bool operator==(const RectanglesParams&) const = default;
};

// Article 004.
struct DiamondSquareParams {
  OffsetScaling scaling = OffsetScaling::Fractal;

  bool operator==(const DiamondSquareParams&) const = default;
};

struct TerrainSpec {
  GeneratorId generator = GeneratorId::DiamondSquare;
  std::uint64_t seed = 1;
  int size = 513;          // samples per side (profiles: points)
  double roughness = 0.5;  // 0..1, higher is rougher; H = 1 - roughness
  int iterations = 30;     // refinement levels to run; more than the size holds = all
  int smoothing = 0;       // smoothing passes
  double water = 0.3;      // water level, 0..1 of the normalised height
  RandomWalkParams randomWalk;
  MidpointParams midpoint;
  CoastlineParams coastline;
  RectanglesParams rectangles;
  DiamondSquareParams diamondSquare;

  bool operator==(const TerrainSpec&) const = default;
};

enum class ParamType : std::uint8_t { Seed, Integer, Real, Choice };

struct ParamInfo {
  std::string_view key;    // CLI flag without the dashes
  std::string_view label;  // panel label
  std::string_view unit;   // "" when unitless
  std::string_view help;   // one line
  ParamType type;
  double min;
  double max;
  std::span<const std::string_view> choices;  // Choice only: value i is choices[i]
  bool logarithmic = false;                   // panel slider hint
};

struct ParamDesc {
  ParamInfo info;
  std::uint32_t generators;           // bit (1 << GeneratorId) for each generator it applies to
  double (*get)(const TerrainSpec&);  // not for Seed
  void (*set)(TerrainSpec&, double);  // not for Seed; value already checked
  // Why the parameter has no effect for this spec (e.g. roughness in a class
  // map); empty when it does. nullptr: always has an effect.
  std::string_view (*idleReason)(const TerrainSpec&) = nullptr;

  std::string_view idleFor(const TerrainSpec& spec) const {
    return idleReason ? idleReason(spec) : std::string_view{};
  }

  bool appliesTo(GeneratorId id) const { return (generators >> static_cast<unsigned>(id)) & 1U; }
};

// Common parameters first (seed, roughness, iterations, smoothing, water,
// size), then each generator's own, in panel order.
std::span<const ParamDesc> parameterTable();
std::vector<const ParamDesc*> parametersFor(GeneratorId id);
const ParamDesc* findParameter(std::string_view key);

// Checks one value for one parameter; nullopt when fine, else a message
// naming the parameter, the value and what is allowed. Does not check
// generator-dependent rules such as the size grid (see validate()).
std::optional<std::string> checkValue(const ParamDesc& desc, double value);
// Parses a typed value ("0.5", "1e3", a choice name); throws InputError.
double parseValue(const ParamDesc& desc, std::string_view text);
std::string formatValue(const ParamDesc& desc, double value);
std::uint64_t parseSeed(std::string_view text);  // throws InputError

// The article's own values for everything, with a resolution-independent
// smoothing and fractal roughness where the article has its own meaning.
TerrainSpec defaultSpec(GeneratorId id);
// Reproduces the article: its sizes, its smoothing, its offset scaling.
TerrainSpec articlePreset(GeneratorId id);
// A short sentence on what the preset sets, for the panel and README.
std::string_view articlePresetSummary(GeneratorId id);

// Throws InputError for the first thing wrong with the spec.
void validate(const TerrainSpec& spec);

bool sizeAllowed(GeneratorId id, int size);
int snapSize(GeneratorId id, int size);  // nearest allowed size
std::vector<int> suggestedSizes(GeneratorId id);
std::string sizeRuleText(GeneratorId id);  // e.g. "2^k+1 between 3 and 16385"
// Refinement levels the spec's size holds (midpoint 2^k+1 -> k, coastline
// 2^k from a 2x2 start -> k-1, ...); 0 for the generators without levels.
int levelsFor(const TerrainSpec& spec);

}  // namespace terrain
