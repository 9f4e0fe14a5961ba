#include "core/heightfield.hpp"

#include <algorithm>

namespace terrain {

HeightStats computeStats(const Heightfield& field) {
  HeightStats stats;
  if (field.heights.empty()) return stats;
  const auto [lo, hi] = std::minmax_element(field.heights.begin(), field.heights.end());
  stats.min = *lo;
  stats.max = *hi;
  double sum = 0.0;
  for (float h : field.heights) sum += h;
  stats.mean = sum / static_cast<double>(field.heights.size());
  return stats;
}

void normalise(Heightfield& field) {
  if (field.heights.empty()) return;
  const auto [lo, hi] = std::minmax_element(field.heights.begin(), field.heights.end());
  const float low = *lo;
  const float range = *hi - *lo;
  if (!(range > 0.0f)) {
    std::fill(field.heights.begin(), field.heights.end(), 0.5f);
    return;
  }
  const float scale = 1.0f / range;
  for (float& h : field.heights) h = std::clamp((h - low) * scale, 0.0f, 1.0f);
}

}  // namespace terrain
