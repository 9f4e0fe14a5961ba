#include "render/grid_mesh.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace terrain::render {
namespace {

struct GridVertex {
  float u;
  float v;
  float skirt;  // 0 on the surface, 1 at the block's base
};

struct GridData {
  std::vector<GridVertex> vertices;
  std::vector<std::uint32_t> indices;
};

void addQuad(std::vector<std::uint32_t>& indices, std::uint32_t a, std::uint32_t b, std::uint32_t c,
             std::uint32_t d) {
  indices.insert(indices.end(), {a, b, c, c, b, d});
}

GridData buildGrid(int columns, int rows) {
  GridData data;
  const auto cols = static_cast<std::uint32_t>(columns);
  const auto rws = static_cast<std::uint32_t>(rows);
  auto surface = [cols](std::uint32_t x, std::uint32_t y) { return y * cols + x; };
  for (int y = 0; y < rows; ++y) {
    for (int x = 0; x < columns; ++x) {
      data.vertices.push_back({static_cast<float>(x) / static_cast<float>(columns - 1),
                               static_cast<float>(y) / static_cast<float>(rows - 1), 0.0f});
    }
  }
  data.indices.reserve(static_cast<std::size_t>(cols - 1) * (rws - 1) * 6 + (cols + rws) * 12);
  for (std::uint32_t y = 0; y + 1 < rws; ++y) {
    for (std::uint32_t x = 0; x + 1 < cols; ++x) {
      addQuad(data.indices, surface(x, y), surface(x + 1, y), surface(x, y + 1),
              surface(x + 1, y + 1));
    }
  }
  // Skirt: each border vertex gets a twin at the base; quads join them.
  auto addSkirt = [&](auto borderVertex, std::uint32_t count) {
    const auto first = static_cast<std::uint32_t>(data.vertices.size());
    for (std::uint32_t i = 0; i < count; ++i) {
      GridVertex base = data.vertices[borderVertex(i)];
      base.skirt = 1.0f;
      data.vertices.push_back(base);
    }
    for (std::uint32_t i = 0; i + 1 < count; ++i) {
      addQuad(data.indices, borderVertex(i), borderVertex(i + 1), first + i, first + i + 1);
    }
  };
  addSkirt([&](std::uint32_t i) { return surface(i, 0); }, cols);        // north
  addSkirt([&](std::uint32_t i) { return surface(i, rws - 1); }, cols);  // south
  addSkirt([&](std::uint32_t i) { return surface(0, i); }, rws);         // west
  addSkirt([&](std::uint32_t i) { return surface(cols - 1, i); }, rws);  // east
  return data;
}

}  // namespace

int gridResolution(int samples, float pixelsPerMap) {
  // Quads across: a power of two, rounded in log scale to the wanted density.
  const float wanted = pixelsPerMap / kPixelsPerQuad;
  int quads = kMinGridVertices - 1;
  while (quads + 1 < kMaxGridVertices && static_cast<float>(quads) * 1.41421356f < wanted) {
    quads *= 2;
  }
  const int budget = quads + 1;
  if (samples <= budget) return std::max(samples, 2);
  // Keep every k-th sample on a vertex when the size allows (2^n + 1 maps).
  for (int step = 2; step < samples; step *= 2) {
    if ((samples - 1) % step == 0 && (samples - 1) / step + 1 <= budget) {
      return (samples - 1) / step + 1;
    }
  }
  return budget;
}

GridMesh::GridMesh(int columns, int rows)
    : vertexArray_(gl::VertexArray::create()),
      vertices_(gl::Buffer::create()),
      indices_(gl::Buffer::create()),
      columns_(columns),
      rows_(rows) {
  const GridData data = buildGrid(columns, rows);
  vertexArray_.bind();
  vertices_.upload(GL_ARRAY_BUFFER, data.vertices.data(),
                   static_cast<GLsizeiptr>(data.vertices.size() * sizeof(GridVertex)));
  indices_.upload(GL_ELEMENT_ARRAY_BUFFER, data.indices.data(),
                  static_cast<GLsizeiptr>(data.indices.size() * sizeof(std::uint32_t)));
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(GridVertex), nullptr);
  glBindVertexArray(0);
  indexCount_ = static_cast<GLsizei>(data.indices.size());
}

void GridMesh::draw() const {
  vertexArray_.bind();
  glDrawElements(GL_TRIANGLES, indexCount_, GL_UNSIGNED_INT, nullptr);
}

const GridMesh& GridCache::get(int columns, int rows) {
  for (const auto& grid : grids_) {
    if (grid->columns() == columns && grid->rows() == rows) return *grid;
  }
  // Non-square maps could bring many shapes; keep the cache small.
  if (grids_.size() >= 8) grids_.erase(grids_.begin());
  grids_.push_back(std::make_unique<GridMesh>(columns, rows));
  return *grids_.back();
}

}  // namespace terrain::render
