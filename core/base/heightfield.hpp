#pragma once
// A grid of heights: a profile is width x 1, a heightmap width x height.
// Row-major, x fastest. Generators leave heights in [0, 1] (normalised).
#include <atomic>
#include <cstddef>
#include <memory>
#include <vector>

#include "core/base/cancel.hpp"
#include "core/base/parallel.hpp"

namespace terrain {

// What erosion stages learnt about the ground, one value per cell (a map
// left empty when no stage made it), for masks, overlays and splat rules.
struct ErosionMaps {
  std::vector<float> flow;        // drainage: cells of the map whose water passes here
  std::vector<float> wear;        // material removed, in height units (>= 0)
  std::vector<float> deposition;  // material laid down, in height units (>= 0)
};

struct Heightfield {
  int width = 0;
  int height = 0;
  std::vector<float> heights;
  bool wraps = false;  // a torus: the right edge continues at the left, the bottom at the top
  // Shared and never changed once made: copying a field is cheap. Null
  // until an erosion stage runs; later stages keep it.
  std::shared_ptr<const ErosionMaps> erosion;

  Heightfield() = default;
  Heightfield(int w, int h) : width(w), height(h), heights(cellCount(w, h)) {}

  bool isProfile() const { return height == 1; }
  std::size_t size() const { return heights.size(); }
  float& at(int x, int y) { return heights[index(x, y)]; }
  float at(int x, int y) const { return heights[index(x, y)]; }
  std::size_t index(int x, int y) const {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
           static_cast<std::size_t>(x);
  }
  static std::size_t cellCount(int w, int h) {
    return static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
  }
};

struct HeightStats {
  float min = 0.0f;
  float max = 0.0f;
  double mean = 0.0;
};

// Adds one erosion stage's maps to the field's: wear and deposition add up
// over stages, flow is the latest stage's that made one.
void addErosion(Heightfield& field, ErosionMaps stage);

HeightStats computeStats(const Heightfield& field);

// Maps [low, high] to [0, 1]: (h - low) / (high - low), in float, the same
// bits on every machine (a tile's heights on its world's shared scale).
void mapRangeToUnit(Heightfield& field, double low, double high, const Execution& exec = {});

// Rescales heights linearly to [0, 1]; a flat field becomes all 0.5.
void normalise(Heightfield& field, const Execution& exec = {});
// The same, giving up (and returning false, the field half done) soon after
// *cancel is raised: a 16385 map takes a few hundred ms. The same bits as
// normalise() when it runs to the end.
bool normaliseUnlessCancelled(Heightfield& field, const Execution& exec, const CancelToken* cancel);

}  // namespace terrain
