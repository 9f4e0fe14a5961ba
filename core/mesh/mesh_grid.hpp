#pragma once
// Internal to mesh building (core/mesh/terrain_mesh.cpp, core/mesh/mesh_rtin.cpp): the
// grid of mesh vertices over a heightfield.
#include <cstddef>
#include <cstdint>

#include "core/base/heightfield.hpp"
#include "core/base/world.hpp"
#include "core/mesh/field_halo.hpp"

namespace terrain {

// One vertex per sample, plus a copy of the first column and row past the
// last on a torus, so the mesh covers the whole world and tiles. Vertex
// (c, r) has the grid id r * cols + c.
class MeshGrid {
 public:
  MeshGrid(const Heightfield& field, const World& world, const FieldHalo& halo = {})
      : field_(field),
        halo_(halo),
        cols_(field.width + (field.wraps ? 1 : 0)),
        rows_(field.height + (field.wraps ? 1 : 0)),
        cell_(metresPerCell(world, field.width, field.wraps)),
        rise_(world.heightRange),
        base_(world.baseElevation) {}

  const Heightfield& field() const { return field_; }
  int cols() const { return cols_; }
  int rows() const { return rows_; }
  std::size_t vertexCount() const { return Heightfield::cellCount(cols_, rows_); }
  std::uint32_t id(int c, int r) const {
    return static_cast<std::uint32_t>(r) * static_cast<std::uint32_t>(cols_) +
           static_cast<std::uint32_t>(c);
  }
  int colOf(std::uint32_t id) const { return static_cast<int>(id % unsigned(cols_)); }
  int rowOf(std::uint32_t id) const { return static_cast<int>(id / unsigned(cols_)); }
  double cell() const { return cell_; }  // metres between neighbouring vertices
  double rise() const { return rise_; }  // metres from height 0 to height 1
  // Metres above sea level: the world's base elevation plus the height's
  // share of the range, the frame the heightmaps' sidecar states.
  double elevation(int c, int r) const {
    return base_ + double(field_.heights[index(c, r)]) * rise_;
  }
  // The halo the normals read at the field's edges (none on a torus,
  // which has no edge).
  const FieldHalo& halo() const { return halo_; }
  // Metres above sea level of sample (x, y) of the halo's grown field.
  double grownElevation(int x, int y) const {
    return base_ + double(halo_.grown->heights[halo_.grown->index(x, y)]) * rise_;
  }
  std::size_t index(int c, int r) const {
    return field_.wraps ? field_.index(c % field_.width, r % field_.height) : field_.index(c, r);
  }

 private:
  const Heightfield& field_;
  FieldHalo halo_;
  int cols_;
  int rows_;
  double cell_;
  double rise_;
  double base_;
};

}  // namespace terrain
