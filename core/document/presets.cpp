#include "core/document/presets.hpp"

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <utility>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/graph_layout.hpp"
#include "core/graph/node_type.hpp"
#include "core/nodes/registry.hpp"
#include "core/strokes/strokes.hpp"

namespace terrain {
namespace {

using Settings = std::initializer_list<std::pair<std::string_view, std::string_view>>;

// Values are written as a designer types them ("ridged", "0.4"), parsed
// by the stage's own metadata, so a renamed choice fails the preset test.
void setValues(const Stage& stage, ParamValues& values, Settings settings) {
  for (const auto& [key, text] : settings) {
    const auto index = stage.indexOf(key);
    if (!index)
      throw InputError("preset: " + std::string(stage.key()) + " has no " + std::string(key));
    values[*index] = parseValue(stage.params()[*index], text);
  }
}

Document startFrom(std::string_view source, std::uint64_t seed, Settings settings) {
  Chain chain{{std::string(source), sourceStage(source).defaults()}, {}};
  setValues(sourceStage(source), chain.source.values, settings);
  Document doc = chainDocument(chain);
  doc.seed = seed;
  return doc;
}

void addStage(Document& doc, std::string_view key, Settings settings) {
  GraphNode& node = appendModifier(doc.graph, key);
  setValues(modifierStage(key), node.values, settings);
}

// A node of a graph preset with its values set; its port names are the
// project file's.
NodeId addNodeWith(Document& doc, std::string_view type, float x, float y, Settings settings,
                   std::uint32_t seedOffset = 0) {
  const NodeId id = addNode(doc.graph, type, x, y);
  GraphNode& node = *doc.graph.find(id);
  setValues(typeOf(node), node.values, settings);
  node.seedOffset = seedOffset;
  return id;
}

std::uint32_t portNamed(std::span<const PortInfo> ports, std::string_view key) {
  std::uint32_t port = 0;
  while (port < ports.size() && ports[port].key != key) ++port;
  return port;
}

// From the node's first output unless one is named.
void link(Document& doc, NodeId from, NodeId to, std::string_view toPort,
          std::string_view fromPort = {}) {
  const std::uint32_t out =
      fromPort.empty() ? 0 : portNamed(typeOf(*doc.graph.find(from)).outputs(), fromPort);
  connect(doc.graph, {from, out}, {to, portNamed(typeOf(*doc.graph.find(to)).inputs(), toPort)});
}

// Every preset opens in 3D with the splat map's materials, its relief
// exaggerated as its world's proportions want, and its nodes laid out by
// the node editor's layout (the places given above are replaced).
void openIn3D(Document& doc, double exaggeration) {
  layOut(doc.graph);
  doc.view.kind = ViewKind::Mesh;
  doc.view.overlay = MapOverlay::Splat;
  doc.view.exaggeration = exaggeration;
}

// A graph document whose source (the default noise) has these values.
Document graphFromNoise(std::uint64_t seed, Settings settings) {
  Document doc = chainDocument({{"noise", sourceStage("noise").defaults()}, {}});
  doc.seed = seed;
  GraphNode& source = *doc.graph.find(doc.graph.output);
  setValues(typeOf(source), source.values, settings);
  return doc;
}

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
  doc.look.water = 0.5;
  doc.world = {16384.0, 900.0};
  openIn3D(doc, 0.1);  // 900 m over 16 km: less would flatten, more spike
  return doc;
}

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
  link(doc, source, low, "in");
  link(doc, low, cone, "in");
  link(doc, cone, ravines, "in");
  setOutput(doc.graph, ravines);
  doc.world = {12000.0, 3000.0};
  doc.look.water = 0.2;
  doc.look.snowLine = 0.85;
  openIn3D(doc, 0.25);
  return doc;
}

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
  openIn3D(doc, 0.2);
  return doc;
}

constexpr LandformPreset kPresets[] = {
    {"alpine", "Alpine",
     "A mountain range rising out of foothills where a broad noise mask is high (a graph: "
     "blend), the whole carved by rivers while the mask's ground rises (stream power with "
     "uplift), with screes (thermal) and gullies (droplets) that the rivers then clear from "
     "their beds",
     &alpine},
    {"rolling-hills", "Rolling hills",
     "Soft farmland hills: smooth fBm noise, lightly rained on (droplets), settled (thermal) and "
     "drained by slow rivers under creeping soil (stream power)",
     &rollingHills},
    {"canyon-mesa", "Canyon mesa",
     "Stepped mesas and canyon walls: warped noise terraced, cliffs crumbled (thermal) and "
     "gullied (droplets)",
     &canyonMesa},
    {"islands", "Islands",
     "An archipelago on a map that wraps: coastline heights, smoothed, rivers cut down to the "
     "sea (stream power), rained on (droplets), and the rivers' beds cleared again",
     &islands},
    {"volcanic-island", "Volcanic island",
     "A volcano rising from the sea (a graph): rough low ground, a cone and its caldera "
     "sculpted in metres, radial ravines cut by rivers down to the sea (stream power)",
     &volcanicIsland},
    {"river-valley", "River valley",
     "A wide river drawn across hill country (the river node), the hills' valleys cut down to "
     "it by rivers draining into its footprint (stream power's outlets)",
     &riverValley},
};

}  // namespace

std::span<const LandformPreset> landformPresets() {
  return kPresets;
}

const LandformPreset* findLandformPreset(std::string_view key) {
  for (const LandformPreset& p : kPresets) {
    if (p.key == key) return &p;
  }
  return nullptr;
}

Document landformDocument(std::string_view key) {
  if (const LandformPreset* p = findLandformPreset(key)) return p->build();
  throw InputError("--preset: " + excerpt(key) + " is not a preset; allowed: article, default, " +
                   landformPresetKeyList());
}

std::string landformPresetKeyList() {
  std::string out;
  for (const LandformPreset& p : kPresets) {
    if (!out.empty()) out += ", ";
    out += p.key;
  }
  return out;
}

}  // namespace terrain
