#include "core/nodes/graded_profile.hpp"

#include <algorithm>
#include <cmath>

namespace terrain {
namespace {

// The corners of a profile's lower convex hull (Andrew's monotone chain),
// as sample indices, the first and the last among them.
std::vector<std::size_t> lowerHull(const std::vector<double>& profile) {
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
  return hull;
}

// The line through one of the hull's sides, carried on past its corners.
struct Side {
  double from;   // the sample it starts at
  double start;  // its height there
  double slope;  // per sample
  double at(double k) const { return start + slope * (k - from); }
};

}  // namespace

std::vector<double> gradedProfile(const std::vector<double>& profile, double roundness) {
  const std::vector<std::size_t> corners = lowerHull(profile);
  if (corners.size() < 2) return profile;
  std::vector<Side> sides;
  for (std::size_t c = 0; c + 1 < corners.size(); ++c) {
    const std::size_t a = corners[c];
    const std::size_t b = corners[c + 1];
    sides.push_back({static_cast<double>(a), profile[a],
                     (profile[b] - profile[a]) / static_cast<double>(b - a)});
  }
  std::vector<double> hull(profile.size());
  std::size_t side = 0;
  for (std::size_t k = 0; k < profile.size(); ++k) {
    while (side + 1 < sides.size() && k > corners[side + 1]) ++side;
    hull[k] = sides[side].at(static_cast<double>(k));
  }
  if (!(roundness > 0.0) || sides.size() < 2) return hull;
  // The hull is the highest of its sides' lines at every sample. Their soft
  // maximum, roundness * ln(sum of exp(line / roundness)), is convex and
  // smooth, falls wherever they all fall, and stands above the hull by at
  // most roundness * ln(lines), most at a corner: lowered by its largest
  // excess over the hull, it lies on or under the hull, so under the
  // profile, whichever lines it is made of.
  // Sides whose lines part by less than a thousandth of the roundness
  // across the whole profile count once: the hull of a straight stretch
  // keeps corners wherever float rounding bends it by a hair, and each
  // copy of a line would lift the soft maximum by roundness * ln(copies).
  // At every sample a kept line then lies within that thousandth of the
  // hull, so the sum below never underflows to 0.
  const double span = static_cast<double>(profile.size());
  std::vector<Side> lines = {sides.front()};
  for (const Side& s : sides) {
    if ((s.slope - lines.back().slope) * span > 1e-3 * roundness) lines.push_back(s);
  }
  std::vector<double> rounded(profile.size());
  double excess = 0.0;
  for (std::size_t k = 0; k < profile.size(); ++k) {
    double sum = 0.0;
    for (const Side& s : lines)
      sum += std::exp((s.at(static_cast<double>(k)) - hull[k]) / roundness);
    rounded[k] = hull[k] + roundness * std::log(sum);
    excess = std::max(excess, rounded[k] - hull[k]);
  }
  for (double& h : rounded) h -= excess;
  return rounded;
}

}  // namespace terrain
