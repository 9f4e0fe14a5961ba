#include "core/document/preset_building.hpp"

namespace terrain::landform {

Document islands() {
  Document doc = startFrom("coastline", 5,
                           {{"size", "512"},
                            {"mode", "heights"},
                            {"start", "random"},
                            {"start-cells", "8"},
                            {"roughness", "0.35"}});
  addStage(doc, "smooth", {{"passes", "6"}});
  // Its water runs one way at every size: spread over its 30 refinement
  // steps, the 4096 export's concavity measures 0.23 (0.31 one way),
  // below the landform bound of 0.3.
  addStage(doc, "stream-power",
           {{"sea-level", "0.5"},
            {"steps", "40"},
            {"diffusion", "0.03"},
            {"refine-steps", "30"},
            {"spread-below", "0"}});
  addStage(doc, "droplets", {{"droplets", "0.5"}});
  addStage(doc, "stream-power",
           {{"sea-level", "0.5"},
            {"uplift", "0.5"},
            {"steps", "3"},
            {"solve-size", "map"},
            {"refine-steps", "0"},
            {"diffusion", "0.05"},
            {"spread-below", "0"}});
  // A flat sea floor 45 m below the sea: read as a DEM (the sea as
  // ground, as issue 40 measures rivers), the rough floor the coastline
  // leaves under water carried the rivers on at sea-floor slopes and
  // measured their concavity 0.20 at 1025; flat, 0.40 (at 2049 it still
  // measures 0.18: issue 40 item 4 is open there).
  addStage(doc, "clamp", {{"low", "0.45"}});
  doc.look.water = 0.5;
  doc.world = {16384.0, 900.0};
  openIn3D(doc, 0.1);  // 900 m over 16 km: less would flatten, more spike
  return doc;
}

}  // namespace terrain::landform
