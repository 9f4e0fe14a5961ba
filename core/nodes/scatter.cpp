// Scatter: trees, rocks and bushes placed over the terrain (issue 40 item
// 2). Each species of its list is placed by core/scatter (a pure function
// of world position and seed, so a tile holds exactly the world's
// instances in its window) where its rules allow: a height band, the
// steepest ground, and one of the node's mask inputs scaling its density.
// Competition: a species listed earlier keeps the later ones out of its
// clearance. The later species is weighed against the earlier one's
// instances as placed by their own rules, before the earlier one's own
// losses, so a tile needs one clearance of world around it, not a chain of
// them; no later instance stands within an earlier one's clearance either
// way.
//
// Outputs: the density mask (where the shown species may stand, 0..1 of its
// density) first, so the node's thumbnail, "Show in the view" and
// --output-node read a map as for every mask node, then the instances. One
// density output with a species number, not one per species: a node's
// ports are fixed by its type, and the list is a value.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numbers>
#include <utility>

#include "core/base/error.hpp"
#include "core/nodes/cells.hpp"
#include "core/nodes/nodes.hpp"
#include "core/scatter/scatter_species.hpp"

namespace terrain {
namespace {

struct ScatterParams {
  double species = defaultSpeciesId();
  double shown = 1.0;
};

const ParamTable<ScatterParams>& table() {
  static const ParamTable<ScatterParams> rows({
      TERRAIN_BIND(
          ScatterParams, species,
          (speciesParam("species", "Species",
                        "What is scattered, each with its name, shape (cone, sphere, box), "
                        "density per hectare, spacing in metres, scale and rotation ranges, "
                        "slopeAlign (0 upright .. 1 along the ground), the band of heights in "
                        "metres above sea level and the steepest slope in degrees it stands "
                        "on, the mask input it follows (0: none; an open input: everywhere) "
                        "and its clearance: metres around it where no species listed after it "
                        "stands"))),
      TERRAIN_BIND(ScatterParams, shown,
                   (ParamInfo{"shown", "Density of species", "",
                              "Which species' density the node's mask output shows (1 = the "
                              "first in the list)",
                              ParamType::Integer, 1, static_cast<double>(kMaxSpecies)})),
  });
  return rows;
}

void validateValues(const ParamValues& values) {
  const ScatterParams p = table().unpack(values);
  const std::size_t count = speciesOf(p.species).size();
  if (p.shown > static_cast<double>(count)) {
    throw InputError("--shown: " + std::to_string(static_cast<int>(p.shown)) +
                     " but the list has " + std::to_string(count) + " species; allowed: 1 to " +
                     std::to_string(count));
  }
}

std::vector<ScatterSpecies> placings(const SpeciesList& list) {
  std::vector<ScatterSpecies> out;
  for (const SpeciesRules& r : list) out.push_back(r.placing);
  return out;
}

double widestClearance(const SpeciesList& list) {
  double widest = 0.0;
  for (const SpeciesRules& r : list) widest = std::max(widest, r.clearance);
  return widest;
}

// Cells around a result the node reads: the placement's reach around the
// widest clearance (the earlier species' instances weighed), and one cell
// for the slope under each candidate.
int reachOf(const SpeciesList& list, double cellMetres) {
  const auto clearance = static_cast<std::int64_t>(std::ceil(widestClearance(list) / cellMetres));
  return static_cast<int>(scatterReach(placings(list), cellMetres) + clearance + 2);
}

// What a run may weigh and place, over all species. The issue's own
// measure is a million instances at 4097 (BM_ScatterNode4097: 1.1e7 places
// a species, 0.9 s); 1e7 places and 3.6 million instances took 24 s and
// 1 GB, so beyond these a list from someone else's project would take
// minutes and gigabytes.
constexpr double kMaxSquares = 5.0e7;
constexpr double kMaxInstances = 5.0e6;  // density x area: where every mask is 1

void refuseTooCostly(const SpeciesRules& r, double widthMetres, const char* what, const char* limit,
                     const char* advice) {
  char figures[96];
  std::snprintf(figures, sizeof figures, "' at %g a hectare, %g m spacing over %g m",
                r.placing.density, r.placing.spacing, widthMetres);
  std::string message = "scatter: species '";  // built by +=: GCC 12's -Wrestrict
  message += r.name;
  message += figures;
  message += " brings the list to more than ";
  message += limit;
  message += what;
  message += advice;
  throw InputError(message);
}

void refuseTooManySquares(const SpeciesList& list, double widthMetres, double heightMetres) {
  double squares = 0.0;
  double instances = 0.0;
  for (const SpeciesRules& r : list) {
    if (r.placing.density <= 0.0) continue;
    squares += (widthMetres / r.placing.spacing + 3.0) * (heightMetres / r.placing.spacing + 3.0);
    instances += r.placing.density * widthMetres * heightMetres / 1.0e4;
    if (squares > kMaxSquares)
      refuseTooCostly(r, widthMetres, " places to weigh", "5e7", "; raise its spacing");
    if (instances > kMaxInstances)
      refuseTooCostly(r, widthMetres, " instances", "5e6", "; lower its density or give it a mask");
  }
}

// The ground's squared gradient (rise over run, in metres) at each sample,
// from central differences (one-sided at a map's edge, wrapped on a
// torus), as the slope mask node measures slopes: a slope is at most a
// species' steepest where this is at most its tangent squared (no atan for
// 16 million samples).
std::vector<float> squaredGradients(const Heightfield& field, double cell, double rise,
                                    const Execution& exec) {
  std::vector<float> out(field.size());
  const auto across = [&](int i, int n, int& low, int& high) {
    if (field.wraps) {
      low = (i + n - 1) % n, high = (i + 1) % n;
      return 2;
    }
    low = std::max(i - 1, 0), high = std::min(i + 1, n - 1);
    return high - low;
  };
  parallelFor(exec, 0, field.height, 16, [&](std::int64_t begin, std::int64_t end) {
    for (auto y = static_cast<int>(begin); y < end; ++y) {
      int up = 0, down = 0;
      const int rows = across(y, field.height, up, down);
      for (int x = 0; x < field.width; ++x) {
        int left = 0, right = 0;
        const int cols = across(x, field.width, left, right);
        const double gx = cols == 0 ? 0.0
                                    : static_cast<double>(field.at(right, y) - field.at(left, y)) *
                                          rise / (cols * cell);
        const double gy = rows == 0 ? 0.0
                                    : static_cast<double>(field.at(x, down) - field.at(x, up)) *
                                          rise / (rows * cell);
        out[field.index(x, y)] = static_cast<float>(gx * gx + gy * gy);
      }
    }
  });
  return out;
}

// Whether a species stands everywhere at its full density: no rule and no
// mask to follow, so it needs no map of its own.
bool everywhere(const SpeciesRules& r, const std::vector<PortValue>& in) {
  const bool masked = r.mask > 0 && in[static_cast<std::size_t>(r.mask)];
  return !masked && r.heightMin <= -1.0e5 && r.heightMax >= 1.0e5 && r.maxSlope >= 90.0;
}

// Each species' density scale per cell: its mask input (an open one:
// everywhere) where its height band and slope allow, else 0; empty for a
// species that stands everywhere.
std::vector<Heightfield> speciesMasks(const SpeciesList& list, const Heightfield& heights,
                                      const std::vector<PortValue>& in, const NodeContext& context,
                                      double cell, const RunControl& control) {
  bool slopes = false;
  for (const SpeciesRules& r : list) slopes = slopes || r.maxSlope < 90.0;
  const std::vector<float> slope =
      slopes ? squaredGradients(heights, cell, context.world.heightRange, control.exec)
             : std::vector<float>{};
  const double base = context.world.baseElevation, range = context.world.heightRange;
  std::vector<Heightfield> out;
  for (const SpeciesRules& r : list) {
    if (everywhere(r, in)) {
      out.emplace_back();
      continue;
    }
    Heightfield mask(heights.width, heights.height);
    mask.wraps = heights.wraps;
    const Heightfield* follow = r.mask > 0 ? in[static_cast<std::size_t>(r.mask)].get() : nullptr;
    const double tangent = std::tan(r.maxSlope * std::numbers::pi / 180.0);
    const auto steepest = static_cast<float>(tangent * tangent);
    const bool anySlope = !slope.empty() && r.maxSlope < 90.0;
    const float* h = heights.heights.data();
    forEachCell(mask.size(), control, [&](std::size_t i) {
      const double metres = base + static_cast<double>(h[i]) * range;  // elevationOf
      const bool band = metres >= r.heightMin && metres <= r.heightMax;
      const bool gentle = !anySlope || slope[i] <= steepest;
      const float scale = follow != nullptr ? std::clamp(follow->heights[i], 0.0f, 1.0f) : 1.0f;
      mask.heights[i] = band && gentle ? scale : 0.0f;
    });
    out.push_back(std::move(mask));
  }
  return out;
}

// Drops each later species' instances standing within an earlier species'
// clearance of one of its instances (`placed`: species by species).
std::vector<ScatterInstance> compete(const SpeciesList& list,
                                     const std::vector<ScatterInstance>& placed,
                                     const Execution& exec) {
  if (widestClearance(list) <= 0.0) return placed;
  std::vector<std::size_t> first(list.size() + 1, placed.size());
  for (std::size_t i = placed.size(); i-- > 0;) first[placed[i].species] = i;
  for (std::size_t s = list.size(); s-- > 0;) first[s] = std::min(first[s], first[s + 1]);
  std::vector<std::uint8_t> keep(placed.size(), 1);
  for (std::size_t winner = 0; winner + 1 < list.size(); ++winner) {
    const double radius = list[winner].clearance;
    if (radius <= 0.0) continue;
    // The winner's instances by square of the clearance's side, sorted by
    // square: a later instance looks up the nine squares around it.
    const auto squareOf = [radius](double metres) {
      return static_cast<std::int64_t>(std::floor(metres / radius));
    };
    const auto keyOf = [](std::int64_t i, std::int64_t j) {
      return (static_cast<std::uint64_t>(j) << 32) ^ static_cast<std::uint32_t>(i);
    };
    const auto key = [&](double x, double y) { return keyOf(squareOf(x), squareOf(y)); };
    std::vector<std::pair<std::uint64_t, std::size_t>> squares;
    for (std::size_t k = first[winner]; k < first[winner + 1]; ++k) {
      squares.emplace_back(key(placed[k].x, placed[k].y), k);
    }
    std::sort(squares.begin(), squares.end());
    const double radius2 = radius * radius;
    const auto from = static_cast<std::int64_t>(first[winner + 1]);
    const auto to = static_cast<std::int64_t>(placed.size());
    parallelFor(exec, from, to, 4096, [&](std::int64_t a, std::int64_t b) {
      for (auto k = static_cast<std::size_t>(a); k < static_cast<std::size_t>(b); ++k) {
        const ScatterInstance& c = placed[k];
        bool near = false;
        for (int dy = -1; dy <= 1 && !near; ++dy) {
          for (int dx = -1; dx <= 1 && !near; ++dx) {
            const std::uint64_t square = keyOf(squareOf(c.x) + dx, squareOf(c.y) + dy);
            auto it = std::lower_bound(squares.begin(), squares.end(),
                                       std::pair<std::uint64_t, std::size_t>{square, 0});
            for (; it != squares.end() && it->first == square && !near; ++it) {
              const double ex = placed[it->second].x - c.x, ey = placed[it->second].y - c.y;
              near = ex * ex + ey * ey < radius2;
            }
          }
        }
        if (near) keep[k] = 0;
      }
    });
  }
  std::vector<ScatterInstance> out;
  out.reserve(placed.size());
  for (std::size_t k = 0; k < placed.size(); ++k) {
    if (keep[k] != 0) out.push_back(placed[k]);
  }
  return out;
}

std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext& context,
                           const ParamValues& values, const RunControl& control) {
  const Heightfield& heights = *in[0];
  if (heights.isProfile()) throw InputError("scatter: a profile has no ground to scatter on");
  for (std::size_t m = 1; m < in.size(); ++m) {
    if (in[m] && (in[m]->width != heights.width || in[m]->height != heights.height)) {
      throw InputError("scatter: mask " + std::to_string(m) + " is " +
                       std::to_string(in[m]->width) + " x " + std::to_string(in[m]->height) +
                       ", the heights " + std::to_string(heights.width) + " x " +
                       std::to_string(heights.height) + "; they must match");
    }
  }
  validateValues(values);  // a shown species beyond the list
  const ScatterParams p = table().unpack(values);
  const SpeciesList& list = speciesOf(p.species);
  const double cell = cellMetres(context, heights);
  const std::int64_t worldW = context.worldSamples > 0 ? context.worldSamples : heights.width;
  const std::int64_t worldH = context.worldSamples > 0 ? context.worldSamples : heights.height;
  refuseTooManySquares(list, static_cast<double>(heights.width) * cell,
                       static_cast<double>(heights.height) * cell);
  control.checkpoint(0.0f);
  const std::vector<Heightfield> masks = speciesMasks(list, heights, in, context, cell, control);
  control.checkpoint(0.3f);

  // The cells whose instances are the world's: all but the reach inside
  // the map's edges, except where the map's edge is the world's.
  const int reach = reachOf(list, cell);
  const auto inner = [&](std::int64_t origin, int length, std::int64_t world) {
    const std::int64_t low = origin > 0 ? origin + reach : 0;
    const std::int64_t high =
        origin + length - 1 < world - 1 ? origin + length - 1 - reach : world - 1;
    return std::pair{low, high};
  };
  const auto [x0, x1] = inner(context.originX, heights.width, worldW);
  const auto [y0, y1] = inner(context.originY, heights.height, worldH);
  // Placed around them by the widest clearance, for the competition.
  const auto grow = static_cast<std::int64_t>(std::ceil(widestClearance(list) / cell)) + 1;
  ScatterMaps maps{&heights, {},   context.originX,          context.originY, worldW,
                   worldH,   cell, context.world.heightRange};
  maps.wraps = heights.wraps;
  for (const Heightfield& mask : masks) maps.masks.push_back(mask.size() > 0 ? &mask : nullptr);
  const auto local = [](std::int64_t v, std::int64_t origin, std::int64_t low, std::int64_t high) {
    return std::clamp(v, low, high) - origin;
  };
  const ScatterWindow placedWindow{
      local(x0 - grow, context.originX, std::max<std::int64_t>(context.originX, 0), x1),
      local(y0 - grow, context.originY, std::max<std::int64_t>(context.originY, 0), y1),
      local(x1 + grow, context.originX, x0,
            std::min(context.originX + heights.width - 1, worldW - 1)),
      local(y1 + grow, context.originY, y0,
            std::min(context.originY + heights.height - 1, worldH - 1))};
  std::vector<ScatterInstance> placed =
      scatter(placings(list), context.seed, maps, placedWindow, control.exec);
  control.checkpoint(0.8f);

  InstanceSet set;
  set.cellMetres = cell;
  set.window = {x0, y0, static_cast<int>(x1 - x0 + 1), static_cast<int>(y1 - y0 + 1)};
  for (const SpeciesRules& r : list) {
    set.species.push_back({r.name, static_cast<std::uint8_t>(r.shape)});
  }
  set.instances = compete(list, placed, control.exec);
  // Only those nearest a sample of the window: the rest were placed for
  // the competition alone.
  const auto nearest = [cell](double metres) {
    return static_cast<std::int64_t>(std::floor(metres / cell + 0.5));
  };
  // Copies: clang 14 cannot capture structured bindings in a lambda.
  const std::int64_t left = x0, right = x1, top = y0, bottom = y1;
  std::erase_if(set.instances, [&](const ScatterInstance& i) {
    const std::int64_t sx = nearest(i.x), sy = nearest(i.y);
    return sx < left || sx > right || sy < top || sy > bottom;
  });
  control.checkpoint(1.0f);
  Heightfield density = std::move(masks[static_cast<std::size_t>(p.shown) - 1]);
  if (density.size() == 0) {  // a species that stands everywhere
    density = Heightfield(heights.width, heights.height);
    density.wraps = heights.wraps;
    std::fill(density.heights.begin(), density.heights.end(), 1.0f);
  }
  return {makePort(std::move(density)), makePort(std::move(set))};
}

}  // namespace

const NodeType& scatterNode() {
  static const NodeType node({
      .key = "scatter",
      .title = "Scatter",
      .help = "Trees, rocks and bushes placed over the terrain, species by species, by density, "
              "spacing, height, slope and masks; the same in every tile",
      .inputs = {{"heights", "Heights", PortKind::Heights, false},
                 {"mask1", "Mask 1", PortKind::Mask, true},
                 {"mask2", "Mask 2", PortKind::Mask, true},
                 {"mask3", "Mask 3", PortKind::Mask, true},
                 {"mask4", "Mask 4", PortKind::Mask, true}},
      .outputs = {{"density", "Density", PortKind::Mask, false},
                  {"instances", "Instances", PortKind::Instances, false}},
      .params = table().schema(),
      .paramTable = &table(),
      .validate = validateValues,
      // The shown species is one of the list.
      .dynamicMax =
          [](std::size_t param, const ParamValues& values) {
            return param == 1 ? static_cast<double>(speciesOf(values[0]).size())
                              : table().infos()[param].max;
          },
      .locality = Locality::Neighbourhood,
      .reach = [](const ParamValues& values,
                  double cellMetres) { return reachOf(speciesOf(values[0]), cellMetres); },
      .run = run,
  });
  return node;
}

}  // namespace terrain
