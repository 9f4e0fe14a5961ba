#include "core/document/preset_building.hpp"

#include "core/graph/graph_edits.hpp"

#include <string>

#include "core/strokes/strokes.hpp"

namespace terrain::landform {

namespace {

// A brush stroke at one point of the world, in metres.
Stroke brushAt(StrokeMode mode, double radius, double height, double x, double y,
               double hardness = 0.0) {
  Stroke stroke;
  stroke.mode = mode;
  stroke.radius = radius;
  stroke.height = height;
  stroke.hardness = hardness;
  stroke.points = {{x, y}};
  return stroke;
}

// A cone of stacked soft raises (concave flanks, as a stratovolcano's),
// a smaller vent on its flank, and the caldera lowered into its top.
std::string volcanoStrokes() {
  constexpr double kCentreX = 6000.0, kCentreY = 6200.0;
  return strokesText({brushAt(StrokeMode::Raise, 5600, 900, kCentreX, kCentreY),
                      brushAt(StrokeMode::Raise, 3600, 900, kCentreX, kCentreY),
                      brushAt(StrokeMode::Raise, 1900, 700, kCentreX, kCentreY),
                      brushAt(StrokeMode::Raise, 2400, 700, 3300, 8600),
                      brushAt(StrokeMode::Lower, 650, 400, kCentreX, kCentreY, 0.5)});
}

}  // namespace

// A stratovolcano rising from the sea: low rough ground (noise brought
// down by a curve), the cone and its caldera sculpted in metres, then
// rivers cut the radial ravines (barrancos) down to the sea while soil
// creeps.
Document volcanicIsland() {
  Document doc = graphFromNoise(
      8, {{"size", "513"}, {"roughness", "0.45"}, {"features", "5"}, {"roughness-scale", "gain"}});
  const NodeId source = doc.graph.output;
  const NodeId low = addNodeWith(
      doc, "curve", 242, 0,
      {{"at-0", "0"}, {"at-25", "0.06"}, {"at-50", "0.12"}, {"at-75", "0.18"}, {"at-100", "0.24"}});
  const std::string strokes = volcanoStrokes();
  const NodeId cone = addNodeWith(doc, "sculpt", 484, 0, {{"strokes", strokes}});
  const NodeId ravines = addNodeWith(
      doc, "stream-power", 726, 0,
      {{"sea-level", "0.2"}, {"uplift", "0.3"}, {"steps", "40"}, {"diffusion", "0.05"}});
  // A flat sea floor 150 m below the sea, so that read as a DEM (the sea
  // as ground, issue 40's measure) the noise left under water does not
  // carry the barrancos on at its own slopes (concavity 0.26 at 1025, 0.38
  // flat).
  const NodeId seaFloor = addNodeWith(doc, "clamp", 968, 0, {{"low", "0.15"}});
  link(doc, source, low, "in");
  link(doc, low, cone, "in");
  link(doc, cone, ravines, "in");
  link(doc, ravines, seaFloor, "in");
  setOutput(doc.graph, seaFloor);
  doc.world = {12000.0, 3000.0};
  doc.look.water = 0.2;
  doc.look.snowLine = 0.85;
  openIn3D(doc, 0.25);
  return doc;
}

}  // namespace terrain::landform
