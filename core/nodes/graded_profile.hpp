#pragma once
// A graded river's long profile (the river node's `bed graded`): a falling
// profile, sampled at equal steps from head to mouth, worn so that its
// slope only eases downstream, as a river that has worn its bed to
// equilibrium, and never above the profile it replaces.
#include <cstddef>
#include <vector>

namespace terrain {

// The lower convex hull of `profile` (non-increasing samples): each step
// falls no more than the one before, and no sample stands above the given
// one. With roundness 0 it is straight between its corners, on the
// profile at both ends. With roundness r > 0 (in the profile's units) the
// corners are rounded, over about r / (the change of slope per sample)
// samples either side, and every sample lies between r ln 2 and
// r ln(sides) lower still: a convex curve that stays under the profile
// must pass under the hull's corners, so it cuts a little deeper
// everywhere.
std::vector<double> gradedProfile(const std::vector<double>& profile, double roundness);

}  // namespace terrain
