#pragma once
// Smoothing passes: article 000's own pass, and a resolution-independent
// neighbour-average smoothing for everything else.
#include <cstddef>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/base/parallel.hpp"

namespace terrain {

// Article 000, exactly: pass p (1-based) averages h[i-1] and h[i+1] into
// h[i] for i = p, p+2, ... < n-1, in place, with integer division.
void smoothArticlePasses(std::vector<int>& heights, int passes);

// The same passes, bit for bit, on a line of n whole numbers of magnitude
// below 2^23 held in float and split by parity: even[j] is h[2j] ((n + 1) / 2
// of them), odd[j] is h[2j + 1] (n / 2). Vectorises; the walk uses it.
void smoothArticlePassesSplit(float* even, float* odd, std::ptrdiff_t n, int passes);

// `passes` neighbour-average passes as they look on a 257-sample preview,
// at any size: the kernel width scales with the field, so a 4x larger
// export looks as smooth as its preview. Profiles smooth along x only;
// `wrap` treats the field as a torus (coastline).
// Rows and columns blur independently (in parallel); the bits never depend
// on exec.threads. Edges replicate the border sample unless `wrap`. Cost is
// O(cells) for any number of passes; passes <= 0 leaves the field untouched.
void smoothScaled(Heightfield& field, int passes, bool wrap, const Execution& exec);

// The Gaussian smoothScaled applies, in cells of a field `width` samples wide:
// sqrt(passes / 2) * (width - 1) / 256 (one [1/4 1/2 1/4] pass has variance
// 1/2 cell^2 on the 257-sample preview). Both axes use the width's scale.
double smoothingSigma(int passes, int width);

}  // namespace terrain
