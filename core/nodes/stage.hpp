#pragma once
// A stage of the terrain pipeline: a source (makes heights from a seed) or a
// modifier (heights in, heights out). Each stage lives in one file with its
// parameter struct, its metadata and its run function; the panel, the CLI,
// --help and the project file are all drawn from that metadata.
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/cancel.hpp"
#include "core/base/heightfield.hpp"
#include "core/base/map_window.hpp"
#include "core/base/parallel.hpp"
#include "core/base/param_info.hpp"
#include "core/base/param_table.hpp"
#include "core/base/param_values.hpp"
#include "core/base/run_control.hpp"
#include "core/base/view_kind.hpp"
#include "core/base/world.hpp"

namespace terrain {

// Throws Cancelled for a stage that holds a large unfinished field: its
// heights are freed on a short-lived thread of their own, since giving
// 1 GiB back to the system takes 100 ms or more, and the run that
// superseded this one should not wait for it (issue 7: < 50 ms).
[[noreturn]] void abandonRun(Heightfield&& unfinished);
// The same for a stage that also holds scratch buffers as large as the
// field (erosion's previous heights, flow maps): all freed off the thread.
[[noreturn]] void abandonRun(Heightfield&& unfinished, std::vector<std::vector<float>>&& scratch);

class Stage {
 public:
  virtual ~Stage() = default;
  virtual std::string_view key() const = 0;    // CLI and project name
  virtual std::string_view title() const = 0;  // panel name
  virtual std::string_view help() const = 0;   // one line, designer's words
  virtual std::span<const ParamInfo> params() const = 0;
  virtual ParamValues defaults() const = 0;

  // The largest value that means something for these values (iterations:
  // the levels this size holds); the metadata max otherwise.
  virtual double dynamicMax(std::size_t param, const ParamValues& values) const;
  // Why a parameter has no effect for these values (the panel greys it out
  // and shows the reason); empty when it has one.
  virtual std::string_view idleReason(std::size_t param, const ParamValues& values) const;
  // Throws InputError for the first thing wrong. The default checks every
  // value against its metadata; stages add rules across parameters.
  virtual void validate(const ParamValues& values) const;

  std::optional<std::size_t> indexOf(std::string_view paramKey) const;
};

// Which sizes a source accepts.
enum class SizeRule : std::uint8_t { Any, PowerOfTwo, PowerOfTwoPlusOne };

// Memory cap: a 16385 x 16385 heightmap is 1 GiB of floats; export needs
// at most ~3x that at peak. Larger requests are refused before allocating.
inline constexpr std::int64_t kMaxMapSide = 16385;
inline constexpr std::int64_t kMaxProfileLength = (1 << 24) + 1;

// The raw range every tile of a world is scaled by (issue 9): a source
// guarantees its raw heights lie in [low, high], so tiles computed apart
// share one scale instead of each its own minimum and maximum.
struct TileScale {
  double low = 0.0;
  double high = 1.0;
  std::string_view basis;  // how the range is known, for the manifest
};

struct ArticlePreset {
  std::string_view article;  // "000" .. "004"
  std::string_view summary;  // what the preset sets, one sentence
  ParamValues values;        // the source's values
  std::uint64_t seed = 1;
  ViewKind view = ViewKind::Map;
  double water = 0.0;       // the article's water level (0: none drawn)
  bool waterPlane = false;  // 3D: draw the water plane (article 004)
};

class SourceStage : public Stage {
 public:
  virtual bool profile() const = 0;  // 1D side-view profile (else a 2D map)
  virtual SizeRule sizeRule() const = 0;
  virtual int minSize() const = 0;
  virtual int maxSize() const = 0;  // the memory cap
  // Refinement levels these values' size holds; 0 without levels.
  virtual int levels(const ParamValues& values) const;
  virtual std::optional<ArticlePreset> articlePreset() const { return std::nullopt; }
  // What a new document of this source starts with: a water level that
  // suits its maps and the modifiers it usually wants (keys, defaults).
  virtual double defaultWater() const { return 0.3; }
  virtual std::vector<std::string_view> defaultModifiers() const { return {}; }
  // The heights are classes (flat tiles), not a surface: no slope shading.
  virtual bool classMap(const ParamValues&) const { return false; }
  // Only two classes show, sea and land: the applet's look (article 002).
  virtual bool seaAndLand(const ParamValues&) const { return false; }
  // Heights normalised to [0, 1]. A pure function of (seed, values): the
  // same bits for every thread count. Throws Cancelled when control says.
  virtual Heightfield generate(std::uint64_t seed, const ParamValues& values,
                               const RunControl& control) const = 0;

  // The map wraps like a torus for these values (its cells span the world).
  virtual bool wraps(const ParamValues& /*values*/) const { return false; }
  // Tiles: a source whose every sample is a pure function of (seed,
  // values, position in the world) computes any window of its world alone
  // (values' size is the world's). nullopt: it cannot, tiles cut the whole map.
  // Whether tileScale gives a range (the source computes windows), asked
  // without computing it (diamond-square's needs a lattice).
  virtual bool computesWindows() const { return false; }
  virtual std::optional<TileScale> tileScale(std::uint64_t /*seed*/,
                                             const ParamValues& /*values*/) const {
    return std::nullopt;
  }
  // The window's heights on tileScale's range, (raw - low) / (high - low):
  // bit for bit the same window of every other window that holds it.
  // Only for sources with a tileScale (throws std::logic_error otherwise).
  virtual Heightfield generateWindow(std::uint64_t seed, const ParamValues& values,
                                     const MapWindow& window, const RunControl& control) const;

  void validate(const ParamValues& values) const override;  // adds the size grid
  std::size_t sizeIndex() const;                            // every source has "size"
  int size(const ParamValues& values) const;

  bool sizeAllowed(int size) const;
  // The size rule alone, without the map cap (a tiled world may be larger).
  bool sizeOnGrid(std::int64_t size) const;
  int snapSize(int size) const;  // nearest allowed size
  std::vector<int> suggestedSizes() const;
  std::string sizeRuleText() const;  // e.g. "2^k+1 between 3 and 16385"
};

// What a modifier may know besides its own values: the document's seed
// (for stages that draw random numbers) and the world's scale in metres.
struct StageContext {
  std::uint64_t seed = 1;
  World world;
};

class ModifierStage : public Stage {
 public:
  // Heightfield in, heightfield out. Same bits for every thread count.
  virtual Heightfield apply(Heightfield field, const StageContext& context,
                            const ParamValues& values, const RunControl& control) const = 0;
  // False for stages that make no sense on a 1D profile.
  virtual bool appliesToProfiles() const { return true; }
  // Each height's result depends on that height alone (curve, terrace,
  // clamp): a tile can run it on its own window.
  virtual bool pointwise() const { return false; }
};

// A stage whose parameters are a struct: Base is SourceStage or
// ModifierStage; the table is built once, in the stage's constructor.
template <class Base, class Params>
class TypedStage : public Base {
 public:
  explicit TypedStage(std::vector<ParamBinding<Params>> rows) : table_(std::move(rows)) {}
  std::span<const ParamInfo> params() const override { return table_.infos(); }
  ParamValues defaults() const override { return table_.pack(Params{}); }
  ParamValues pack(const Params& p) const { return table_.pack(p); }
  Params unpack(const ParamValues& values) const { return table_.unpack(values); }

 private:
  ParamTable<Params> table_;
};

// A source whose raw heights come from a free function of (params, seed);
// the stage normalises them to [0, 1]. A cancelled run gives up inside the
// normalisation too (a 16385 map's takes a few hundred ms).
template <class Params, Heightfield (*Raw)(const Params&, std::uint64_t, const RunControl&)>
class NormalisedSource : public TypedStage<SourceStage, Params> {
 public:
  using TypedStage<SourceStage, Params>::TypedStage;
  Heightfield generate(std::uint64_t seed, const ParamValues& values,
                       const RunControl& control) const final {
    Heightfield field = Raw(this->unpack(values), seed, control);
    if (!normaliseUnlessCancelled(field, control.exec, control.cancel)) {
      abandonRun(std::move(field));
    }
    return field;
  }
};

}  // namespace terrain
