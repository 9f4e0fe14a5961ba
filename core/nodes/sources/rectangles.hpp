#pragma once
// Article 003: random rectangles piled up on a map.
#include <cstdint>

#include "core/nodes/sources/common_params.hpp"
#include "core/nodes/stage.hpp"

namespace terrain {

struct RectanglesParams {
  int size = 128;
  int rects = 1024;        // genStep
  int rectSize = 10;       // recSize, cells
  double zscale = 512.0;   // total height spread over all rectangles
  double cellNoise = 1.0;  // scale of the per-cell term (rand()%50)/50
};

// How the rectangles are added (see rectangles.cpp). Auto takes the
// article's loop while its work (the rectangles' total clipped area) is at
// most kRectanglesExactWorkPerCell times the map, else the bounded one.
enum class RectanglesMethod : std::uint8_t { Auto, ArticleLoop, Bounded };
inline constexpr int kRectanglesExactWorkPerCell = 16;

// Raw heights (not normalised), a pure function of (params, seed).
Heightfield generateRectangles(const RectanglesParams& params, std::uint64_t seed,
                               const RunControl& control,
                               RectanglesMethod method = RectanglesMethod::Auto);

const SourceStage& rectanglesSource();

}  // namespace terrain
