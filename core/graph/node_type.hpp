#pragma once
// A node of the terrain graph, as data: one descriptor says what it takes
// (heights or masks, each port required or optional), what it gives, its
// parameters, how far a cell's result reaches (for tiles) and its run
// function. Sources and modifiers are nodes too, with one facet struct more
// (core/nodes/stage.hpp); the panel, the node editor, the CLI, --help and
// the project file read every node's parameters the same way.
#include <any>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/base/map_window.hpp"
#include "core/base/param_table.hpp"
#include "core/base/run_control.hpp"
#include "core/base/world.hpp"
#include "core/scatter/scatter.hpp"

namespace terrain {

// Heights are a terrain in [0, 1]; a mask is 0..1 per cell saying where
// something applies. Heights may feed a mask port (high ground = 1); a mask
// may not feed a heights port. Instances are things placed on the terrain
// (a Scatter node's trees and rocks, InstanceSet below): they feed only
// instances ports (and reroutes), and nothing else feeds those.
enum class PortKind : std::uint8_t { Heights, Mask, Instances };

// "heights", "mask" or "instances": the kind's name in --help, the pages
// and the project file.
constexpr std::string_view portKindName(PortKind kind) {
  return kind == PortKind::Mask ? "mask" : kind == PortKind::Instances ? "instances" : "heights";
}

struct PortInfo {
  std::string_view key;    // "in", "a", "mask": the project file's name
  std::string_view title;  // the editor's label
  PortKind kind = PortKind::Heights;
  bool optional = false;  // may stay unconnected
};

// How far a cell's result reaches, for tiles: the cell alone, a bounded
// neighbourhood, or the whole map.
enum class Locality : std::uint8_t { PerCell, Neighbourhood, WholeMap };

// An instances port's value: what a Scatter node placed whose nearest world
// sample lies in `window`, in the world's metres (ScatterInstance: x east,
// y south from the world's first sample, height in metres), so a tile's
// set is exactly its window of the world's. `species` names each species
// index with the shape the view and the exports draw it as.
//
// How to read a node's instances (the view, the exports): find the port
// with instancesOutput(type), run the evaluator for it as for a mask
// (GraphEvaluator::run(graph, node, port, context), evaluateWindow for a
// tile) and read value.instances(); value.field() is null.
struct InstanceSpecies {
  std::string name;
  std::uint8_t shape = 0;  // ScatterShape (core/scatter/scatter.hpp): cone, sphere, box
};
struct InstanceSet {
  std::vector<ScatterInstance> instances;  // species by species, each in its placing order
  std::vector<InstanceSpecies> species;    // by ScatterInstance::species
  double cellMetres = 1.0;                 // metres between the world's samples
  MapWindow window;                        // the world samples they stand nearest to
};

// A port's value: heights or a mask, both one float per cell (a mask's in
// heights), or instances; shared and never changed once made. Null where an
// optional port is unconnected. It reads as the pointer to its field (the
// heights or the mask) every node uses; instances() is an instances port's.
class PortValue {
 public:
  PortValue() = default;
  PortValue(std::nullptr_t) {}  // NOLINT: null converts as a pointer's does
  template <class T>
  requires std::is_convertible_v<std::shared_ptr<T>, std::shared_ptr<const Heightfield>> PortValue(
      std::shared_ptr<T> field)
      : field_(std::move(field)) {}  // NOLINT: as a pointer
  explicit PortValue(std::shared_ptr<const InstanceSet> instances)
      : instances_(std::move(instances)) {}

  const std::shared_ptr<const Heightfield>& field() const { return field_; }
  const std::shared_ptr<const InstanceSet>& instances() const { return instances_; }
  operator const std::shared_ptr<const Heightfield>&() const { return field_; }  // NOLINT

  const Heightfield* get() const { return field_.get(); }
  const Heightfield& operator*() const { return *field_; }
  const Heightfield* operator->() const { return field_.get(); }
  explicit operator bool() const { return field_ != nullptr || instances_ != nullptr; }
  long use_count() const { return field_.use_count(); }
  void reset() {
    field_.reset();
    instances_.reset();
  }
  friend bool operator==(const PortValue& a, std::nullptr_t) { return !a; }
  // The same values (not equal cells), as pointers compare.
  friend bool operator==(const PortValue& a, const PortValue& b) {
    return a.field_ == b.field_ && a.instances_ == b.instances_;
  }

 private:
  std::shared_ptr<const Heightfield> field_;
  std::shared_ptr<const InstanceSet> instances_;
};

// What a node may know besides its inputs and values.
struct NodeContext {
  std::uint64_t seed = 1;
  World world;
  // Metres between samples when the maps are a window of a larger world (a
  // tile); 0: the world's width across the map itself.
  double cellMetres = 0.0;
  // The world sample under the maps' first column and row (a tile's window;
  // 0 for the whole map): where a node placed in metres (a brush stroke)
  // lands on them.
  std::int64_t originX = 0;
  std::int64_t originY = 0;
  // A node that solves on a coarser grid (NodeType::solveSize): its inputs
  // as a map that many samples across computes them, when the map is larger
  // and the evaluator gives them (empty otherwise; null for open ports).
  // Bit for bit what a preview of that size gives the node, so the solve is
  // the preview's.
  std::vector<PortValue> solveInputs = {};
  // The solve inputs' heights stand on another scale than the maps' (a
  // two-stage world's coarse maps keep their sources' shared range, a
  // preview its own 0..1): the node brings the solve's change to its maps.
  bool solveOnOtherScale = false;
  // Samples a side of the world the maps are a window of (a tile); 0: the
  // maps are the whole world.
  std::int64_t worldSamples = 0;
};

// Metres between the samples of `field`, a map of the context's world or a
// window of it: what every node that measures in metres divides by.
inline double cellMetres(const NodeContext& context, const Heightfield& field) {
  return context.cellMetres > 0.0 ? context.cellMetres
                                  : metresPerCell(context.world, field.width, field.wraps);
}

// Every PortValue is made here, as a mutable object behind a const view, so
// that takePort may move out of one nobody else holds.
inline PortValue makePort(Heightfield&& field) {
  return std::make_shared<Heightfield>(std::move(field));
}
inline PortValue makePort(InstanceSet&& instances) {
  return PortValue(std::make_shared<const InstanceSet>(std::move(instances)));
}
// The heights to work on: moved out when `value` is the only holder (a
// one-shot run's input no other node reads: no copy of a 4097 map), copied
// otherwise (the window's cache keeps it for the next run).
inline Heightfield takePort(PortValue&& value) {
  if (value.use_count() == 1) {
    Heightfield owned = std::move(const_cast<Heightfield&>(*value));  // made by makePort
    value.reset();
    return owned;
  }
  Heightfield copy = *value;
  value.reset();
  return copy;
}

// A node's run function: one value per output port, from one value per
// input port. The same bits for every thread count; throws Cancelled when
// control says and InputError for inputs it cannot combine (maps of two
// sizes). `inputs` are the node's own: it may takePort() the one it changes.
using NodeRun =
    std::function<std::vector<PortValue>(std::vector<PortValue> inputs, const NodeContext& context,
                                         const ParamValues& values, const RunControl& control)>;
// A node without inputs whose samples are pure functions of position
// (locality PerCell): its outputs over `window` of its world, bit for bit
// that window of every other window that holds it.
using NodeRunWindow =
    std::function<std::vector<PortValue>(const NodeContext& context, const ParamValues& values,
                                         const MapWindow& window, const RunControl& control)>;

// Everything a node is, as one value, filled beside its run function (one
// file under core/nodes/). The evaluator, the tiles, the panel, the node
// editor, the CLI, --help and the project file read it through NodeType.
// Members left empty take the defaults written beside them.
struct NodeDescriptor {
  std::string_view key = {};    // CLI and project name
  std::string_view title = {};  // panel and editor name
  std::string_view help = {};   // one line, designer's words
  std::vector<PortInfo> inputs = {};
  std::vector<PortInfo> outputs = {};
  // The parameters' rows (in a table that outlives the node) and defaults.
  ParamSchema params = {};
  // The ParamTable<Params>* the rows come from, for reading the values as
  // their struct (paramTableOf); empty for a node that does not say.
  std::any paramTable = {};
  // Rules across parameters, after each value is checked against its row.
  std::function<void(const ParamValues&)> validate = {};
  // The largest value that means something for these values (iterations:
  // the levels this size holds); empty: the row's max.
  std::function<double(std::size_t param, const ParamValues&)> dynamicMax = {};
  // Why a parameter has no effect for these values (the panel greys it out
  // and shows the reason); empty: it always has one.
  std::function<std::string_view(std::size_t param, const ParamValues&)> idleReason = {};
  // How far a cell's result reaches; localityOf, when set, decides it from
  // the values instead.
  Locality locality = Locality::PerCell;
  std::function<Locality(const ParamValues&)> localityOf = {};
  // A Neighbourhood node's reach: how many cells beyond itself a result
  // reads (a tile computes it with that many more on every side); empty: 0.
  std::function<int(const ParamValues&, double cellMetres)> reach = {};
  // A whole-map node that solves on a coarser grid of its world and brings
  // the result to the map (stream power): the fewest samples across that
  // grid has, for NodeContext::solveInputs; empty: it runs on the map alone.
  std::function<int(const ParamValues&)> solveSize = {};
  // Whether the result depends on the seed or on the world's metres: a node
  // that does not is not re-run when they change.
  bool usesSeed = true;
  bool usesWorld = true;
  NodeRun run = {};
  NodeRunWindow runWindow = {};  // empty: it cannot compute a window alone
};

// Which family a node is of: a source and a modifier are also steps of a
// chain (--generator, --stage, the panel's Source and Modifiers).
enum class NodeFamily : std::uint8_t { Graph, Source, Modifier };

// A node type: its descriptor, read through the names every caller uses.
// SourceStage and ModifierStage (core/nodes/stage.hpp) add their facets.
class NodeType {
 public:
  explicit NodeType(NodeDescriptor descriptor) : d_(std::move(descriptor)) {}
  const NodeDescriptor& descriptor() const { return d_; }
  NodeFamily family() const { return family_; }

  std::string_view key() const { return d_.key; }
  std::string_view title() const { return d_.title; }
  std::string_view help() const { return d_.help; }
  std::span<const ParamInfo> params() const { return d_.params.infos; }
  ParamValues defaults() const { return d_.params.defaults; }
  std::optional<std::size_t> indexOf(std::string_view paramKey) const;
  double dynamicMax(std::size_t param, const ParamValues& values) const;
  std::string_view idleReason(std::size_t param, const ParamValues& values) const;
  // Throws InputError for the first thing wrong: a value against its row,
  // then the descriptor's rules across parameters.
  void validate(const ParamValues& values) const;

  std::span<const PortInfo> inputs() const { return d_.inputs; }
  std::span<const PortInfo> outputs() const { return d_.outputs; }
  Locality locality(const ParamValues& values) const {
    return d_.localityOf ? d_.localityOf(values) : d_.locality;
  }
  int reach(const ParamValues& values, double cellMetres) const {
    return d_.reach ? d_.reach(values, cellMetres) : 0;
  }
  int solveSize(const ParamValues& values) const { return d_.solveSize ? d_.solveSize(values) : 0; }
  bool usesSeed() const { return d_.usesSeed; }
  bool usesWorld() const { return d_.usesWorld; }
  std::vector<PortValue> run(std::vector<PortValue> inputs, const NodeContext& context,
                             const ParamValues& values, const RunControl& control) const {
    return d_.run(std::move(inputs), context, values, control);
  }
  // Throws std::logic_error for a node without a runWindow.
  std::vector<PortValue> runWindow(const NodeContext& context, const ParamValues& values,
                                   const MapWindow& window, const RunControl& control) const;

 protected:
  NodeType(NodeDescriptor descriptor, NodeFamily family)
      : d_(std::move(descriptor)), family_(family) {}

 private:
  NodeDescriptor d_;
  NodeFamily family_ = NodeFamily::Graph;
};

// The node's values as its parameter struct, through the table its rows
// come from; nullptr when its parameters are not a ParamTable<Params>.
template <class Params>
const ParamTable<Params>* paramTableOf(const NodeType& type) {
  const auto* table = std::any_cast<const ParamTable<Params>*>(&type.descriptor().paramTable);
  return table != nullptr ? *table : nullptr;
}

// The port of a node's first instances output (a Scatter's), if it has one.
inline std::optional<std::uint32_t> instancesOutput(const NodeType& type) {
  const auto outputs = type.outputs();
  for (std::uint32_t port = 0; port < outputs.size(); ++port) {
    if (outputs[port].kind == PortKind::Instances) return port;
  }
  return std::nullopt;
}

// The port of a node's first heights input, if it has one.
inline std::optional<std::uint32_t> heightsInput(const NodeType& type) {
  const auto inputs = type.inputs();
  for (std::uint32_t port = 0; port < inputs.size(); ++port) {
    if (inputs[port].kind == PortKind::Heights) return port;
  }
  return std::nullopt;
}

}  // namespace terrain
