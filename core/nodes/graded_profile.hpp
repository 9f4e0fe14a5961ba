#pragma once
// A graded river's long profile (the river node's `bed graded`): a falling
// profile, sampled at equal steps from head to mouth, worn so that its
// slope only eases downstream, as a river that has worn its bed to
// equilibrium, and never above the profile it replaces.
#include <cstddef>
#include <vector>

namespace terrain {

// The lower convex hull of `profile` (non-increasing samples), straight
// between its corners: each step falls no more than the one before, and
// no sample rises above the given one. (Rounding the corners would lift
// them above the profile: a convex curve below the hull must cut under
// it everywhere.)
std::vector<double> gradedProfile(const std::vector<double>& profile);

}  // namespace terrain
