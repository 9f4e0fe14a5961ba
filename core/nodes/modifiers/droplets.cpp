// Hydraulic erosion by droplets, the modifier stage: its parameters and
// their metadata, and the erosion maps it hands on. The droplets
// themselves (Beyer's method, parallel and deterministic) are
// core/nodes/modifiers/droplets_eroder.cpp.
#include "core/nodes/modifiers/droplets.hpp"

#include <string_view>
#include <utility>

namespace terrain {
namespace {

const ParamTable<DropletsParams>& table() {
  static const ParamTable<DropletsParams> rows({
      TERRAIN_BIND(DropletsParams, droplets,
                   (ParamInfo{"droplets", "Droplets", "per cell",
                              "How much rain: droplets per cell of the map (0..4), so a "
                              "257 preview and a 4097 export get the same cover; more "
                              "droplets carve deeper valleys and take longer",
                              ParamType::Real, 0, 4})),
      TERRAIN_BIND(DropletsParams, lifetime,
                   (ParamInfo{"lifetime", "Lifetime", "steps",
                              "How far a droplet runs before it soaks away: steps of one "
                              "cell (1..100); longer carves longer valleys",
                              ParamType::Integer, 1, 100})),
      TERRAIN_BIND(DropletsParams, inertia,
                   (ParamInfo{"inertia", "Inertia", "",
                              "How much a droplet keeps its direction instead of turning "
                              "downhill (0..0.95): higher gives smoother, wider bends",
                              ParamType::Real, 0, 0.95})),
      TERRAIN_BIND(DropletsParams, capacity,
                   (ParamInfo{"capacity", "Capacity", "",
                              "How much sediment fast water on steep ground carries "
                              "(0..32): higher cuts deeper channels",
                              ParamType::Real, 0, 32})),
      TERRAIN_BIND(DropletsParams, deposition,
                   (ParamInfo{"deposition", "Deposition", "",
                              "How quickly a droplet drops sediment it cannot carry "
                              "(0..1 of the surplus per step): higher fills valleys sooner",
                              ParamType::Real, 0, 1})),
      TERRAIN_BIND(DropletsParams, erosion,
                   (ParamInfo{"erosion", "Erosion", "",
                              "How quickly a droplet picks up ground (0..1 of its spare "
                              "capacity per step): higher wears the ground faster",
                              ParamType::Real, 0, 1})),
      TERRAIN_BIND(DropletsParams, evaporation,
                   (ParamInfo{"evaporation", "Evaporation", "",
                              "Water lost per step (0..0.5): higher makes droplets weaker "
                              "sooner, so valleys stay short",
                              ParamType::Real, 0, 0.5})),
      TERRAIN_BIND(DropletsParams, gravity,
                   (ParamInfo{"gravity", "Gravity", "",
                              "How fast droplets speed up downhill (0..20): faster water "
                              "carries more",
                              ParamType::Real, 0, 20})),
      TERRAIN_BIND(DropletsParams, radius,
                   (ParamInfo{"radius", "Radius", "cells",
                              "How wide a droplet wears the ground, in cells (1..8): wider "
                              "gives broader, softer valleys",
                              ParamType::Integer, 1, 8})),
  });
  return rows;
}

std::string_view idleReason(std::size_t param, const ParamValues& values) {
  if (table().infos()[param].key != "droplets" && table().unpack(values).droplets <= 0.0) {
    return "With no droplets nothing erodes";
  }
  return {};
}

Heightfield apply(Heightfield field, const StageContext& context, const ParamValues& values,
                  const RunControl& control) {
  DropletsResult result =
      erodeWithDroplets(field, table().unpack(values), context.world, context.seed, control);
  addErosion(field, std::move(result.maps));
  control.checkpoint(1.0f);
  return field;
}

}  // namespace

const ModifierStage& dropletsModifier() {
  static const ModifierStage node(
      {
          .key = "droplets",
          .title = "Hydraulic erosion",
          .help = "Rain droplets run downhill, wear channels into the slopes and drop the "
                  "sediment in valleys and pits (Beyer 2015); lifetime and radius are in cells, "
                  "so an export carves finer channels than its preview",
          .params = table().schema(),
          .paramTable = &table(),
          .idleReason = idleReason,
      },
      {.apply = apply, .appliesToProfiles = false});
  return node;
}

}  // namespace terrain
