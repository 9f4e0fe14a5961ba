#include "core/document/preset_building.hpp"

#include "core/graph/graph_edits.hpp"

#include <string>
#include <string_view>

#include "core/strokes/strokes.hpp"

namespace terrain::landform {

namespace {

// Alders and willows along the river and its streams, reeds at the water's
// edge (both where the water's wetness reaches: mask 2), bushes and oaks
// over the drier hills (mask 3). None stands in water.
constexpr std::string_view kRiverValleyLife = R"([
  {"name": "riparian trees", "shape": "sphere", "density": 35, "spacing": 7, "scaleMin": 2.0,
   "scaleMax": 3.2, "maxSlope": 25, "mask": 2, "clearance": 3},
  {"name": "reeds", "shape": "cone", "density": 150, "spacing": 2.5, "scaleMin": 0.12,
   "scaleMax": 0.2, "maxSlope": 10, "mask": 2},
  {"name": "field bushes", "shape": "sphere", "density": 2, "spacing": 6, "scaleMin": 0.8,
   "scaleMax": 1.3, "maxSlope": 35, "mask": 3},
  {"name": "oaks", "shape": "sphere", "density": 2, "spacing": 10, "scaleMin": 2.4,
   "scaleMax": 3.4, "maxSlope": 30, "mask": 3}
])";

}  // namespace

// A broad river drawn across hill country: the river node carves its bed
// and banks, and the hills' own valleys are cut down to it (its footprint
// is stream power's outlets) while soil creeps over the ridges.
Document riverValley() {
  Document doc = graphFromNoise(4, {{"size", "513"},
                                    {"roughness", "0.3"},
                                    {"features", "3"},
                                    {"warp", "0.1"},
                                    {"roughness-scale", "gain"}});
  const NodeId source = doc.graph.output;
  // Its legs keep 10 degrees or more off the grid's eight directions:
  // banks falling straight down a diagonal comb their channels along it.
  Stroke path;
  path.mode = StrokeMode::Path;
  path.points = {{0, 2600},    {2200, 3400}, {4000, 3100}, {5600, 4000},
                 {6600, 5700}, {8400, 6200}, {10000, 7100}};
  const std::string course = strokesText({path});
  const NodeId river =
      addNodeWith(doc, "river", 242, 0,
                  {{"path", course}, {"width", "200"}, {"depth", "40"}, {"banks", "1400"}});
  const NodeId valleys = addNodeWith(
      doc, "stream-power", 484, 0,
      {{"uplift", "0.5"}, {"steps", "40"}, {"m-over-n", "0.55"}, {"diffusion", "0.02"}});
  link(doc, source, river, "in");
  link(doc, river, valleys, "in");
  link(doc, river, valleys, "outlets", "mask");
  setOutput(doc.graph, valleys);
  doc.world = {10000.0, 700.0};
  doc.look.water = 0.0;
  doc.look.snowLine = 1.0;  // temperate lowland: no snow
  addWaterAndLife(doc, valleys, kRiverValleyLife);
  openIn3D(doc, 0.2);
  return doc;
}

}  // namespace terrain::landform
