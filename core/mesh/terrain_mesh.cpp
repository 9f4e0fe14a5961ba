#include "core/mesh/terrain_mesh.hpp"

#include <meshoptimizer.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <limits>
#include <span>
#include <string>

#include "core/base/error.hpp"
#include "core/mesh/mesh_grid.hpp"
#include "core/mesh/mesh_rtin.hpp"

namespace terrain {
namespace {

// Cells per side of a block (a power of two): the simplified mesh is built
// block by block in parallel. Its largest triangles span a block.
constexpr int kBlockCells = 256;
// A triangle target is met within this share, in at most this many builds.
constexpr double kCountTolerance = 0.02;
constexpr int kCountPasses = 3;
// With an error bound, the threshold is lowered and the blocks built again
// when a check finds the bound passed (at most this many builds).
constexpr int kErrorPasses = 4;
constexpr std::uint32_t kUnused = std::numeric_limits<std::uint32_t>::max();

// Rise per metre along one axis at index i of n samples: central
// differences, one-sided at an edge, across the seam on a torus.
template <class Elevation>
double slope(const MeshGrid& grid, int i, int n, Elevation at) {
  if (grid.field().wraps) {
    const int k = i % n;
    return (at((k + 1) % n) - at((k + n - 1) % n)) / (2.0 * grid.cell());
  }
  const int low = std::max(i - 1, 0);
  const int high = std::min(i + 1, n - 1);
  return (at(high) - at(low)) / (double(high - low) * grid.cell());
}

// Position, normal and UV of vertex (c, r), written at [3i], [3i], [2i].
void fillVertex(const MeshGrid& grid, int c, int r, std::size_t i, TerrainMesh& out) {
  out.positions[3 * i] = static_cast<float>(c * grid.cell());
  out.positions[3 * i + 1] = static_cast<float>(grid.elevation(c, r));
  out.positions[3 * i + 2] = static_cast<float>(r * grid.cell());
  const Heightfield& field = grid.field();
  double east = 0.0;
  double south = 0.0;
  if (grid.halo().present() && !field.wraps) {
    // The same differences read in the grown field: across a tile's edge
    // into its neighbour's samples, as the neighbour reads them.
    const FieldHalo& halo = grid.halo();
    const HaloAxis x = haloAxis(c, field.width, halo.left, halo.right);
    const HaloAxis y = haloAxis(r, field.height, halo.top, halo.bottom);
    east = (grid.grownElevation(x.after, y.at) - grid.grownElevation(x.before, y.at)) /
           (double(x.after - x.before) * grid.cell());
    south = (grid.grownElevation(x.at, y.after) - grid.grownElevation(x.at, y.before)) /
            (double(y.after - y.before) * grid.cell());
  } else {
    east = slope(grid, c, field.width, [&](int x) { return grid.elevation(x, r); });
    south = slope(grid, r, field.height, [&](int y) { return grid.elevation(c, y); });
  }
  const double norm = std::sqrt(east * east + 1.0 + south * south);
  out.normals[3 * i] = static_cast<float>(-east / norm);
  out.normals[3 * i + 1] = static_cast<float>(1.0 / norm);
  out.normals[3 * i + 2] = static_cast<float>(-south / norm);
  out.uvs[2 * i] = static_cast<float>(double(c) / double(grid.cols() - 1));
  out.uvs[2 * i + 1] = static_cast<float>(double(r) / double(grid.rows() - 1));
}

// A mesh's triangles renumbered onto the vertices they use: ids[k] is the
// old number of new vertex k, ascending, so the order never depends on how
// the triangles were made.
struct Compacted {
  std::vector<std::uint32_t> ids;
  std::vector<std::uint32_t> indices;
};

// A bitmap of the used ids and a running count per 64-bit word: the new
// number of id is the count of used ids below it.
Compacted compact(std::span<const std::uint32_t> indices, std::size_t idSpace) {
  std::vector<std::uint64_t> used((idSpace + 63) / 64, 0);
  for (const std::uint32_t i : indices) used[i / 64] |= std::uint64_t{1} << (i % 64);
  std::vector<std::uint32_t> before(used.size());
  Compacted out;
  std::uint32_t count = 0;
  for (std::size_t w = 0; w < used.size(); ++w) {
    before[w] = count;
    count += static_cast<std::uint32_t>(std::popcount(used[w]));
  }
  out.ids.reserve(count);
  for (std::size_t w = 0; w < used.size(); ++w) {
    for (std::uint64_t bits = used[w]; bits != 0; bits &= bits - 1) {
      out.ids.push_back(static_cast<std::uint32_t>(w * 64) +
                        static_cast<std::uint32_t>(std::countr_zero(bits)));
    }
  }
  out.indices.resize(indices.size());
  for (std::size_t k = 0; k < indices.size(); ++k) {
    const std::uint32_t i = indices[k];
    const std::uint64_t below = used[i / 64] & ((std::uint64_t{1} << (i % 64)) - 1);
    out.indices[k] = before[i / 64] + static_cast<std::uint32_t>(std::popcount(below));
  }
  return out;
}

// The two triangles of cell (c, r), counter-clockwise from above, as
// vertex numbers from number(column, row).
template <class Number>
void appendCell(int c, int r, Number number, std::uint32_t* out) {
  const std::uint32_t nw = number(c, r);
  const std::uint32_t ne = number(c + 1, r);
  const std::uint32_t sw = number(c, r + 1);
  const std::uint32_t se = number(c + 1, r + 1);
  out[0] = nw;
  out[1] = sw;
  out[2] = ne;
  out[3] = ne;
  out[4] = sw;
  out[5] = se;
}

// Attributes of the given grid vertices (ascending ids) and the triangles.
TerrainMesh meshOf(const MeshGrid& grid, std::span<const std::uint32_t> ids,
                   std::vector<std::uint32_t> indices, const Execution& exec) {
  TerrainMesh mesh;
  mesh.positions.resize(ids.size() * 3);
  mesh.normals.resize(ids.size() * 3);
  mesh.uvs.resize(ids.size() * 2);
  parallelFor(exec, 0, static_cast<std::int64_t>(ids.size()), 4096,
              [&](std::int64_t begin, std::int64_t end) {
                for (auto k = static_cast<std::size_t>(begin); k < std::size_t(end); ++k) {
                  fillVertex(grid, grid.colOf(ids[k]), grid.rowOf(ids[k]), k, mesh);
                }
              });
  mesh.indices = std::move(indices);
  return mesh;
}

TerrainMesh fullMesh(const MeshGrid& grid, const Execution& exec) {
  TerrainMesh mesh;
  const std::size_t vertices = grid.vertexCount();
  mesh.positions.resize(vertices * 3);
  mesh.normals.resize(vertices * 3);
  mesh.uvs.resize(vertices * 2);
  const auto cellsPerRow = static_cast<std::size_t>(grid.cols() - 1);
  mesh.indices.resize(cellsPerRow * static_cast<std::size_t>(grid.rows() - 1) * 6);
  parallelFor(exec, 0, grid.rows(), 8, [&](std::int64_t begin, std::int64_t end) {
    for (auto r = static_cast<int>(begin); r < end; ++r) {
      for (int c = 0; c < grid.cols(); ++c) fillVertex(grid, c, r, grid.id(c, r), mesh);
      if (r + 1 == grid.rows()) continue;
      std::uint32_t* out = mesh.indices.data() + static_cast<std::size_t>(r) * cellsPerRow * 6;
      for (int c = 0; c + 1 < grid.cols(); ++c) {
        appendCell(
            c, r, [&](int x, int y) { return grid.id(x, y); }, out + std::size_t(c) * 6);
      }
    }
  });
  return mesh;
}

// Runs task(block, b) for every block, a block at a time from a shared
// counter (so a rough block does not hold back a thread's whole share);
// results go to per-block slots, so they do not depend on who ran what.
template <class Task>
void forEachBlock(const MeshBlocks& blocks, const Execution& exec, Task task) {
  std::atomic<std::size_t> next{0};
  parallelFor(exec, 0, resolvedThreadCount(exec), 1, [&](std::int64_t, std::int64_t) {
    for (std::size_t b = next++; b < blocks.count(); b = next++) task(blocks.list[b], b);
  });
}

// Reorders a block's triangles (grid ids) to reuse recent vertices
// (meshoptimizer's vertex cache optimisation: about 0.65 vertices fetched
// per triangle instead of 1), which a GPU draws faster and an engine need
// not redo.
void optimiseVertexCache(const MeshGrid& grid, const MeshBlock& block,
                         std::vector<std::uint32_t>& ids) {
  // Renumbered 0, 1, 2 ... in order of first use: the optimiser's work
  // grows with the vertex count it is given.
  const int side = block.size + 1;
  std::vector<std::uint32_t> number(Heightfield::cellCount(side, side), kUnused);
  std::vector<std::uint32_t> original;
  std::vector<std::uint32_t> local(ids.size());
  for (std::size_t k = 0; k < ids.size(); ++k) {
    std::uint32_t& n = number[Heightfield::cellCount(side, grid.rowOf(ids[k]) - block.y0) +
                              std::size_t(grid.colOf(ids[k]) - block.x0)];
    if (n == kUnused) {
      n = static_cast<std::uint32_t>(original.size());
      original.push_back(ids[k]);
    }
    local[k] = n;
  }
  meshopt_optimizeVertexCache(ids.data(), local.data(), local.size(), original.size());
  for (std::uint32_t& id : ids) id = original[id];
}

// The largest vertical distance, metres, between the triangles' surface
// (grid ids, inside one block) and the heights at the grid points they
// cover.
double worstError(const MeshGrid& grid, const std::vector<std::uint32_t>& ids) {
  double worst = 0.0;
  for (std::size_t t = 0; t < ids.size(); t += 3) {
    int c[3];
    int r[3];
    double y[3];
    for (std::size_t k = 0; k < 3; ++k) {
      c[k] = grid.colOf(ids[t + k]);
      r[k] = grid.rowOf(ids[t + k]);
      y[k] = grid.elevation(c[k], r[k]);
    }
    // Twice the signed area in (column, row): negative, counter-clockwise from above.
    const long twice = long(c[1] - c[0]) * (r[2] - r[0]) - long(r[1] - r[0]) * (c[2] - c[0]);
    for (int py = std::min({r[0], r[1], r[2]}); py <= std::max({r[0], r[1], r[2]}); ++py) {
      for (int px = std::min({c[0], c[1], c[2]}); px <= std::max({c[0], c[1], c[2]}); ++px) {
        double height = 0.0;
        bool inside = true;
        for (std::size_t k = 0; k < 3 && inside; ++k) {
          const std::size_t a = (k + 1) % 3;
          const std::size_t b = (k + 2) % 3;
          const long edge = long(c[b] - c[a]) * (py - r[a]) - long(r[b] - r[a]) * (px - c[a]);
          inside = edge <= 0;
          height += double(edge) / double(twice) * y[k];
        }
        if (inside) worst = std::max(worst, std::fabs(height - grid.elevation(px, py)));
      }
    }
  }
  return worst;
}

// The RTIN with one threshold everywhere, so blocks meet vertex for vertex.
class Simplification {
 public:
  Simplification(const MeshGrid& grid, bool keepOutline, const Execution& exec)
      : grid_(grid),
        blocks_(grid, kBlockCells),
        errors_(rtinErrors(grid, blocks_, keepOutline, exec)),
        triangles_(blocks_.count()),
        exec_(exec) {}

  // The threshold whose RTIN has about `target` triangles: two per kept
  // vertex to start with, corrected by the count each pass gives (blocks'
  // borders make it less than two where blocks are small).
  float forCount(std::size_t target) {
    double vertices = double(target) / 2.0;
    float threshold = 0.0f;
    for (int pass = 0; pass < kCountPasses; ++pass) {
      threshold = rtinThreshold(errors_, grid_, static_cast<std::size_t>(vertices), exec_);
      const std::size_t made = build(threshold, false);
      if (std::fabs(double(made) - double(target)) <= kCountTolerance * double(target)) break;
      vertices *= double(target) / double(std::max<std::size_t>(made, 1));
    }
    return threshold;
  }

  // At most `threshold`, lowered until the surface stays within maxError
  // metres of the heights at every grid point. A vertex's error bounds its
  // own line; the check makes it a bound on the surface, and the last pass
  // keeps every vertex off its line: exact.
  float forError(float threshold, double maxError) {
    for (int pass = 1;; ++pass) {
      build(threshold, true);
      const double over = *std::max_element(worst_.begin(), worst_.end());
      if (over <= maxError || threshold == 0.0f) return threshold;
      threshold = pass < kErrorPasses
                      ? static_cast<float>(static_cast<double>(threshold) * 0.9 * maxError / over)
                      : 0.0f;
    }
  }

  // The triangles of the last build, each block in vertex cache order,
  // joined in block order.
  std::vector<std::uint32_t> triangles() {
    forEachBlock(blocks_, exec_, [&](const MeshBlock& block, std::size_t b) {
      optimiseVertexCache(grid_, block, triangles_[b]);
    });
    std::size_t total = 0;
    for (const auto& t : triangles_) total += t.size();
    std::vector<std::uint32_t> joined;
    joined.reserve(total);
    for (auto& t : triangles_) {
      joined.insert(joined.end(), t.begin(), t.end());
      std::vector<std::uint32_t>().swap(t);
    }
    return joined;
  }

  std::size_t build(float threshold, bool measure) {
    built_ = threshold;
    measured_ = measure;
    worst_.assign(blocks_.count(), 0.0);
    forEachBlock(blocks_, exec_, [&](const MeshBlock& block, std::size_t b) {
      triangles_[b].clear();
      appendRtinBlock(grid_, errors_, threshold, block, triangles_[b]);
      if (measure) worst_[b] = worstError(grid_, triangles_[b]);
    });
    std::size_t made = 0;
    for (const auto& t : triangles_) made += t.size() / 3;
    return made;
  }

  float built() const { return built_; }

  // The last build's largest vertical error, metres (measured now if that
  // build was not): what the sidecar reports, whatever decided the threshold.
  double worst() {
    if (!measured_) {
      forEachBlock(blocks_, exec_, [&](const MeshBlock&, std::size_t b) {
        worst_[b] = worstError(grid_, triangles_[b]);
      });
      measured_ = true;
    }
    return *std::max_element(worst_.begin(), worst_.end());
  }

 private:
  const MeshGrid& grid_;
  MeshBlocks blocks_;
  std::vector<float> errors_;
  std::vector<std::vector<std::uint32_t>> triangles_;
  std::vector<double> worst_;
  float built_ = -1.0f;
  bool measured_ = false;
  Execution exec_;
};

TerrainMesh simplifiedMesh(const MeshGrid& grid, const MeshOptions& options,
                           const Execution& exec) {
  // The count's threshold, or the error bound's when that needs more detail.
  Simplification simplification(grid, options.keepOutline, exec);
  float threshold = std::numeric_limits<float>::infinity();
  if (options.targetTriangles > 0) threshold = simplification.forCount(options.targetTriangles);
  if (options.maxError > 0.0) {
    threshold =
        simplification.forError(std::min(threshold, float(options.maxError)), options.maxError);
  } else if (simplification.built() != threshold) {
    simplification.build(threshold, false);
  }
  const double worst = simplification.worst();
  const std::vector<std::uint32_t> joined = simplification.triangles();
  Compacted mesh = compact(joined, grid.vertexCount());
  TerrainMesh out = meshOf(grid, mesh.ids, std::move(mesh.indices), exec);
  out.verticalError = worst;
  return out;
}

void validate(const Heightfield& field, const MeshOptions& options) {
  if (field.isProfile() || field.width < 2) {
    throw InputError("a mesh needs a map at least 2x2 samples; this is " +
                     std::to_string(field.width) + "x" + std::to_string(field.height));
  }
  if (!(options.maxError >= 0.0) || !std::isfinite(options.maxError)) {
    throw InputError("mesh error must be a finite number of metres >= 0, not " +
                     std::to_string(options.maxError));
  }
}

}  // namespace

TerrainMesh buildTerrainMesh(const Heightfield& field, const World& world,
                             const MeshOptions& options, const Execution& exec,
                             const FieldHalo& halo) {
  validate(field, options);
  const MeshGrid grid(field, world, halo);
  if (grid.vertexCount() > std::numeric_limits<std::uint32_t>::max()) {
    throw InputError("a mesh of " + std::to_string(grid.vertexCount()) +
                     " vertices is past 32-bit indices");
  }
  return options.simplifies() ? simplifiedMesh(grid, options, exec) : fullMesh(grid, exec);
}

}  // namespace terrain
