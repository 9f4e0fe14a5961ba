#pragma once
// Article 000: a clamped integer random walk, one value per column.
#include <cstdint>

#include "core/nodes/sources/common_params.hpp"
#include "core/nodes/stage.hpp"

namespace terrain {

struct RandomWalkParams {
  int size = 640;         // columns: one per pixel of a 640-wide view
  int maxHeight = 300;    // ceiling of the walk (the article: screen height / 2)
  int stepHeight = 6;     // largest rise or fall per column (article: maxHeight / 50)
  int articlePasses = 0;  // the article's in-place integer smoothing passes
};

// Raw heights (the walk in the article's pixels, not normalised).
Heightfield generateRandomWalk(const RandomWalkParams& params, std::uint64_t seed,
                               const RunControl& control);

const SourceStage& randomWalkSource();

}  // namespace terrain
