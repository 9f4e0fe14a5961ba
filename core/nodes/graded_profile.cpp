#include "core/nodes/graded_profile.hpp"

#include <algorithm>

namespace terrain {
namespace {

// The profile through the corners of its lower convex hull (Andrew's
// monotone chain), straight between them.
std::vector<double> throughLowerHull(const std::vector<double>& profile) {
  std::vector<std::size_t> hull;
  for (std::size_t k = 0; k < profile.size(); ++k) {
    while (hull.size() >= 2) {
      const std::size_t a = hull[hull.size() - 2];
      const std::size_t b = hull.back();
      // b lies on or above the chord from a to k: not on the lower hull.
      const double cross = (profile[b] - profile[a]) * static_cast<double>(k - a) -
                           (profile[k] - profile[a]) * static_cast<double>(b - a);
      if (cross < 0.0) break;
      hull.pop_back();
    }
    hull.push_back(k);
  }
  if (hull.size() < 2) return profile;
  std::vector<double> through(profile.size());
  for (std::size_t h = 0; h + 1 < hull.size(); ++h) {
    const std::size_t a = hull[h];
    const std::size_t b = hull[h + 1];
    for (std::size_t k = a; k <= b; ++k) {
      const double t = static_cast<double>(k - a) / static_cast<double>(b - a);
      through[k] = profile[a] + (profile[b] - profile[a]) * t;
    }
  }
  return through;
}

}  // namespace

std::vector<double> gradedProfile(const std::vector<double>& profile) {
  return throughLowerHull(profile);
}

}  // namespace terrain
