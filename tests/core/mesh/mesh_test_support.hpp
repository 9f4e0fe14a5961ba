#pragma once
// The ground the mesh tests build on: rough terrain cut to any rectangle
// and the world it stands in (terrain_mesh_test.cpp, mesh_files_test.cpp).
#include "core/base/heightfield.hpp"
#include "core/base/world.hpp"
#include "core/nodes/sources/diamond_square.hpp"
#include "tests/core/test_support.hpp"

namespace terrain::testing {

// Rough terrain: diamond-square (roughness 0.3) cropped to w x h.
inline Heightfield rough(int w, int h, int size = 513) {
  DiamondSquareParams params;
  params.size = size;
  const Heightfield full = generateDiamondSquare(params, 7, control());
  Heightfield field(w, h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) field.at(x, y) = full.at(x, y);
  }
  return field;
}

inline const World kMeshWorld{8192.0, 1200.0};

}  // namespace terrain::testing
