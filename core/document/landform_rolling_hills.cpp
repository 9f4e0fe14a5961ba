#include "core/document/preset_building.hpp"

namespace terrain::landform {

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
  openIn3D(doc, 0.15);
  return doc;
}

}  // namespace terrain::landform
