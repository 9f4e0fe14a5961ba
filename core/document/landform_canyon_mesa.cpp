#include "core/document/preset_building.hpp"

namespace terrain::landform {

Document canyonMesa() {
  Document doc = startFrom("noise", 3,
                           {{"size", "513"},
                            {"roughness", "0.25"},
                            {"features", "3"},
                            {"warp", "0.2"},
                            {"roughness-scale", "gain"}});
  addStage(doc, "terrace", {{"steps", "4"}, {"softness", "0.04"}});
  addStage(doc, "thermal", {{"talus", "55"}, {"iterations", "2"}});
  addStage(doc, "droplets", {{"droplets", "0.3"}});
  doc.world = {8000.0, 700.0};
  doc.look.water = 0.0;
  doc.look.snowLine = 1.0;  // a dry plateau: no snow
  // Desert: bare sand wherever it is not rock (every cell's flow passes
  // 0), and a climate whose evaporation empties the terraces' basins.
  doc.look.sedimentFlow = 0.0;
  doc.look.rainfall = 250.0;
  doc.look.evaporation = 2000.0;
  openIn3D(doc, 0.2);
  return doc;
}

}  // namespace terrain::landform
