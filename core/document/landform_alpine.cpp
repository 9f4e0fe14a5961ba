#include "core/document/preset_building.hpp"

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
  openIn3D(doc, 0.25);
  return doc;
}

}  // namespace terrain::landform
