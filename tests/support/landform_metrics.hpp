#pragma once
// How a landscape measures against real terrain and against itself at
// other sizes (issue 20), for tests: the correlation of a preview and an
// export at their shared samples, Flint's concavity on filled D8 drainage
// as geomorphologists measure it, and how much channels prefer the grid's
// eight directions.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/base/world.hpp"
#include "core/hydrology/flow_routing.hpp"

namespace terrain::testing {

inline double correlation(const std::vector<double>& a, const std::vector<double>& b) {
  const auto n = static_cast<double>(a.size());
  double ma = 0, mb = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    ma += a[i] / n;
    mb += b[i] / n;
  }
  double sab = 0, saa = 0, sbb = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) * (a[i] - ma);
    sbb += (b[i] - mb) * (b[i] - mb);
  }
  return sab / std::sqrt(saa * sbb);
}

// The heights of `fine` at the samples of `coarse` (the same world at
// (coarse - 1) * step + 1 samples, or coarse * step on a torus), against
// coarse's own.
inline double agreement(const Heightfield& coarse, const Heightfield& fine) {
  const int step = fine.wraps ? fine.width / coarse.width : (fine.width - 1) / (coarse.width - 1);
  std::vector<double> a;
  std::vector<double> b;
  for (int y = 0; y < coarse.height; ++y) {
    for (int x = 0; x < coarse.width; ++x) {
      a.push_back(static_cast<double>(coarse.at(x, y)));
      b.push_back(static_cast<double>(fine.at(x * step, y * step)));
    }
  }
  return correlation(a, b);
}

// Least-squares slope of ys against xs.
inline double fitSlope(const std::vector<double>& xs, const std::vector<double>& ys) {
  const auto n = static_cast<double>(xs.size());
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    sx += xs[i];
    sy += ys[i];
    sxx += xs[i] * xs[i];
    sxy += xs[i] * ys[i];
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

// D8 drainage on the field with its depressions filled, the way slope-area
// analyses of DEMs start (outlets: the map's edges and the sea).
struct FilledDrainage {
  std::vector<float> heights;  // filled
  std::vector<float> rise;     // how much filling raised each cell
  std::vector<std::uint32_t> area;
  std::vector<std::int32_t> receiver;
  std::vector<std::uint8_t> direction;
};

inline FilledDrainage filledDrainage(const Heightfield& field, float seaLevel = 0.0f) {
  FilledDrainage d;
  d.heights = field.heights;
  d.rise.assign(field.size(), 0.0f);
  FlowNetwork net(field.width, field.height, field.wraps, findOutlets(field, seaLevel), [] {});
  if (net.route(d.heights, Execution{1}, [] {}) > 0) {
    net.fillDepressions(d.heights, d.rise, 1, [] {});
    net.route(d.heights, Execution{1}, [] {});
  }
  net.buildStack([] {}, Execution{1});
  net.accumulate(Execution{1});
  d.area.assign(net.drainage().begin(), net.drainage().end());
  d.receiver.assign(net.receivers().begin(), net.receivers().end());
  d.direction.assign(net.directions().begin(), net.directions().end());
  return d;
}

// Flint's concavity theta of S ~ A^-theta on the channel cells (draining
// minAreaKm2 to maxAreaKm2), not raised by the filling: the slope of log S
// against log A, fitted to the median slope of each tenth of a decade of
// area so the many small channels do not outvote the few large ones; not
// a number when fewer than three such bins have channels. dx: metres
// between samples.
inline double concavityOf(const FilledDrainage& d, const World& world, double dx, double minAreaKm2,
                          double maxAreaKm2) {
  // A bin's median needs this many cells: the few largest rivers alone
  // would swing the fit.
  constexpr std::size_t kLeastPerBin = 20;
  std::vector<std::vector<double>> bins(200);
  for (std::size_t i = 0; i < d.heights.size(); ++i) {
    const auto r = static_cast<std::size_t>(d.receiver[i]);
    const double areaKm2 = static_cast<double>(d.area[i]) * dx * dx * 1e-6;
    if (r == i || areaKm2 < minAreaKm2 || areaKm2 > maxAreaKm2 || d.rise[i] > 0.0f) continue;
    const double drop =
        (static_cast<double>(d.heights[i]) - static_cast<double>(d.heights[r])) * world.heightRange;
    if (!(drop > 0.0)) continue;
    const double slope = drop * kInverseDistance[d.direction[i]] / dx;
    const auto bin =
        static_cast<std::size_t>(std::clamp(std::floor((std::log10(areaKm2) + 10.0) * 10.0), 0.0,
                                            static_cast<double>(bins.size() - 1)));
    bins[bin].push_back(std::log(slope));
  }
  std::vector<double> logArea;
  std::vector<double> logSlope;
  for (std::size_t b = 0; b < bins.size(); ++b) {
    std::vector<double>& slopes = bins[b];
    if (slopes.size() < kLeastPerBin) continue;
    std::nth_element(slopes.begin(),
                     slopes.begin() + static_cast<std::ptrdiff_t>(slopes.size() / 2), slopes.end());
    logArea.push_back((static_cast<double>(b) + 0.5) / 10.0 - 10.0);
    logSlope.push_back(slopes[slopes.size() / 2]);
  }
  // Too few channels to fit is no measure at all: not a number, which
  // fails every bound, where 0 would pass an upper one.
  if (logArea.size() < 3) return std::numeric_limits<double>::quiet_NaN();
  return -fitSlope(logArea, logSlope) / std::log(10.0);  // log10 area against ln slope
}

// Our own measure: the map as it is made (a torus wraps), the sea and the
// edges of a map that does not wrap as outlets.
inline double concavity(const Heightfield& field, const World& world, double minAreaKm2,
                        float seaLevel = 0.0f,
                        double maxAreaKm2 = std::numeric_limits<double>::infinity()) {
  return concavityOf(filledDrainage(field, seaLevel), world,
                     metresPerCell(world, field.width, field.wraps), minAreaKm2, maxAreaKm2);
}

// Issue 40's measure, as a slope-area analysis of a real 90 m DEM reads
// it: the map's edges the only outlets (a torus, which has none, drains
// at its lowest cell) and the sea ground like any other (a DEM's sea is
// 0 m or nodata at the coast; either way its water leaves by the edge),
// channels from 0.065 km2 (8 cells of 90 m) up to 5% of the map. A sea floor that rises
// towards the map's edge is filled as a lake would be, and the rivers that
// end in it are cut short. Heights are taken above the map's lowest, as a
// DEM's are above its sea at 0 m: the fill raises each cell of a flat a
// float step above the last one filled, and a flat sea floor of millions
// of cells at half the height range would climb tens of metres over the
// coast in those steps, where near 0 they are far below a millimetre.
inline double demConcavity(const Heightfield& field, const World& world) {
  constexpr double kLeastKm2 = 8.0 * 0.09 * 0.09;
  constexpr double kMostOfTheMap = 0.05;
  Heightfield dem = field;
  const float lowest = *std::min_element(dem.heights.begin(), dem.heights.end());
  for (float& h : dem.heights) h -= lowest;
  const double dx = metresPerCell(world, field.width, field.wraps);
  const double mapKm2 = static_cast<double>(field.size()) * dx * dx * 1e-6;
  return concavityOf(filledDrainage(dem, -std::numeric_limits<float>::infinity()), world, dx,
                     kLeastKm2, kMostOfTheMap * mapKm2);
}

// How much more often than on isotropic ground the channels' downhill
// gradients (cells draining at least minAreaKm2) lie within 5 degrees of a
// multiple of 45: 1 for no preference, 8/9 x 9/2 = 4.5 at most; not a
// number when no cell is a channel.
inline double gridDirectionExcess(const Heightfield& field, const World& world, double minAreaKm2,
                                  float seaLevel = 0.0f) {
  const FilledDrainage d = filledDrainage(field, seaLevel);
  const double dx = metresPerCell(world, field.width, field.wraps);
  std::size_t near = 0;
  std::size_t all = 0;
  for (int y = 1; y + 1 < field.height; ++y) {
    for (int x = 1; x + 1 < field.width; ++x) {
      const std::size_t i = field.index(x, y);
      if (static_cast<double>(d.area[i]) * dx * dx * 1e-6 < minAreaKm2) continue;
      if (field.heights[i] <= seaLevel) continue;
      const double gx =
          static_cast<double>(field.at(x + 1, y)) - static_cast<double>(field.at(x - 1, y));
      const double gy =
          static_cast<double>(field.at(x, y + 1)) - static_cast<double>(field.at(x, y - 1));
      if (gx == 0.0 && gy == 0.0) continue;
      const double degrees = std::atan2(gy, gx) * 180.0 / std::numbers::pi + 360.0;
      const double offset = std::fmod(degrees, 45.0);
      near += std::min(offset, 45.0 - offset) <= 5.0 ? 1u : 0u;
      ++all;
    }
  }
  // No channel cell: not a number (0 would pass the bound).
  if (all == 0) return std::numeric_limits<double>::quiet_NaN();
  return static_cast<double>(near) / static_cast<double>(all) / (10.0 / 45.0);
}

}  // namespace terrain::testing
