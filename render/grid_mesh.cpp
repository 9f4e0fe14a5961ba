#include "render/grid_mesh.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

namespace terrain::render {
namespace {

struct GridVertex {
  float u;
  float v;
  float level;  // see mesh.vert: 0 the sample's height, 1 the base, 2 the surface's edge
  float shade;  // 0 surface, 1 soil (the block's cut sides), 2 surface on the skirt
};

struct GridData {
  std::vector<GridVertex> vertices;
  std::vector<std::uint32_t> indices;
};

void addQuad(std::vector<std::uint32_t>& indices, std::uint32_t a, std::uint32_t b, std::uint32_t c,
             std::uint32_t d) {
  indices.insert(indices.end(), {a, b, c, c, b, d});
}

// A wall of `count` columns along the edge from uv `from` to uv `to`: soil
// from the base up to the terrain's outline at the finer edge step, and
// above it, up to the surface grid's coarser edge where that is higher, a
// band shaded as the surface (it fills what the outline leaves open).
void addSkirt(GridData& data, glm::vec2 from, glm::vec2 to, int count) {
  const auto first = static_cast<std::uint32_t>(data.vertices.size());
  for (int i = 0; i < count; ++i) {
    const glm::vec2 uv = glm::mix(from, to, static_cast<float>(i) / static_cast<float>(count - 1));
    data.vertices.push_back({uv.x, uv.y, 2.0f, 2.0f});
    data.vertices.push_back({uv.x, uv.y, 0.0f, 2.0f});
    data.vertices.push_back({uv.x, uv.y, 0.0f, 1.0f});
    data.vertices.push_back({uv.x, uv.y, 1.0f, 1.0f});
  }
  for (std::uint32_t i = 0; i + 1 < static_cast<std::uint32_t>(count); ++i) {
    const std::uint32_t column = first + 4 * i;
    addQuad(data.indices, column, column + 4, column + 1, column + 5);
    addQuad(data.indices, column + 2, column + 6, column + 3, column + 7);
  }
}

GridData buildGrid(const GridShape& shape) {
  GridData data;
  const auto cols = static_cast<std::uint32_t>(shape.columns);
  const auto rws = static_cast<std::uint32_t>(shape.rows);
  auto surface = [cols](std::uint32_t x, std::uint32_t y) { return y * cols + x; };
  for (int y = 0; y < shape.rows; ++y) {
    for (int x = 0; x < shape.columns; ++x) {
      data.vertices.push_back({static_cast<float>(x) / static_cast<float>(shape.columns - 1),
                               static_cast<float>(y) / static_cast<float>(shape.rows - 1), 0.0f,
                               0.0f});
    }
  }
  const auto edgeQuads = static_cast<std::size_t>(shape.edgeColumns + shape.edgeRows) * 2;
  data.indices.reserve(static_cast<std::size_t>(cols - 1) * (rws - 1) * 6 + edgeQuads * 12);
  for (std::uint32_t y = 0; y + 1 < rws; ++y) {
    for (std::uint32_t x = 0; x + 1 < cols; ++x) {
      addQuad(data.indices, surface(x, y), surface(x + 1, y), surface(x, y + 1),
              surface(x + 1, y + 1));
    }
  }
  // The skirt has vertices of its own, at the finer edge step: its top
  // traces the terrain's outline more closely than the surface grid's edge
  // (the surface behind covers what the skirt's top leaves open).
  addSkirt(data, {0.0f, 0.0f}, {1.0f, 0.0f}, shape.edgeColumns);  // north
  addSkirt(data, {0.0f, 1.0f}, {1.0f, 1.0f}, shape.edgeColumns);  // south
  addSkirt(data, {0.0f, 0.0f}, {0.0f, 1.0f}, shape.edgeRows);     // west
  addSkirt(data, {1.0f, 0.0f}, {1.0f, 1.0f}, shape.edgeRows);     // east
  return data;
}

}  // namespace

int gridResolution(int samples, float pixelsPerMap, float pixelsPerQuad) {
  // Quads across: a power of two, rounded in log scale to the wanted density.
  const float wanted = pixelsPerMap / pixelsPerQuad;
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

GridMesh::GridMesh(GridShape shape)
    : vertexArray_(gl::VertexArray::create()),
      vertices_(gl::Buffer::create()),
      indices_(gl::Buffer::create()),
      shape_(shape) {
  const GridData data = buildGrid(shape);
  vertexArray_.bind();
  vertices_.upload(GL_ARRAY_BUFFER, data.vertices.data(),
                   static_cast<GLsizeiptr>(data.vertices.size() * sizeof(GridVertex)));
  indices_.upload(GL_ELEMENT_ARRAY_BUFFER, data.indices.data(),
                  static_cast<GLsizeiptr>(data.indices.size() * sizeof(std::uint32_t)));
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, sizeof(GridVertex), nullptr);
  glBindVertexArray(0);
  indexCount_ = static_cast<GLsizei>(data.indices.size());
}

void GridMesh::draw() const {
  vertexArray_.bind();
  glDrawElements(GL_TRIANGLES, indexCount_, GL_UNSIGNED_INT, nullptr);
}

const GridMesh& GridCache::get(const GridShape& shape) {
  for (const auto& grid : grids_) {
    if (grid->shape() == shape) return *grid;
  }
  // Non-square maps could bring many shapes; keep the cache small.
  if (grids_.size() >= 8) grids_.erase(grids_.begin());
  grids_.push_back(std::make_unique<GridMesh>(shape));
  return *grids_.back();
}

}  // namespace terrain::render
