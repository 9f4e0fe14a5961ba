#include "core/generator.hpp"

#include "core/coastline.hpp"
#include "core/diamond_square.hpp"
#include "core/midpoint.hpp"
#include "core/random_walk.hpp"
#include "core/rectangles.hpp"

namespace terrain {

const Generator& generatorFor(GeneratorId id) {
  static const RandomWalkGenerator randomWalk;
  static const MidpointGenerator midpoint;
  static const CoastlineGenerator coastline;
  static const RectanglesGenerator rectangles;
  static const DiamondSquareGenerator diamondSquare;
  switch (id) {
    case GeneratorId::RandomWalk:
      return randomWalk;
    case GeneratorId::Midpoint:
      return midpoint;
    case GeneratorId::Coastline:
      return coastline;
    case GeneratorId::Rectangles:
      return rectangles;
    case GeneratorId::DiamondSquare:
      break;
  }
  return diamondSquare;
}

Heightfield generateTerrain(const TerrainSpec& spec, const Execution& exec) {
  validate(spec);
  Heightfield field = generatorFor(spec.generator).generate(spec, exec);
  normalise(field, exec);
  return field;
}

}  // namespace terrain
