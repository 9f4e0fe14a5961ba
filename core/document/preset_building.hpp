#pragma once
// What the landform presets are built with: values set as a designer types
// them, nodes placed and linked by their port names, and the six presets'
// builders, each in its own file (landform_*.cpp) so a preset is changed
// without touching the others.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string_view>
#include <utility>

#include "core/document/document.hpp"
#include "core/graph/graph.hpp"
#include "core/nodes/stage.hpp"

namespace terrain::landform {

using Settings = std::initializer_list<std::pair<std::string_view, std::string_view>>;

// Values are written as a designer types them ("ridged", "0.4"), parsed
// by the stage's own metadata, so a renamed choice fails the preset test.
void setValues(const Stage& stage, ParamValues& values, Settings settings);
// A chain document from this source with these values.
Document startFrom(std::string_view source, std::uint64_t seed, Settings settings);
// Appends a modifier to the document's chain.
void addStage(Document& doc, std::string_view key, Settings settings);
// A node of a graph preset with its values set; its port names are the
// project file's.
NodeId addNodeWith(Document& doc, std::string_view type, float x, float y, Settings settings,
                   std::uint32_t seedOffset = 0);
std::uint32_t portNamed(std::span<const PortInfo> ports, std::string_view key);
// From the node's first output unless one is named.
void link(Document& doc, NodeId from, NodeId to, std::string_view toPort,
          std::string_view fromPort = {});
// Every preset opens in 3D with the splat map's materials, its relief
// exaggerated as its world's proportions want, and its nodes laid out by
// the node editor's layout (the places given are replaced).
void openIn3D(Document& doc, double exaggeration);
// A graph document whose source (the default noise) has these values.
Document graphFromNoise(std::uint64_t seed, Settings settings);

// Water and life beside a preset's terrain (issue 40): a Water node fed by
// `terrain` at the look's sea level and climate, so its masks are the
// water the view draws, and a Scatter node on `terrain` whose mask inputs
// are made from it: 1 dry land (none in a cell any lake, river or sea
// covers, full a few metres off the water), 2 wet land (the water's wetness on dry land:
// banks and shores), 3 dry upland (dry land less its wetness), 4 `extra`
// on dry land (a preset's own mask, e.g. hedgerows or steep ground; open
// when none). Each species of `species` (the Scatter's list as JSON text)
// should follow one of the four masks, so that none stands in water. Call it once
// the world and the look's water level are set. The terrain's output and
// bits are untouched: the new nodes only read it.
struct LifeNodes {
  NodeId water = 0;
  NodeId scatter = 0;
};
LifeNodes addWaterAndLife(Document& doc, NodeId terrain, std::string_view species,
                          std::optional<NodeId> extra = std::nullopt);

Document alpine();
Document rollingHills();
Document canyonMesa();
Document islands();
Document volcanicIsland();
Document riverValley();

}  // namespace terrain::landform
