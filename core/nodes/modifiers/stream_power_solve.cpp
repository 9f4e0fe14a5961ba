// The stream-power solve (see stream_power_solve.hpp): the implicit steps,
// soil creep, the solve grid and the rescale. The stage and its parameters
// are core/nodes/modifiers/stream_power.cpp.
#include "core/nodes/modifiers/stream_power_solve.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>

#include "core/base/grid_levels.hpp"
#include "core/base/portable_math.hpp"
#include "core/hydrology/hillslope_diffusion.hpp"

namespace terrain {
namespace {

constexpr double kSquareKilometre = 1.0e6;  // m^2: the reference area of K
constexpr std::size_t kPowTable = 1 << 14;  // drainage areas (cells) with a tabled A^m
constexpr std::size_t kPollEvery = 1 << 16;
constexpr std::size_t kPrefetchAhead = 16;  // stack entries: ~a few hundred cycles of work

float above(float h) {
  return std::nextafter(h, std::numeric_limits<float>::infinity());
}

// The step's constants: everything of F but the drainage area and distance.
struct StepConstants {
  double uplift = 0.0;       // height units per step
  double coefficient = 0.0;  // K dt (cell area / 1 km^2)^m / cell width
  double creep = 0.0;        // Kd dt / cell width^2: soil creep per step
  double m = 0.5;
  std::vector<double> cellsToTheM;  // c^m for c < kPowTable
  double areaTerm(std::uint32_t cells) const {
    return cells < cellsToTheM.size() ? cellsToTheM[cells]
                                      : portablePow(static_cast<double>(cells), m);
  }
  // A spread area's c^m, between the table's whole cells by a straight line.
  double areaTerm(float cells) const {
    const auto whole = static_cast<std::size_t>(cells);
    if (whole + 1 >= cellsToTheM.size()) return portablePow(static_cast<double>(cells), m);
    const double part = static_cast<double>(cells) - static_cast<double>(whole);
    return cellsToTheM[whole] + part * (cellsToTheM[whole + 1] - cellsToTheM[whole]);
  }
  float channelCells = 0.0f;  // water spreads below this area in cells (0: never)
};

StepConstants constantsFor(const StreamPowerParams& p, const World& world, double cellMetres,
                           std::size_t cells) {
  StepConstants c;
  c.m = p.mOverN;
  c.uplift = p.uplift * 1.0e-3 * p.yearsPerStep / world.heightRange;
  const double k = p.erodibility * 1.0e-3;  // m per year
  c.coefficient = k * p.yearsPerStep *
                  portablePow(cellMetres * cellMetres / kSquareKilometre, p.mOverN) / cellMetres;
  c.creep = p.diffusion * p.yearsPerStep / (cellMetres * cellMetres);
  c.channelCells = static_cast<float>(std::max(0.0, p.spreadBelow) * kSquareKilometre /
                                      (cellMetres * cellMetres));
  c.cellsToTheM.resize(std::min(kPowTable, cells + 1));
  for (std::size_t i = 1; i < c.cellsToTheM.size(); ++i) {
    c.cellsToTheM[i] = portablePow(static_cast<double>(i), p.mOverN);
  }
  return c;
}

// The least-squares slope of `map` against `solved` (samples of one world
// on two scales): how many of the map's height units one of the solve's is.
double scaleBetween(const std::vector<float>& solved, const std::vector<float>& map) {
  double meanS = 0.0;
  double meanM = 0.0;
  for (std::size_t i = 0; i < solved.size(); ++i) {
    meanS += static_cast<double>(solved[i]);
    meanM += static_cast<double>(map[i]);
  }
  meanS /= static_cast<double>(solved.size());
  meanM /= static_cast<double>(solved.size());
  double covariance = 0.0;
  double variance = 0.0;
  for (std::size_t i = 0; i < solved.size(); ++i) {
    const double s = static_cast<double>(solved[i]) - meanS;
    covariance += s * (static_cast<double>(map[i]) - meanM);
    variance += s * s;
  }
  return variance > 0.0 ? covariance / variance : 1.0;
}

// One implicit step along the stack, downstream first, each catchment on
// its own. Adds what each cell loses to wear.
// `upliftScale`: each cell's share of the uplift (empty: all of it).
// `spreads`: F takes the spread drainage (FlowNetwork::spreadDrainage).
void erode(const FlowNetwork& net, const StepConstants& c, bool spreads, std::span<float> heights,
           std::span<const float> upliftScale, std::span<float> wear, const Poll& poll,
           const Execution& exec) {
  const auto stack = net.stack();
  const auto receivers = net.receivers();
  const auto directions = net.directions();
  const auto drainage = net.drainage();
  const auto spread = net.spreadArea();
  const std::span<const float> area = spreads ? spread : std::span<const float>();
  net.forCatchments(exec, [&](std::size_t first, std::size_t last) {
    for (std::size_t k = first; k < last; ++k) {
      if ((k + 1) % kPollEvery == 0) poll();
      // The stack visits the map out of order and the cell's own data (not
      // its receiver's, just written) misses the cache: ask for it a few
      // cells ahead. A hint only: 15-25% off this loop at 1025, same bits.
      if (k + kPrefetchAhead < last) {
        const auto ahead = static_cast<std::size_t>(stack[k + kPrefetchAhead]);
        __builtin_prefetch(&heights[ahead], 1);
        __builtin_prefetch(&wear[ahead], 1);
        __builtin_prefetch(&receivers[ahead]);
        if (area.empty()) {
          __builtin_prefetch(&drainage[ahead]);
        } else {
          __builtin_prefetch(&area[ahead]);
        }
      }
      const auto i = static_cast<std::size_t>(stack[k]);
      const auto r = static_cast<std::size_t>(receivers[i]);
      if (r == i) continue;
      // h' = (h + dt U + F h_r') / (1 + F) as a + b h_r': only the last
      // multiply-add waits for the receiver's new height.
      const double f = c.coefficient * (spreads ? c.areaTerm(spread[i]) : c.areaTerm(drainage[i])) *
                       kInverseDistance[directions[i]];
      const double uplift = upliftScale.empty()
                                ? c.uplift
                                : c.uplift * std::max(0.0, static_cast<double>(upliftScale[i]));
      const double raised = static_cast<double>(heights[i]) + uplift;
      const double keep = 1.0 / (1.0 + f);
      const double next = raised * keep + (f * keep) * static_cast<double>(heights[r]);
      float h = static_cast<float>(next);
      if (!(h > heights[r])) h = above(heights[r]);  // keep the descent strict in floats
      wear[i] += static_cast<float>(std::max(0.0, raised - static_cast<double>(h)));
      heights[i] = h;
    }
  });
}

// Each cell nudged above its receiver where it no longer is, downstream
// first, so every cell still drains along the network.
void keepDraining(const FlowNetwork& net, std::span<float> heights) {
  const auto receivers = net.receivers();
  for (const std::int32_t cell : net.stack()) {
    const auto i = static_cast<std::size_t>(cell);
    const auto r = static_cast<std::size_t>(receivers[i]);
    if (r != i && !(heights[i] > heights[r])) heights[i] = above(heights[r]);
  }
}

// Heights, uplift and outlets on the solve grid: the preview's own where
// the evaluator gave them, else the map's read on the grid.
struct CoarseInputs {
  Heightfield heights;
  std::optional<Heightfield> uplift;
  std::optional<Heightfield> outlets;
  StreamPowerInputs asInputs() const {
    StreamPowerInputs in;
    if (uplift) in.uplift = &*uplift;
    if (outlets) in.outlets = &*outlets;
    return in;
  }
};
CoarseInputs onSolveGrid(const Heightfield& field, const StreamPowerInputs& inputs,
                         const SolveGrid& grid) {
  const auto onGrid = [&](const Heightfield* given, const Heightfield& fine, bool widest) {
    const bool fits =
        given != nullptr && given->width == grid.width && given->height == grid.height;
    return fits ? Heightfield(*given) : sampleOnGrid(fine, grid, widest);
  };
  CoarseInputs out{onGrid(inputs.solveHeights, field, false), std::nullopt, std::nullopt};
  if (inputs.uplift != nullptr) out.uplift = onGrid(inputs.solveUplift, *inputs.uplift, false);
  if (inputs.outlets != nullptr) out.outlets = onGrid(inputs.solveOutlets, *inputs.outlets, true);
  return out;
}

// The steps: soil creep, routing (pits filled), the stack and the
// drainage (spread from step spreadFrom on), then the implicit cut.
void run(Heightfield& field, int steps, int spreadFrom, const StepConstants& constants,
         std::span<const float> upliftScale, std::uint64_t seed, StreamPowerWork& work,
         const RunControl& control) {
  FlowNetwork& net = *work.network;
  const Poll poll = [&control] { control.checkpoint(); };
  // No step still routes once: the rescale and the flow map need a network.
  for (int step = 0; step < std::max(steps, 1); ++step) {
    // Soil creeps before the rivers cut, so a run ends on crisp channels;
    // the nudge keeps creep from damming them into lakes to fill.
    if (constants.creep > 0.0 && steps > 0) {
      diffuseHillslopes(field.heights, field.width, field.height, field.wraps, net.outlets(),
                        constants.creep, control.exec);
      if (step > 0) keepDraining(net, field.heights);
    }
    if (net.route(field.heights, control.exec, poll) > 0) {
      control.checkpoint();
      net.fillDepressions(field.heights, work.deposition, seed, poll);
      net.route(field.heights, control.exec, poll);
    }
    control.checkpoint();
    net.buildStack(poll, control.exec);
    net.accumulate(control.exec);
    // Below one cell's area nothing spreads: the pass would give the drainage.
    work.spreadFlow = constants.channelCells > 1.0f && step >= spreadFrom;
    if (work.spreadFlow)
      net.spreadDrainage(field.heights, constants.channelCells, poll, control.exec);
    control.checkpoint();
    if (steps == 0) break;
    erode(net, constants, work.spreadFlow, field.heights, upliftScale, work.wear, poll,
          control.exec);
    control.checkpoint(static_cast<float>(step + 1) / static_cast<float>(steps));
  }
}

// A cell the outlets input marks (0.5 or more): rivers end there.
bool drawnOutlet(const StreamPowerInputs& inputs, std::size_t i) {
  return inputs.outlets != nullptr && inputs.outlets->heights[i] >= 0.5f;
}

// Cells that take none of the solve's change: the sea (at or below its
// level) and drawn outlets (a river's bed). Interpolated, the coastal
// land's change would spill into them.
bool heldBy(const Heightfield& field, const StreamPowerInputs& inputs, float seaLevel,
            std::size_t i) {
  return field.heights[i] <= seaLevel || drawnOutlet(inputs, i);
}

// The upsampled change (times `scale`) added to the land, which stays
// above the sea level where interpolation overshoots below it (the
// refinement steps may still cut a river mouth below it, as at every
// size); held cells keep their heights.
void addChange(Heightfield& field, const StreamPowerInputs& inputs, float seaLevel,
               const std::vector<float>& change, double scale) {
  for (std::size_t i = 0; i < field.size(); ++i) {
    if (heldBy(field, inputs, seaLevel, i)) continue;
    const auto moved = static_cast<float>(static_cast<double>(field.heights[i]) +
                                          scale * static_cast<double>(change[i]));
    field.heights[i] = moved > seaLevel ? moved : above(seaLevel);
  }
}

// The upsampled wear and deposition brought to the map's scale; held cells wear
// nothing. Reads the heights after addChange, which holds the same cells.
void scaleErosionMaps(const Heightfield& field, const StreamPowerInputs& inputs, float seaLevel,
                      StreamPowerWork& work, float scale) {
  for (std::size_t i = 0; i < field.size(); ++i) {
    const bool held = heldBy(field, inputs, seaLevel, i);
    work.wear[i] = held ? 0.0f : std::max(work.wear[i], 0.0f) * scale;
    work.deposition[i] = held ? 0.0f : std::max(work.deposition[i], 0.0f) * scale;
  }
}

}  // namespace

// The scale about sea level that brings the land's highest point to `top`.
double landScale(std::span<const float> heights, float seaLevel, float top) {
  float highest = -std::numeric_limits<float>::infinity();
  for (float h : heights) highest = std::max(highest, h);
  if (!(highest > seaLevel) || !(top > seaLevel)) return 1.0;
  return (static_cast<double>(top) - static_cast<double>(seaLevel)) /
         (static_cast<double>(highest) - static_cast<double>(seaLevel));
}

// Land above sea level scaled about it by `scale` (at most to height 1);
// then each cell nudged above its receiver again where float rounding made
// them equal, so the output keeps every cell draining.
void rescaleLand(const FlowNetwork& net, std::span<float> heights, float seaLevel, double scale,
                 const Execution& exec) {
  float* data = heights.data();
  parallelFor(
      exec, 0, static_cast<std::int64_t>(heights.size()), 1 << 15,
      [&](std::int64_t first, std::int64_t last) {
        for (std::int64_t i = first; i < last; ++i) {
          if (data[i] > seaLevel) {
            data[i] = static_cast<float>(std::min(
                1.0, static_cast<double>(seaLevel) +
                         (static_cast<double>(data[i]) - static_cast<double>(seaLevel)) * scale));
          }
        }
      });
  keepDraining(net, heights);
}

// `steps` steps on the field at its own size; wear and deposition add
// to what `work` holds already (zeros the first time).
void solveStreamPower(Heightfield& field, const StreamPowerInputs& inputs,
                      const StreamPowerParams& p, int steps, int spreadFrom,
                      const StageContext& context, StreamPowerWork& work,
                      const RunControl& control) {
  const Poll poll = [&control] { control.checkpoint(); };
  std::vector<std::uint8_t> outlets = findOutlets(field, static_cast<float>(p.seaLevel));
  if (inputs.outlets != nullptr) {
    for (std::size_t i = 0; i < outlets.size(); ++i) {
      if (drawnOutlet(inputs, i)) outlets[i] = 1;
    }
  }
  work.network = std::make_unique<FlowNetwork>(field.width, field.height, field.wraps,
                                               std::move(outlets), poll);
  if (p.randomDirections) work.network->randomiseDiagonals(context.seed, control.exec);
  if (work.wear.size() != field.size()) resizeZeroed(work.wear, field.size(), poll);
  if (work.deposition.size() != field.size()) resizeZeroed(work.deposition, field.size(), poll);
  const StepConstants constants = constantsFor(
      p, context.world, metresPerCell(context.world, field.width, field.wraps), field.size());
  const std::span<const float> upliftScale =
      inputs.uplift ? std::span<const float>(inputs.uplift->heights) : std::span<const float>();
  run(field, std::max(steps, 0), spreadFrom, constants, upliftScale, context.seed, work, control);
}

// The steps on the solve grid (every stride-th sample of the map, or on a
// map of another side the preview's grid read between its samples: the
// same samples a preview of the world has), then the result back at every sample, with
// the detail the coarse grid could not hold: the rivers' layout is the
// coarse grid's at every size. The refinement steps carve the small
// valleys that follow it. Returns about the preview's final rescale,
// which the map takes too when soil creeps (its own highest point,
// rounded by creep or sharpened by the refinement, would scale it unlike
// the preview), or nothing without creep and for a two-stage world,
// whose samples are on another scale.
std::optional<double> solveStreamPowerCoarse(Heightfield& field, const StreamPowerInputs& inputs,
                                             const StreamPowerParams& p, const SolveGrid& grid,
                                             const StageContext& context, StreamPowerWork& work,
                                             const RunControl& control) {
  const CoarseInputs onGrid = onSolveGrid(field, inputs, grid);
  const Heightfield& before = onGrid.heights;
  // A two-stage world's sources keep their shared range, not a preview's
  // 0..1: the solve's change is brought to the map's scale. A whole map
  // keeps it as it is: its own 0..1 differs from the preview's by a few
  // per cent, and scaling the valleys that much dams them.
  const double scale = inputs.solveOnOtherScale && inputs.solveHeights != nullptr
                           ? scaleBetween(before.heights, sampleOnGrid(field, grid, false).heights)
                           : 1.0;
  Heightfield coarse = before;
  coarse.erosion = nullptr;
  const StreamPowerInputs coarseInputs = onGrid.asInputs();
  StreamPowerWork coarseWork;
  solveStreamPower(coarse, coarseInputs, p, p.steps, kNeverSpread, context, coarseWork, control);
  const auto up = [&](const std::vector<float>& layer) {
    return upsampleCubic(layer, grid, field.width, field.height, field.wraps, control.exec);
  };
  // The map keeps its own detail and takes the solve's change.
  std::vector<float> solved(coarse.size());
  for (std::size_t i = 0; i < coarse.size(); ++i) solved[i] = coarse.heights[i] - before.heights[i];
  addChange(field, inputs, static_cast<float>(p.seaLevel), up(solved), scale);
  work.wear = up(coarseWork.wear);
  work.deposition = up(coarseWork.deposition);
  scaleErosionMaps(field, inputs, static_cast<float>(p.seaLevel), work, static_cast<float>(scale));
  control.checkpoint();
  // Without creep each size's own highest point scales it alike (and
  // projects saved before creep keep their bits).
  if (inputs.solveOnOtherScale || !(p.diffusion > 0.0)) return std::nullopt;
  // The preview's last steps, for the height it ends at: close to the
  // preview's own run, not its bits (a second solve starts a network
  // afresh, filling its lakes again).
  solveStreamPower(coarse, coarseInputs, p, p.refineSteps, kNeverSpread, context, coarseWork,
                   control);
  const float previewTop = inputs.uplift != nullptr ? std::min(1.0f, computeStats(coarse).max)
                                                    : computeStats(before).max;
  return landScale(coarse.heights, static_cast<float>(p.seaLevel), previewTop);
}

}  // namespace terrain
