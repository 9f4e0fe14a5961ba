#include "core/nodes/stage.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <stdexcept>
#include <thread>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/base/text_ids.hpp"
#include "core/nodes/cells.hpp"

namespace terrain {

namespace {

// Smaller fields are freed in well under a millisecond: no thread for them.
constexpr std::size_t kLargeFieldCells = std::size_t{1} << 22;

bool isPowerOfTwo(std::int64_t n) {
  return n > 0 && (n & (n - 1)) == 0;
}

constexpr PortInfo kHeightsOut[] = {{"heights", "Heights", PortKind::Heights, false}};
constexpr PortInfo kModifierIn[] = {{"in", "In", PortKind::Heights, false},
                                    {"mask", "Mask", PortKind::Mask, true}};

// A modifier's node run: the stage's apply, limited to the mask when one
// is connected (its input kept to blend back where the mask is below 1).
std::vector<PortValue> runModifier(const ModifierStage& stage, std::vector<PortValue> inputs,
                                   const NodeContext& context, const ParamValues& values,
                                   const RunControl& control) {
  const Heightfield& in = *inputs[0];
  if (in.isProfile() && !stage.appliesToProfiles()) {
    throw InputError(std::string(stage.key()) + " does not apply to a profile");
  }
  const StageContext stageContext{context.seed, context.world};
  const PortValue& mask = inputs[1];
  if (!mask) {
    return {makePort(stage.apply(takePort(std::move(inputs[0])), stageContext, values, control))};
  }
  if (mask->width != in.width || mask->height != in.height) {
    throw InputError(std::string(stage.key()) + ": its mask is " + std::to_string(mask->width) +
                     "x" + std::to_string(mask->height) + " and its input " +
                     std::to_string(in.width) + "x" + std::to_string(in.height) +
                     "; connect a mask of the input's size");
  }
  Heightfield result = stage.apply(in, stageContext, values, control);
  limitToMask(result, in, *mask, control);
  return {makePort(std::move(result))};
}

}  // namespace

// ---- SourceStage ----

SourceStage::SourceStage(NodeDescriptor node, SourceFacets facets)
    : NodeType(
          [this, &facets](NodeDescriptor d) {
            d.outputs = {std::begin(kHeightsOut), std::end(kHeightsOut)};
            // A source whose samples are a pure function of position
            // computes any window alone; the others make their whole map.
            d.locality = facets.generateWindow ? Locality::PerCell : Locality::WholeMap;
            d.usesWorld = false;
            // The size rule before the source's own rules across parameters.
            d.validate = [this, own = std::move(d.validate)](const ParamValues& values) {
              const int n = size(values);
              if (!sizeAllowed(n)) {
                throw InputError("--size: " + std::to_string(n) + " is not allowed for " +
                                 std::string(key()) + "; allowed: " + sizeRuleText());
              }
              if (own) own(values);
            };
            d.run = [this](std::vector<PortValue>, const NodeContext& context,
                           const ParamValues& values, const RunControl& control) {
              return std::vector<PortValue>{makePort(generate(context.seed, values, control))};
            };
            if (facets.generateWindow) {
              d.runWindow = [this](const NodeContext& context, const ParamValues& values,
                                   const MapWindow& window, const RunControl& control) {
                return std::vector<PortValue>{
                    makePort(generateWindow(context.seed, values, window, control))};
              };
            }
            return d;
          }(std::move(node)),
          NodeFamily::Source),
      f_(std::move(facets)) {}

std::optional<TileScale> SourceStage::tileScale(std::uint64_t seed,
                                                const ParamValues& values) const {
  if (!f_.tileScale) return std::nullopt;
  return f_.tileScale(seed, values);
}

Heightfield SourceStage::generateWindow(std::uint64_t seed, const ParamValues& values,
                                        const MapWindow& window, const RunControl& control) const {
  if (!f_.generateWindow) {
    throw std::logic_error(std::string(key()) + " cannot compute a window of its world");
  }
  return f_.generateWindow(seed, values, window, control);
}

std::size_t SourceStage::sizeIndex() const {
  return *indexOf("size");
}

int SourceStage::size(const ParamValues& values) const {
  return static_cast<int>(values[sizeIndex()]);
}

bool SourceStage::sizeAllowed(int n) const {
  return n >= minSize() && n <= maxSize() && sizeOnGrid(n);
}

bool SourceStage::sizeOnGrid(std::int64_t n) const {
  switch (sizeRule()) {
    case SizeRule::Any:
      return true;
    case SizeRule::PowerOfTwo:
      return isPowerOfTwo(n);
    case SizeRule::PowerOfTwoPlusOne:
      return isPowerOfTwo(n - 1);
  }
  return false;
}

int SourceStage::snapSize(int n) const {
  n = std::clamp(n, minSize(), maxSize());
  if (sizeRule() == SizeRule::Any) return n;
  const int offset = sizeRule() == SizeRule::PowerOfTwoPlusOne ? 1 : 0;
  int best = minSize();
  for (std::int64_t p = 1; p + offset <= maxSize(); p *= 2) {
    const auto candidate = static_cast<int>(p + offset);
    if (candidate < minSize()) continue;
    if (std::abs(candidate - n) <= std::abs(best - n)) best = candidate;
  }
  return best;
}

std::vector<int> SourceStage::suggestedSizes() const {
  std::vector<int> out;
  const int offset = sizeRule() == SizeRule::PowerOfTwoPlusOne ? 1 : 0;
  for (std::int64_t p = 16; p + offset <= std::min(maxSize(), 16385); p *= 2) {
    out.push_back(static_cast<int>(p + offset));
  }
  return out;
}

std::string SourceStage::sizeRuleText() const {
  const std::string range =
      "between " + std::to_string(minSize()) + " and " + std::to_string(maxSize());
  switch (sizeRule()) {
    case SizeRule::Any:
      return "a whole number " + range;
    case SizeRule::PowerOfTwo:
      return "a power of two " + range + " (e.g. 128, 256, 1024)";
    case SizeRule::PowerOfTwoPlusOne:
      return "2^k+1 " + range + " (e.g. 257, 513, 1025)";
  }
  return range;
}

// ---- ModifierStage ----

ModifierStage::ModifierStage(NodeDescriptor node, ModifierFacets facets)
    : NodeType(
          [this, &facets](NodeDescriptor d) {
            if (d.inputs.empty()) d.inputs = {std::begin(kModifierIn), std::end(kModifierIn)};
            d.outputs = {std::begin(kHeightsOut), std::end(kHeightsOut)};
            d.locality = facets.pointwise ? Locality::PerCell : Locality::WholeMap;
            if (!d.run) {
              d.run = [this](std::vector<PortValue> inputs, const NodeContext& context,
                             const ParamValues& values, const RunControl& control) {
                return runModifier(*this, std::move(inputs), context, values, control);
              };
            }
            return d;
          }(std::move(node)),
          NodeFamily::Modifier),
      f_(std::move(facets)) {}

const SourceStage* asSource(const NodeType& type) {
  return type.family() == NodeFamily::Source ? static_cast<const SourceStage*>(&type) : nullptr;
}

const ModifierStage* asModifier(const NodeType& type) {
  return type.family() == NodeFamily::Modifier ? static_cast<const ModifierStage*>(&type) : nullptr;
}

void abandonRun(Heightfield&& unfinished) {
  abandonRun(std::move(unfinished), {});
}

void abandonRun(Heightfield&& unfinished, std::vector<std::vector<float>>&& scratch) {
  const std::size_t cells = unfinished.heights.size();
  scratch.push_back(std::move(unfinished.heights));
  if (cells >= kLargeFieldCells) {
    std::thread([dropped = std::move(scratch)] {}).detach();
  }
  throw Cancelled{};
}

}  // namespace terrain
