#pragma once
#include "core/generator.hpp"

namespace terrain {

class RectanglesGenerator final : public Generator {
 public:
  GeneratorId id() const override { return GeneratorId::Rectangles; }
  Heightfield generate(const TerrainSpec& spec, const Execution& exec) const override;
};

// How the rectangles are added (see core/rectangles.cpp). Auto takes the
// article's loop while its work (the rectangles' total clipped area) is at
// most kRectanglesExactWorkPerCell times the map, else the bounded one.
enum class RectanglesMethod : std::uint8_t { Auto, ArticleLoop, Bounded };
inline constexpr int kRectanglesExactWorkPerCell = 16;

// The generator's raw heights by a chosen method (smoothing included, not
// normalised); for the tests that hold the two methods against each other.
Heightfield generateRectangles(const TerrainSpec& spec, const Execution& exec,
                               RectanglesMethod method);

}  // namespace terrain
