#pragma once
// A Scatter node's species list as one parameter (ParamType::Strokes with a
// codec of its own, as a node's brush strokes are): the number is the id
// of the list's canonical JSON text (core/base/text_ids.hpp), so a document
// stays a plain comparable value of doubles and an edit is one undo step.
// Each species is how it is placed (ScatterSpecies), what it looks like in
// the view and the exports, and the rules that drive where it stands.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/param_info.hpp"
#include "core/scatter/scatter.hpp"

namespace terrain {

// The simple shape the view and the glTF export draw a species as.
enum class ScatterShape : std::uint8_t { Cone, Sphere, Box };
std::string_view scatterShapeName(ScatterShape shape);

// Mask inputs a Scatter node has; a species names one by number (0: none).
inline constexpr int kScatterMasks = 4;
inline constexpr std::size_t kMaxSpecies = 16;

struct SpeciesRules {
  std::string name = "trees";
  ScatterShape shape = ScatterShape::Cone;
  ScatterSpecies placing;
  // Where it may stand: metres above sea level, the steepest ground in
  // degrees, and the node's mask input it follows (0: everywhere).
  double heightMin = -1.0e5, heightMax = 1.0e5;
  double maxSlope = 90.0;
  int mask = 0;
  // Metres around each of its instances where no species listed after it
  // stands (competition: the earlier species wins).
  double clearance = 0.0;

  bool operator==(const SpeciesRules& o) const;
};
using SpeciesList = std::vector<SpeciesRules>;

// The list's id, from its canonical text. Throws InputError for a value out
// of range (naming the species, the key and what is allowed).
double speciesId(const SpeciesList& species);
// The list of an id speciesId or parseSpecies gave; throws std::logic_error
// for a number that is not one.
const SpeciesList& speciesOf(double id);
bool isSpeciesId(double id);
// The canonical text: a JSON array of objects, every key written.
std::string speciesText(const SpeciesList& species);
// Reads that text (any JSON spelling; a key left out takes its default);
// throws InputError naming the species, the key and what is allowed.
SpeciesList parseSpecies(std::string_view text);
// The node's species parameter, read through the codec above.
ParamInfo speciesParam(std::string_view key, std::string_view label, std::string_view help);
// Trees on gentle ground below 1500 m, rocks on steeper ground.
double defaultSpeciesId();

}  // namespace terrain
