#pragma once
// Article 001: 1D midpoint displacement on 2^k+1 points.
#include <cstdint>

#include "core/nodes/sources/common_params.hpp"
#include "core/nodes/stage.hpp"

namespace terrain {

enum class Endpoints : int { Zero = 0, Random = 1 };

struct MidpointParams {
  int size = 1025;         // points, 2^k+1
  double roughness = 0.2;  // the article's Roughness 0.8 is H = 0.8
  int iterations = kAllLevels;
  Endpoints endpoints = Endpoints::Zero;  // the article starts from two zeros
};

// Raw heights (not normalised), a pure function of (params, seed).
Heightfield generateMidpoint(const MidpointParams& params, std::uint64_t seed,
                             const RunControl& control);

const SourceStage& midpointSource();

}  // namespace terrain
