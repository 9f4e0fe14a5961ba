// Water: the sea, lakes and rivers a terrain holds (core/hydrology/water.hpp), as one
// node rather than three: a river's surface depends on the lake it leaves
// and the sea it reaches, a lake's level on the rivers feeding it, and all
// three share one fill and one drainage, so they are computed together and
// meet where they join. Each map is a port of its own.
#include "core/nodes/water.hpp"

#include <array>
#include <memory>

#include "core/hydrology/water.hpp"
#include "core/nodes/cells.hpp"
#include "core/nodes/nodes.hpp"

namespace terrain {
namespace {

constexpr std::string_view kKey = "water";
constexpr std::string_view kSeaNames[] = {"connected", "below", "none"};

const ParamTable<WaterParams>& table() {
  static const ParamTable<WaterParams> rows({
      TERRAIN_BIND(WaterParams, seaLevel,
                   (ParamInfo{"sea-level", "Sea level", "m",
                              "Where the sea stands, in metres on the world's elevations (its "
                              "base elevation plus height times the height range)",
                              ParamType::Real, -12000, 12000})),
      TERRAIN_BIND(WaterParams, sea,
                   (ParamInfo{"sea", "Sea", "",
                              "Which ground below the sea level is sea: connected (joined to the "
                              "map's edge; basins inland hold lakes), below (all of it) or none",
                              ParamType::Choice, 0, 2, kSeaNames})),
      TERRAIN_BIND(WaterParams, rainfall,
                   (ParamInfo{"rainfall",
                              "Rainfall",
                              "mm/yr",
                              "Rain per year, all of it running off: rivers' discharge is the "
                              "area they drain times this (the rain input scales it per cell)",
                              ParamType::Real,
                              1,
                              10000,
                              {},
                              true})),
      TERRAIN_BIND(WaterParams, evaporation,
                   (ParamInfo{"evaporation", "Evaporation", "mm/yr",
                              "Evaporation per year from open water: a lake whose inflow cannot "
                              "make up for it stays below its spill height and has no outlet; "
                              "rivers lose it over their width and may dry out",
                              ParamType::Real, 0, 10000})),
      TERRAIN_BIND(WaterParams, minLakeDepth,
                   (ParamInfo{"lake-depth", "Lakes from depth", "m",
                              "A basin whose deepest point lies less than this below its spill "
                              "height is a puddle, not a lake: rivers cross it",
                              ParamType::Real, 0, 500})),
      TERRAIN_BIND(WaterParams, minLakeArea,
                   (ParamInfo{"lake-area", "Lakes from area", "m2",
                              "A basin covering less than this at its spill height is a puddle, "
                              "not a lake: rivers cross it",
                              ParamType::Real, 0, 1e8})),
      TERRAIN_BIND(WaterParams, riverArea,
                   (ParamInfo{"river-area",
                              "River starts at",
                              "km2",
                              "The area a cell drains where a river begins",
                              ParamType::Real,
                              0.01,
                              1000,
                              {},
                              true})),
      TERRAIN_BIND(WaterParams, widthCoeff,
                   (ParamInfo{"width",
                              "Width coefficient",
                              "m",
                              "a in a river's width = a Q^0.5 (metres, Q its discharge in m3/s)",
                              ParamType::Real,
                              0.1,
                              100,
                              {},
                              true})),
      TERRAIN_BIND(WaterParams, depthCoeff,
                   (ParamInfo{"depth",
                              "Depth coefficient",
                              "m",
                              "c in a river's depth = c Q^0.4 (metres, Q its discharge in m3/s)",
                              ParamType::Real,
                              0.01,
                              20,
                              {},
                              true})),
      TERRAIN_BIND(
          WaterParams, wetDistance,
          (ParamInfo{"wet-distance",
                     "Wet distance",
                     "m",
                     "How far the wetness reaches from water: 1 at the water, falling to 0 "
                     "at this distance ((1 - d / distance)^2)",
                     ParamType::Real,
                     1,
                     5000,
                     {},
                     true})),
      TERRAIN_BIND(WaterParams, fullSpeed,
                   (ParamInfo{"full-speed",
                              "Flow map's full speed",
                              "m/s",
                              "The speed the flow map's full scale stands for (0.5 is still "
                              "water, 0 and 1 this speed either way)",
                              ParamType::Real,
                              0.01,
                              50,
                              {},
                              true})),
  });
  return rows;
}

constexpr std::array<PortInfo, 2> kInputs = {
    {{"in", "Heights", PortKind::Heights, false}, {"rain", "Rain", PortKind::Mask, true}}};
constexpr std::array<PortInfo, 8> kOutputs = {
    {{"surface", "Water surface", PortKind::Heights, false},
     {"depth", "Depth", PortKind::Mask, false},
     {"lake", "Lakes", PortKind::Mask, false},
     {"river", "Rivers", PortKind::Mask, false},
     {"sea", "Sea", PortKind::Mask, false},
     {"flow-x", "Flow X", PortKind::Mask, false},
     {"flow-y", "Flow Y", PortKind::Mask, false},
     {"wetness", "Wetness", PortKind::Mask, false}}};

PortValue mapLike(const Heightfield& shape, std::vector<float>&& cells) {
  Heightfield out(shape.width, shape.height);
  out.wraps = shape.wraps;
  out.heights = std::move(cells);
  return makePort(std::move(out));
}

std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext& context,
                           const ParamValues& values, const RunControl& control) {
  const Heightfield& ground = *in[0];
  if (ground.isProfile()) throw InputError("water does not apply to a profile");
  if (in[1]) requireSameSize(kKey, "in", ground, "rain", *in[1]);
  const WaterParams p = table().unpack(values);
  WaterMaps maps =
      computeWater(ground, in[1].get(), context.world, cellMetres(context, ground), p, control);
  return {mapLike(ground, std::move(maps.surface)), mapLike(ground, std::move(maps.depth)),
          mapLike(ground, std::move(maps.lake)),    mapLike(ground, std::move(maps.river)),
          mapLike(ground, std::move(maps.sea)),     mapLike(ground, std::move(maps.flowX)),
          mapLike(ground, std::move(maps.flowY)),   mapLike(ground, std::move(maps.wetness))};
}

}  // namespace

WaterParams waterParamsOf(const ParamValues& values) {
  return table().unpack(values);
}

const NodeType& waterNode() {
  static const NodeType node({
      .key = kKey,
      .title = "Water",
      .help = "The sea below a level, lakes filling the closed basins to their spill height (or "
              "lower where evaporation wins) and rivers along the drainage, sized by their "
              "discharge; gives the water surface, depth (height units), a mask per kind, a flow "
              "map and wetness",
      .inputs = {kInputs.begin(), kInputs.end()},
      .outputs = {kOutputs.begin(), kOutputs.end()},
      .params = table().schema(),
      // A lake's level and a river's discharge depend on the whole basin
      // upstream: tiles take it from the coarse world, as erosion's.
      .locality = Locality::WholeMap,
      .usesSeed = false,
      .run = run,
  });
  return node;
}

}  // namespace terrain
