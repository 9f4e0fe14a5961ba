#include "core/document/preset_building.hpp"

#include <string_view>

#include "core/graph/graph_edits.hpp"

namespace terrain::landform {
namespace {

// Farmland: oaks and beeches in hedgerows and copses (mask 4, the ridges
// of a fine ridged noise: lines that meet like field boundaries), hawthorn
// and hazel bushes along them and scattered over the open fields, willows
// by the streams and ponds (mask 2). None stands in water.
constexpr std::string_view kRollingHillsLife = R"([
  {"name": "hedgerow trees", "shape": "sphere", "density": 60, "spacing": 7, "scaleMin": 2.4,
   "scaleMax": 3.6, "maxSlope": 30, "mask": 4, "clearance": 3},
  {"name": "willows", "shape": "sphere", "density": 30, "spacing": 8, "scaleMin": 2.0,
   "scaleMax": 3.0, "maxSlope": 20, "mask": 2},
  {"name": "hedge bushes", "shape": "sphere", "density": 60, "spacing": 3, "scaleMin": 0.8,
   "scaleMax": 1.4, "mask": 4},
  {"name": "field bushes", "shape": "sphere", "density": 5, "spacing": 10, "scaleMin": 0.7,
   "scaleMax": 1.2, "mask": 3}
])";

void addLife(Document& doc) {
  const NodeId terrain = doc.graph.output;
  const NodeId fields = addNodeWith(doc, "noise", 1452, 1100,
                                    {{"size", "513"},
                                     {"fractal", "ridged"},
                                     {"features", "24"},
                                     {"roughness", "0.2"},
                                     {"roughness-scale", "gain"}},
                                    3);
  const NodeId hedges = addNodeWith(doc, "height-mask", 1694, 1100,
                                    {{"low", "0.8"}, {"high", "1"}, {"softness", "0.03"}});
  link(doc, fields, hedges, "heights");
  addWaterAndLife(doc, terrain, kRollingHillsLife, hedges);
}

}  // namespace

Document rollingHills() {
  Document doc = startFrom("noise", 12,
                           {{"size", "513"},
                            {"roughness", "0.15"},
                            {"features", "3"},
                            {"warp", "0.08"},
                            {"roughness-scale", "gain"}});
  addStage(doc, "droplets", {{"droplets", "0.6"}});
  addStage(doc, "thermal", {{"talus", "28"}});
  addStage(doc, "stream-power", {{"uplift", "0.3"}, {"steps", "40"}});
  doc.world = {6000.0, 350.0};
  doc.look.snowLine = 1.0;  // farmland: no snow
  doc.look.water = 0.12;
  addLife(doc);
  openIn3D(doc, 0.15);
  return doc;
}

}  // namespace terrain::landform
