#pragma once
// The world's samples just outside a field's edges (a tile's neighbours),
// so a normal at the field's edge is a central difference as it is inside
// and as the whole world's is there: two tiles then give a vertex on their
// seam the same normal, and no lighting crack shows along it.
#include "core/base/heightfield.hpp"

namespace terrain {

struct FieldHalo {
  // The field's window of the world grown by one sample on each side that
  // has one; null: no halo (normals one-sided at every edge).
  const Heightfield* grown = nullptr;
  // Samples of halo on each side, 1 or 0: 0 where the world itself ends
  // (its outline), whose normals stay one-sided as the whole map's are.
  int left = 0;
  int top = 0;
  int right = 0;
  int bottom = 0;

  bool present() const { return grown != nullptr; }
};

// The samples a normal at (x, y) of a field reads along one axis: in the
// halo's grown field when there is one (indices offset by its left or top),
// else in the field; neighbours either side, clamped to what exists.
struct HaloAxis {
  int at;      // the sample itself
  int before;  // west or north neighbour
  int after;   // east or south neighbour
};
inline HaloAxis haloAxis(int i, int n, int halfBefore, int halfAfter) {
  const int at = i + halfBefore;
  const int last = n - 1 + halfBefore + halfAfter;
  return {at, at > 0 ? at - 1 : at, at < last ? at + 1 : at};
}

}  // namespace terrain
