#pragma once
// Helpers shared by the core tests: bit checksums and fractal statistics.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/heightfield.hpp"

namespace terrain::testing {

// FNV-1a over the float bit patterns: equal iff the heights are bit-identical.
inline std::uint64_t checksum(const Heightfield& field) {
  std::uint64_t h = 1469598103934665603ULL;
  for (float v : field.heights) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    for (int i = 0; i < 4; ++i) {
      h ^= (bits >> (8 * i)) & 0xFFU;
      h *= 1099511628211ULL;
    }
  }
  return h;
}

// Hurst exponent from the variogram along rows: E[(h(x+d) - h(x))^2] ~ d^(2H),
// fitted by least squares over lags 1, 2, 4, ... up to maxLag.
inline double estimateHurst(const Heightfield& field, int maxLag) {
  std::vector<double> xs;
  std::vector<double> ys;
  for (int lag = 1; lag <= maxLag; lag *= 2) {
    double sum = 0.0;
    std::int64_t count = 0;
    for (int y = 0; y < field.height; ++y) {
      for (int x = 0; x + lag < field.width; ++x) {
        const double d = double(field.at(x + lag, y)) - double(field.at(x, y));
        sum += d * d;
        ++count;
      }
    }
    if (count == 0 || sum <= 0.0) break;
    xs.push_back(std::log(double(lag)));
    ys.push_back(std::log(sum / double(count)));
  }
  const double n = double(xs.size());
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    sx += xs[i];
    sy += ys[i];
    sxx += xs[i] * xs[i];
    sxy += xs[i] * ys[i];
  }
  const double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  return slope / 2.0;
}

}  // namespace terrain::testing
