#include "core/scatter/scatter.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "core/base/random.hpp"

namespace terrain {
namespace {

// Streams per species: a candidate's place across and down, whether it is
// kept, its priority, scale and rotation.
constexpr std::uint64_t kStreams = 8;
constexpr double kSquareMetresPerHectare = 1e4;

struct Candidate {
  double x = 0.0, y = 0.0;  // metres
  std::uint64_t priority = 0;
  std::uint64_t index = 0;  // its square's lattice index: breaks a tie of priorities
  bool kept = false;
};

// One species' candidates, a pure function of (seed, species, square).
class SpeciesField {
 public:
  SpeciesField(const ScatterSpecies& species, std::uint32_t number, std::uint64_t seed,
               const ScatterMaps& maps)
      : species_(species),
        maps_(maps),
        mask_(number < maps.masks.size() ? maps.masks[number] : nullptr),
        placeX_(seed, kStreams * number),
        placeY_(seed, kStreams * number + 1),
        keep_(seed, kStreams * number + 2),
        priority_(seed, kStreams * number + 3),
        scale_(seed, kStreams * number + 4),
        rotation_(seed, kStreams * number + 5),
        keepScale_(std::max(0.0, species.density) * species.spacing * species.spacing /
                   kSquareMetresPerHectare) {}

  Candidate at(std::int64_t i, std::int64_t j) const {
    Candidate c;
    c.index = latticeIndex(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j));
    c.x = (static_cast<double>(i) + placeX_.uniform(c.index)) * species_.spacing;
    c.y = (static_cast<double>(j) + placeY_.uniform(c.index)) * species_.spacing;
    const std::int64_t cx = nearestSample(c.x), cy = nearestSample(c.y);
    if (cx < 0 || cy < 0 || cx >= maps_.worldWidth || cy >= maps_.worldHeight) return c;
    if (!maps_.wraps && (c.x < 0.0 || c.y < 0.0 ||
                         c.x > static_cast<double>(maps_.worldWidth - 1) * maps_.cellMetres ||
                         c.y > static_cast<double>(maps_.worldHeight - 1) * maps_.cellMetres)) {
      return c;
    }
    double mask = 1.0;
    if (mask_ != nullptr) {
      mask = std::clamp(static_cast<double>(mask_->at(static_cast<int>(cx - maps_.originX),
                                                      static_cast<int>(cy - maps_.originY))),
                        0.0, 1.0);
    }
    c.kept = keep_.uniform(c.index) < keepScale_ * mask;
    c.priority = priority_.bits(c.index);
    return c;
  }

  // The world sample nearest `metres` along an axis.
  std::int64_t nearestSample(double metres) const {
    return static_cast<std::int64_t>(std::floor(metres / maps_.cellMetres + 0.5));
  }

  ScatterInstance instance(const Candidate& c, std::uint32_t number) const;

 private:
  const ScatterSpecies& species_;
  const ScatterMaps& maps_;
  const Heightfield* mask_;
  RandomStream placeX_, placeY_, keep_, priority_, scale_, rotation_;
  double keepScale_;  // a candidate's keep probability where the mask is 1
};

// The instance of a standing candidate: its looks, and the terrain's height
// and slope under it from the bilinear patch of the four samples around.
ScatterInstance SpeciesField::instance(const Candidate& c, std::uint32_t number) const {
  ScatterInstance out;
  out.x = c.x, out.y = c.y;
  out.species = number;
  const ScatterSpecies& s = species_;
  out.scale = static_cast<float>(s.scaleMin + (s.scaleMax - s.scaleMin) * scale_.uniform(c.index));
  const double degrees =
      s.rotationMin + (s.rotationMax - s.rotationMin) * rotation_.uniform(c.index);
  out.rotation = static_cast<float>(degrees * std::numbers::pi / 180.0);
  const double px = c.x / maps_.cellMetres, py = c.y / maps_.cellMetres;
  const auto patch = [](double p, std::int64_t samples) {
    return std::clamp<std::int64_t>(static_cast<std::int64_t>(std::floor(p)), 0,
                                    std::max<std::int64_t>(0, samples - 2));
  };
  const std::int64_t x0 = patch(px, maps_.worldWidth), y0 = patch(py, maps_.worldHeight);
  const std::int64_t x1 = std::min(x0 + 1, maps_.worldWidth - 1);
  const std::int64_t y1 = std::min(y0 + 1, maps_.worldHeight - 1);
  const double fx = std::clamp(px - static_cast<double>(x0), 0.0, 1.0);
  const double fy = std::clamp(py - static_cast<double>(y0), 0.0, 1.0);
  const auto h = [&](std::int64_t x, std::int64_t y) {
    return static_cast<double>(maps_.heights->at(static_cast<int>(x - maps_.originX),
                                                 static_cast<int>(y - maps_.originY))) *
           maps_.heightRange;
  };
  const double h00 = h(x0, y0), h10 = h(x1, y0), h01 = h(x0, y1), h11 = h(x1, y1);
  out.height = static_cast<float>((h00 * (1.0 - fx) + h10 * fx) * (1.0 - fy) +
                                  (h01 * (1.0 - fx) + h11 * fx) * fy);
  const double gx = ((h10 - h00) * (1.0 - fy) + (h11 - h01) * fy) / maps_.cellMetres;
  const double gy = ((h01 - h00) * (1.0 - fx) + (h11 - h10) * fx) / maps_.cellMetres;
  const double normal = std::sqrt(gx * gx + gy * gy + 1.0);
  const double a = std::clamp(s.slopeAlign, 0.0, 1.0);
  const double ux = -a * gx / normal, uy = -a * gy / normal, uz = (1.0 - a) + a / normal;
  const double up = std::sqrt(ux * ux + uy * uy + uz * uz);
  out.upX = static_cast<float>(ux / up), out.upY = static_cast<float>(uy / up);
  out.upZ = static_cast<float>(uz / up);
  return out;
}

// Whether kept candidate `c` stands: no kept candidate of higher priority
// (on a tie, of the higher square index) nearer than the spacing.
bool stands(const Candidate& c, const Candidate* const rows[3], std::int64_t column,
            double spacing) {
  const double spacing2 = spacing * spacing;
  for (int r = 0; r < 3; ++r) {
    for (std::int64_t k = column - 1; k <= column + 1; ++k) {
      const Candidate& o = rows[r][k];
      if (!o.kept || (r == 1 && k == column)) continue;
      const double dx = o.x - c.x, dy = o.y - c.y;
      if (dx * dx + dy * dy >= spacing2) continue;
      if (o.priority > c.priority || (o.priority == c.priority && o.index > c.index)) return false;
    }
  }
  return true;
}

// A species' instances in the window, rows of squares in parallel.
void scatterSpecies(const ScatterSpecies& species, std::uint32_t number, std::uint64_t seed,
                    const ScatterMaps& maps, const ScatterWindow& window, const Execution& exec,
                    std::vector<ScatterInstance>& out) {
  if (!(species.spacing > 0.0) || !(species.density > 0.0)) return;
  const SpeciesField field(species, number, seed, maps);
  // Squares holding a candidate whose nearest sample may lie in the window.
  const auto square = [&](double sample) {
    return static_cast<std::int64_t>(std::floor(sample * maps.cellMetres / species.spacing));
  };
  const std::int64_t wx0 = maps.originX + window.x0, wx1 = maps.originX + window.x1;
  const std::int64_t wy0 = maps.originY + window.y0, wy1 = maps.originY + window.y1;
  const std::int64_t i0 = square(static_cast<double>(wx0) - 0.5) - 1;
  const std::int64_t i1 = square(static_cast<double>(wx1) + 0.5) + 1;
  const std::int64_t j0 = square(static_cast<double>(wy0) - 0.5) - 1;
  const std::int64_t j1 = square(static_cast<double>(wy1) + 0.5) + 1;
  const auto width = static_cast<std::size_t>(i1 - i0 + 3);
  std::vector<std::vector<ScatterInstance>> rows(static_cast<std::size_t>(j1 - j0 + 1));
  parallelFor(exec, j0, j1 + 1, 16, [&](std::int64_t first, std::int64_t last) {
    // Three rows of candidates, a column either side: those a row's
    // candidates are weighed against.
    std::vector<Candidate> ring[3];
    const auto fill = [&](std::vector<Candidate>& row, std::int64_t j) {
      row.resize(width);
      for (std::size_t k = 0; k < width; ++k) {
        row[k] = field.at(i0 - 1 + static_cast<std::int64_t>(k), j);
      }
    };
    fill(ring[0], first - 1), fill(ring[1], first);
    for (std::int64_t j = first; j < last; ++j) {
      fill(ring[(j - first + 2) % 3], j + 1);
      const Candidate* const around[3] = {ring[(j - first) % 3].data(),
                                          ring[(j - first + 1) % 3].data(),
                                          ring[(j - first + 2) % 3].data()};
      auto& row = rows[static_cast<std::size_t>(j - j0)];
      for (std::int64_t k = 1; k + 1 < static_cast<std::int64_t>(width); ++k) {
        const Candidate& c = around[1][k];
        if (!c.kept) continue;
        const std::int64_t cx = field.nearestSample(c.x), cy = field.nearestSample(c.y);
        if (cx < wx0 || cx > wx1 || cy < wy0 || cy > wy1) continue;
        if (stands(c, around, k, species.spacing)) row.push_back(field.instance(c, number));
      }
    }
  });
  for (const auto& row : rows) out.insert(out.end(), row.begin(), row.end());
}

}  // namespace

std::int64_t scatterReach(const std::vector<ScatterSpecies>& species, double cellMetres) {
  double spacing = 0.0;
  for (const ScatterSpecies& s : species) spacing = std::max(spacing, s.spacing);
  // The candidates weighed lie in the squares over the window, one square
  // more either side (rounding at its edges) and their neighbours: within
  // three spacings and a sample of it.
  return static_cast<std::int64_t>(std::ceil(3.0 * spacing / cellMetres)) + 3;
}

std::vector<ScatterInstance> scatter(const std::vector<ScatterSpecies>& species, std::uint64_t seed,
                                     const ScatterMaps& maps, const ScatterWindow& window,
                                     const Execution& exec) {
  std::vector<ScatterInstance> out;
  if (maps.heights == nullptr || window.x1 < window.x0 || window.y1 < window.y0) return out;
  // The maps must hold the reach around the window, within the world.
  const std::int64_t reach = scatterReach(species, maps.cellMetres);
  const std::int64_t need[4] = {
      std::max<std::int64_t>(maps.originX + window.x0 - reach, 0),
      std::max<std::int64_t>(maps.originY + window.y0 - reach, 0),
      std::min<std::int64_t>(maps.originX + window.x1 + reach, maps.worldWidth - 1),
      std::min<std::int64_t>(maps.originY + window.y1 + reach, maps.worldHeight - 1)};
  const Heightfield& h = *maps.heights;
  bool holds = need[0] >= maps.originX && need[1] >= maps.originY &&
               need[2] < maps.originX + h.width && need[3] < maps.originY + h.height;
  for (const Heightfield* mask : maps.masks) {
    holds = holds && (mask == nullptr || (mask->width == h.width && mask->height == h.height));
  }
  if (!holds)
    throw std::invalid_argument("scatter: the maps hold less than the reach around the window");
  for (std::uint32_t k = 0; k < species.size(); ++k) {
    scatterSpecies(species[k], k, seed, maps, window, exec, out);
  }
  return out;
}

}  // namespace terrain
