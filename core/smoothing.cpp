#include "core/smoothing.hpp"

namespace terrain {

// Placeholder until the smoothing lands; see smoothing.hpp for the contract.
void smoothArticlePasses(std::vector<int>& /*heights*/, int /*passes*/) {}
void smoothScaled(Heightfield& /*field*/, int /*passes*/, bool /*wrap*/,
                  const Execution& /*exec*/) {}

}  // namespace terrain
