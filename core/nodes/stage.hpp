#pragma once
// Sources and modifiers: the nodes a chain is made of (--generator, --stage,
// the panel's Source and Modifiers). Each is a NodeDescriptor plus one facet
// struct, declared as data beside its run function in its own file under
// nodes/sources/ or nodes/modifiers/, and listed with every other node in
// core/graph/node_registry.cpp.
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/base/map_window.hpp"
#include "core/base/param_info.hpp"
#include "core/base/param_table.hpp"
#include "core/base/param_values.hpp"
#include "core/base/run_control.hpp"
#include "core/base/view_kind.hpp"
#include "core/base/world.hpp"
#include "core/graph/node_type.hpp"

namespace terrain {

// A stage is a node; the name the chain's code and the parameter readers use.
using Stage = NodeType;

// Throws Cancelled for a stage that holds a large unfinished field: its
// heights are freed on a short-lived thread of their own, since giving
// 1 GiB back to the system takes 100 ms or more, and the run that
// superseded this one should not wait for it (issue 7: < 50 ms).
[[noreturn]] void abandonRun(Heightfield&& unfinished);
// The same for a stage that also holds scratch buffers as large as the
// field (erosion's previous heights, flow maps): all freed off the thread.
[[noreturn]] void abandonRun(Heightfield&& unfinished, std::vector<std::vector<float>>&& scratch);

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

// What only a source says. A source's node has no input and one heights
// output; its descriptor's validate adds the size rule before its own.
struct SourceFacets {
  // Heights normalised to [0, 1]. A pure function of (seed, values): the
  // same bits for every thread count. Throws Cancelled when control says.
  std::function<Heightfield(std::uint64_t seed, const ParamValues&, const RunControl&)> generate =
      {};
  bool profile = false;  // a 1D side-view profile (else a 2D map)
  SizeRule sizeRule = SizeRule::Any;
  int minSize = 2;
  int maxSize = static_cast<int>(kMaxMapSide);  // the memory cap
  // Refinement levels these values' size holds; empty: no levels (0).
  std::function<int(const ParamValues&)> levels = {};
  std::optional<ArticlePreset> articlePreset = std::nullopt;
  // What a new document of this source starts with: a water level that
  // suits its maps and the modifiers it usually wants (keys, defaults).
  double defaultWater = 0.3;
  std::vector<std::string_view> defaultModifiers = {};
  // The heights are classes (flat tiles), not a surface: no slope shading.
  std::function<bool(const ParamValues&)> classMap = {};
  // Only two classes show, sea and land: the applet's look (article 002).
  std::function<bool(const ParamValues&)> seaAndLand = {};
  // The map wraps like a torus for these values (its cells span the world).
  std::function<bool(const ParamValues&)> wraps = {};
  // Tiles: a source whose every sample is a pure function of (seed, values,
  // position in the world) computes any window of its world alone (values'
  // size is the world's) and says the raw range every window is scaled by.
  // Both empty: it cannot, tiles cut the whole map.
  std::function<TileScale(std::uint64_t seed, const ParamValues&)> tileScale = {};
  // The window's heights on tileScale's range, (raw - low) / (high - low):
  // bit for bit the same window of every other window that holds it.
  std::function<Heightfield(std::uint64_t seed, const ParamValues&, const MapWindow&,
                            const RunControl&)>
      generateWindow = {};
};

class SourceStage final : public NodeType {
 public:
  SourceStage(NodeDescriptor node, SourceFacets facets);
  SourceStage(const SourceStage&) = delete;  // its node's functions point at it
  SourceStage& operator=(const SourceStage&) = delete;

  Heightfield generate(std::uint64_t seed, const ParamValues& values,
                       const RunControl& control) const {
    return f_.generate(seed, values, control);
  }
  bool profile() const { return f_.profile; }
  SizeRule sizeRule() const { return f_.sizeRule; }
  int minSize() const { return f_.minSize; }
  int maxSize() const { return f_.maxSize; }
  int levels(const ParamValues& values) const { return f_.levels ? f_.levels(values) : 0; }
  const std::optional<ArticlePreset>& articlePreset() const { return f_.articlePreset; }
  double defaultWater() const { return f_.defaultWater; }
  const std::vector<std::string_view>& defaultModifiers() const { return f_.defaultModifiers; }
  bool classMap(const ParamValues& values) const { return f_.classMap && f_.classMap(values); }
  bool seaAndLand(const ParamValues& values) const {
    return f_.seaAndLand && f_.seaAndLand(values);
  }
  bool wraps(const ParamValues& values) const { return f_.wraps && f_.wraps(values); }
  // Whether tileScale gives a range (the source computes windows), asked
  // without computing it (diamond-square's needs a lattice).
  bool computesWindows() const { return static_cast<bool>(f_.generateWindow); }
  std::optional<TileScale> tileScale(std::uint64_t seed, const ParamValues& values) const;
  // Only for sources that compute windows (throws std::logic_error otherwise).
  Heightfield generateWindow(std::uint64_t seed, const ParamValues& values, const MapWindow& window,
                             const RunControl& control) const;

  std::size_t sizeIndex() const;  // every source has "size"
  int size(const ParamValues& values) const;
  bool sizeAllowed(int size) const;
  // The size rule alone, without the map cap (a tiled world may be larger).
  bool sizeOnGrid(std::int64_t size) const;
  int snapSize(int size) const;  // nearest allowed size
  std::vector<int> suggestedSizes() const;
  std::string sizeRuleText() const;  // e.g. "2^k+1 between 3 and 16385"

 private:
  SourceFacets f_;
};

// What a modifier may know besides its own values: the document's seed
// (for stages that draw random numbers) and the world's scale in metres.
struct StageContext {
  std::uint64_t seed = 1;
  World world;
};

// What only a modifier says. Its node takes heights and an optional mask
// that limits where it acts (its result where the mask is 1, its input
// where it is 0) and gives heights, unless the descriptor names its own
// ports and run function (stream power's uplift and outlets).
struct ModifierFacets {
  // Heightfield in, heightfield out. Same bits for every thread count.
  std::function<Heightfield(Heightfield field, const StageContext&, const ParamValues&,
                            const RunControl&)>
      apply = {};
  bool appliesToProfiles = true;  // false for stages that make no sense on a 1D profile
  // Each height's result depends on that height alone (curve, terrace,
  // clamp): a tile can run it on its own window.
  bool pointwise = false;
  // Its help as a chain's step, where the node's extra inputs are not
  // there; empty: the node's help.
  std::string_view chainHelp = {};
};

class ModifierStage final : public NodeType {
 public:
  ModifierStage(NodeDescriptor node, ModifierFacets facets);
  ModifierStage(const ModifierStage&) = delete;  // its node's functions point at it
  ModifierStage& operator=(const ModifierStage&) = delete;

  Heightfield apply(Heightfield field, const StageContext& context, const ParamValues& values,
                    const RunControl& control) const {
    return f_.apply(std::move(field), context, values, control);
  }
  bool appliesToProfiles() const { return f_.appliesToProfiles; }
  bool pointwise() const { return f_.pointwise; }
  std::string_view chainHelp() const { return f_.chainHelp.empty() ? help() : f_.chainHelp; }

 private:
  ModifierFacets f_;
};

// The source or modifier a node is; nullptr for another family's node.
const SourceStage* asSource(const NodeType& type);
const ModifierStage* asModifier(const NodeType& type);

// A source's dynamicMax whose "iterations" counts refinement levels: at
// most the levels these values' size holds; every other row its own max.
inline auto iterationsUpToLevels(std::span<const ParamInfo> rows,
                                 int (*levels)(const ParamValues&)) {
  return [rows, levels](std::size_t param, const ParamValues& values) {
    return rows[param].key == "iterations" ? levels(values) : rows[param].max;
  };
}

// The generate function of a source whose raw heights come from a free
// function of (params, seed): normalised to [0, 1]. A cancelled run gives
// up inside the normalisation too (a 16385 map's takes a few hundred ms).
template <class Params>
auto normalisedSource(const ParamTable<Params>& table,
                      Heightfield (*raw)(const Params&, std::uint64_t, const RunControl&)) {
  return [&table, raw](std::uint64_t seed, const ParamValues& values, const RunControl& control) {
    Heightfield field = raw(table.unpack(values), seed, control);
    if (!normaliseUnlessCancelled(field, control.exec, control.cancel)) {
      abandonRun(std::move(field));
    }
    return field;
  };
}

}  // namespace terrain
