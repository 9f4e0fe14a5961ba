#include "core/document/preset_building.hpp"

#include <string_view>

#include "core/graph/graph_edits.hpp"

namespace terrain::landform {
namespace {

// Alpine's foothills: smooth noise brought low by a height curve.
NodeId foothills(Document& doc) {
  const NodeId hills = addNodeWith(
      doc, "noise", 0, 270,
      {{"size", "513"}, {"roughness", "0.2"}, {"features", "4"}, {"roughness-scale", "gain"}}, 1);
  const NodeId low = addNodeWith(doc, "curve", 242, 270,
                                 {{"at-0", "0.05"},
                                  {"at-25", "0.12"},
                                  {"at-50", "0.2"},
                                  {"at-75", "0.27"},
                                  {"at-100", "0.34"}});
  link(doc, hills, low, "in");
  return low;
}

// Spruce and fir forest on the valley sides up to a tree line at 1,800 m
// (the snow line is at 1,960 m), dwarf pines in the band just above and
// below it, boulders and scree blocks on ground steeper than 30 degrees
// (mask 4: where no tree holds on). Nothing stands in water; about 10 trees
// a hectare where the forest is whole, 100k instances or so in all.
constexpr std::string_view kAlpineLife = R"([
  {"name": "conifers", "shape": "cone", "density": 10, "spacing": 9, "scaleMin": 1.4,
   "scaleMax": 2.4, "heightMin": 0, "heightMax": 1800, "maxSlope": 33, "mask": 1,
   "clearance": 4},
  {"name": "dwarf pines", "shape": "sphere", "density": 6, "spacing": 6, "scaleMin": 0.6,
   "scaleMax": 1.2, "heightMin": 1650, "heightMax": 2150, "maxSlope": 38, "mask": 1},
  {"name": "boulders", "shape": "box", "density": 1.5, "spacing": 15, "scaleMin": 0.8,
   "scaleMax": 2.5, "slopeAlign": 0.8, "mask": 4}
])";

void addLife(Document& doc, NodeId terrain) {
  const NodeId steep = addNodeWith(doc, "slope-mask", 1694, 1100,
                                   {{"low", "30"}, {"high", "90"}, {"softness", "4"}});
  link(doc, terrain, steep, "heights");
  addWaterAndLife(doc, terrain, kAlpineLife, steep);
}

}  // namespace

// Mountains where a broad mask is high blended into foothills around them,
// all of it carved by rivers while the mask's ground rises (painted
// uplift), then screes and gullies: the range rises out of hills that
// drain like real ones instead of filling the map.
Document alpine() {
  Document doc = graphFromNoise(21, {{"size", "513"},
                                     {"roughness", "0.4"},
                                     {"features", "3"},
                                     {"warp", "0.1"},
                                     {"roughness-scale", "gain"}});
  // The range lifted off sea level: its lowest sample (0) would be an
  // outlet inside the mountains, a hole their valleys drain into, which
  // the screes then fill and the closing pass fills flat with its basin.
  const NodeId range = addNodeWith(doc, "curve", 242, -135,
                                   {{"at-0", "0.02"},
                                    {"at-25", "0.265"},
                                    {"at-50", "0.51"},
                                    {"at-75", "0.755"},
                                    {"at-100", "1"}});
  link(doc, doc.graph.output, range, "in");
  const NodeId low = foothills(doc);
  const NodeId broad = addNodeWith(
      doc, "noise", 0, 540,
      {{"size", "513"}, {"roughness", "0.05"}, {"features", "1"}, {"roughness-scale", "gain"}}, 2);
  const NodeId where = addNodeWith(doc, "height-mask", 242, 540,
                                   {{"low", "0.35"}, {"high", "1"}, {"softness", "0.2"}});
  // Two million years of uplift in 40 steps of 50,000 years, then 3
  // refining steps at the map's size (was 100 of 20,000 and 10), and 0.2
  // droplets per cell below (was 0.3): the same massif and valleys
  // (heights correlate 0.99) in half the time at 257 and two thirds at
  // 1025 (README, Alpine's speed).
  const NodeId rivers = addNodeWith(
      doc, "stream-power", 242, 0,
      {{"steps", "40"}, {"years-per-step", "50000"}, {"uplift", "2"}, {"refine-steps", "3"}});
  const NodeId blend = addNodeWith(doc, "blend", 484, 135, {});
  const NodeId screes =
      addNodeWith(doc, "thermal", 968, 135, {{"talus", "38"}, {"iterations", "4"}});
  const NodeId gullies = addNodeWith(doc, "droplets", 1210, 135, {{"droplets", "0.2"}});
  // The rivers carry the screes and gully deposits off their beds again,
  // and soil creeps over the fresh cuts: the valleys keep the slopes
  // rivers give them (Flint's law) and no grid direction.
  const NodeId flush = addNodeWith(doc, "stream-power", 1452, 135,
                                   {{"uplift", "1"},
                                    {"steps", "5"},
                                    {"solve-size", "map"},
                                    {"refine-steps", "0"},
                                    {"diffusion", "0.08"}});
  link(doc, broad, where, "heights");
  link(doc, low, blend, "a");
  link(doc, range, blend, "b");
  link(doc, where, blend, "mask");
  link(doc, blend, rivers, "in");
  link(doc, where, rivers, "uplift");
  link(doc, rivers, screes, "in");
  link(doc, screes, gullies, "in");
  link(doc, gullies, flush, "in");
  setOutput(doc.graph, flush);
  doc.world = {12000.0, 2800.0};
  doc.look.water = 0.0;
  doc.look.snowLine = 0.7;
  addLife(doc, flush);
  openIn3D(doc, 0.25);
  return doc;
}

}  // namespace terrain::landform
