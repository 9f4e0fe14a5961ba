// Erosion mask: where erosion upstream ran water (flow), took material
// (wear) or laid it down (deposition), from the maps an erosion node records
// on the heights it gives: rivers for sediment, scars for rock.
#include <memory>

#include "core/look/masks.hpp"
#include "core/nodes/cells.hpp"
#include "core/nodes/nodes.hpp"

namespace terrain {
namespace {

enum class ErosionMap : std::uint8_t { Flow, Wear, Deposition };
constexpr std::string_view kMapNames[] = {"flow", "wear", "deposition"};

struct ErosionMaskParams {
  ErosionMap map = ErosionMap::Flow;
};

MaskKind maskKind(ErosionMap map) {
  switch (map) {
    case ErosionMap::Flow:
      return MaskKind::Flow;
    case ErosionMap::Wear:
      return MaskKind::Wear;
    case ErosionMap::Deposition:
      break;
  }
  return MaskKind::Deposition;
}

const ParamTable<ErosionMaskParams>& table() {
  static const ParamTable<ErosionMaskParams> rows({
      TERRAIN_BIND(ErosionMaskParams, map,
                   (ParamInfo{"map", "Map", "",
                              "flow (where water runs: log of the area drained), wear (material "
                              "taken) or deposition (material laid down)",
                              ParamType::Choice, 0, 2, kMapNames})),
  });
  return rows;
}

std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext& context,
                           const ParamValues& values, const RunControl& control) {
  const Heightfield& heights = *in[0];
  const MaskKind kind = maskKind(table().unpack(values).map);
  if (const auto why = maskUnavailable(heights, kind); !why.empty()) {
    throw InputError("erosion-mask: " + std::string(why) + " upstream of it");
  }
  control.checkpoint(0.0f);
  Heightfield mask(heights.width, heights.height);
  mask.wraps = heights.wraps;
  mask.heights = computeMask(heights, kind, context.world, control.exec);
  return {makePort(std::move(mask))};
}

}  // namespace

const NodeType& erosionMaskNode() {
  static const NodeType node({
      .key = "erosion-mask",
      .title = "Erosion mask",
      .help = "Where the erosion upstream ran water, wore the ground or laid sediment down "
              "(connect a thermal, droplets or stream-power node's heights)",
      .inputs = {{"heights", "Eroded heights", PortKind::Heights, false}},
      .outputs = {{"mask", "Mask", PortKind::Mask, false}},
      .params = table().schema(),
      // The maps are scaled by the whole map's drainage and percentiles.
      .locality = Locality::WholeMap,
      .usesSeed = false,
      .usesWorld = false,
      .run = run,
  });
  return node;
}

}  // namespace terrain
