// Hydraulic erosion by droplets, after Hans Theodor Beyer, "Implementation
// of a method for hydraulic erosion" (2015). A droplet starts at rest with
// water 1; each step it
//   reads the height and gradient g bilinearly at its position,
//   turns: dir = dir * inertia - g * (1 - inertia), normalised; moves one cell,
//   finds dh = new height - old height and its carrying capacity
//     c = max(-dh, minSlope) * speed * water * capacity,
//   drops sediment where it carries more than c or climbs (filling the pit
//   it climbs out of up to dh), else picks up (c - sediment) * erosion, never
//   more than -dh, from the cells within `radius` (a cone-shaped brush),
//   speeds up going downhill (speed^2 + (-dh) * gravity) and loses water.
// Where it dies it drops what it carries; only a droplet that leaves the
// map's edge takes its sediment away. Slopes are measured as a 257 preview of
// the default world sees them (dropletSlopeScale), so an export erodes like
// its preview.
//
// Parallel and deterministic: the map is cut into square blocks wider than
// twice the furthest a droplet reaches (lifetime + radius + 2 cells), and
// coloured in a 2x2 checkerboard, so two blocks of one colour never touch
// the same cells. The droplets run in rounds; in each round the four colours
// run one after another, each block's droplets in a fixed order. Droplet j
// of block b starts at a position drawn from RandomStream(seed, b) at j: the
// result never depends on the threads. A block's droplets can only reach
// the 8 blocks around it, so a block's turn waits only for theirs that come
// before it in that order, not for the whole colour (BlockSchedule): no
// thread idles at a colour's end, nor for a thread the system has paused.
#include "core/nodes/modifiers/droplets.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "core/base/random.hpp"

namespace terrain {
namespace {

constexpr float kMinSlope = 0.01f;                      // the thesis's p_minSlope
constexpr double kReferenceSlopeScale = 1200.0 / 32.0;  // heightRange / metres per cell
constexpr std::int64_t kDropletsPerRound = std::int64_t{1} << 14;
constexpr std::uint64_t kStreamBase = 0xd50b1e7500000000ULL;

// The erosion brush: cells within the radius of a droplet's cell, weighted
// radius - distance and normalised (the thesis's weights). Its cells run
// row by row (dy, then dx, ascending), each row a run of neighbours.
struct Brush {
  struct Row {
    std::ptrdiff_t offset;  // of the row's first cell from the centre: dy * width + dx
    int cells;
    int first;  // index of its first cell's weight
  };
  std::vector<int> dx;
  std::vector<int> dy;
  std::vector<float> weight;
  std::vector<Row> rows;
};

Brush makeBrush(int radius, int width) {
  Brush brush;
  double total = 0.0;
  std::vector<double> raw;
  for (int dy = -radius; dy <= radius; ++dy) {
    const auto rowStart = static_cast<int>(raw.size());
    for (int dx = -radius; dx <= radius; ++dx) {
      const double d = std::sqrt(static_cast<double>(dx * dx + dy * dy));
      if (d >= radius) continue;
      if (static_cast<int>(raw.size()) == rowStart) {
        brush.rows.push_back({static_cast<std::ptrdiff_t>(dy) * width + dx, 0, rowStart});
      }
      ++brush.rows.back().cells;
      brush.dx.push_back(dx);
      brush.dy.push_back(dy);
      raw.push_back(radius - d);
      total += radius - d;
    }
  }
  for (double w : raw) brush.weight.push_back(static_cast<float>(w / total));
  return brush;
}

// The map cut into blocks: edges[k] .. edges[k + 1] along each axis, in
// the droplets' coordinates (0 .. span, span = cells along that axis).
struct Blocks {
  std::vector<int> xEdges;
  std::vector<int> yEdges;
  int columns() const { return static_cast<int>(xEdges.size()) - 1; }
  int rows() const { return static_cast<int>(yEdges.size()) - 1; }
};

std::vector<int> cutAxis(int span, int reach, bool wraps) {
  int count = std::max(1, span / (2 * reach + 1));
  if (wraps && count > 1 && count % 2 == 1) --count;  // a torus needs an even checkerboard
  std::vector<int> edges;
  for (int k = 0; k <= count; ++k) {
    edges.push_back(static_cast<int>(static_cast<std::int64_t>(span) * k / count));
  }
  return edges;
}

// Droplets per block, by its area, and the blocks of each colour.
struct DropletPlan {
  std::vector<std::int64_t> count;
  std::array<std::vector<int>, 4> byColour;
  std::int64_t total = 0;
};

DropletPlan planDroplets(const Blocks& blocks, double dropletsPerCell) {
  DropletPlan plan;
  plan.count.resize(static_cast<std::size_t>(blocks.columns() * blocks.rows()));
  for (int by = 0; by < blocks.rows(); ++by) {
    for (int bx = 0; bx < blocks.columns(); ++bx) {
      const int b = by * blocks.columns() + bx;
      const double area = static_cast<double>(blocks.xEdges[static_cast<std::size_t>(bx) + 1] -
                                              blocks.xEdges[static_cast<std::size_t>(bx)]) *
                          (blocks.yEdges[static_cast<std::size_t>(by) + 1] -
                           blocks.yEdges[static_cast<std::size_t>(by)]);
      plan.count[static_cast<std::size_t>(b)] = std::llround(dropletsPerCell * area);
      plan.total += plan.count[static_cast<std::size_t>(b)];
      plan.byColour[static_cast<std::size_t>((by % 2) * 2 + bx % 2)].push_back(b);
    }
  }
  return plan;
}

// A block's round, and how many blocks' rounds a thread runs side by side.
struct BlockTurn {
  int block = 0;
  std::int64_t round = 0;
};
constexpr int kTurnsAtOnce = 2;

// Which block's next round may run, given the rounds each block has done:
// block b's round r comes after every neighbour's turns that precede it in
// the order (rounds, then colours 0..3), and no neighbour runs while it
// does. Blocks two apart share no cell, so only the 8 around count.
class BlockSchedule {
 public:
  BlockSchedule(const Blocks& blocks, bool wraps, std::int64_t rounds)
      : columns_(blocks.columns()),
        rows_(blocks.rows()),
        rounds_(rounds),
        done_(static_cast<std::size_t>(columns_ * rows_), 0),
        busy_(done_.size(), false),
        neighbours_(done_.size()) {
    for (int b = 0; b < columns_ * rows_; ++b) {
      std::vector<int>& around = neighbours_[static_cast<std::size_t>(b)];
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          const int n = neighbour(b, dx, dy, wraps);
          if (n >= 0 && n != b && std::find(around.begin(), around.end(), n) == around.end()) {
            around.push_back(n);
          }
        }
      }
    }
    for (int b = 0; b < columns_ * rows_; ++b) offer(b);
  }

  std::int64_t total() const { return rounds_ * columns_ * rows_; }

  // Runs run(block, round) on the ready turns until every turn is done or
  // stop() says to; one call per thread, side by side.
  template <class Run, class Stop>
  void work(const Run& run, const Stop& stop) {
    std::unique_lock lock(mutex_);
    for (;;) {
      if (finished_ == total() || stopped_) return;
      if (ready_.empty()) {
        // Another thread's turn will free one; none running cannot happen
        // (the first undone turn in the order is always ready).
        if (running_ == 0) return;
        wake_.wait(lock);
        continue;
      }
      std::array<BlockTurn, kTurnsAtOnce> turns;
      int count = 0;
      while (count < kTurnsAtOnce && !ready_.empty()) {
        const int b = ready_.front();
        ready_.pop_front();
        turns[static_cast<std::size_t>(count++)] = {b, done_[static_cast<std::size_t>(b)]};
      }
      running_ += count;
      lock.unlock();
      bool halt = false;
      try {
        halt = stop();
        if (!halt) run(turns.data(), count);
      } catch (...) {
        // The others would wait for ever on these turns: stop them, then
        // let parallelFor pass the exception on.
        lock.lock();
        running_ -= count;
        stopped_ = true;
        wake_.notify_all();
        throw;
      }
      lock.lock();
      running_ -= count;
      if (halt) {
        stopped_ = true;
        wake_.notify_all();
        return;
      }
      for (int i = 0; i < count; ++i) {
        const int b = turns[static_cast<std::size_t>(i)].block;
        ++done_[static_cast<std::size_t>(b)];
        ++finished_;
        busy_[static_cast<std::size_t>(b)] = false;
      }
      for (int i = 0; i < count; ++i) {
        const int b = turns[static_cast<std::size_t>(i)].block;
        offer(b);
        for (int n : neighbours_[static_cast<std::size_t>(b)]) offer(n);
      }
      wake_.notify_all();
    }
  }
  std::int64_t finished() const {
    std::lock_guard lock(mutex_);
    return finished_;
  }

 private:
  int colour(int b) const { return (b / columns_ % 2) * 2 + b % columns_ % 2; }
  int neighbour(int b, int dx, int dy, bool wraps) const {
    int x = b % columns_ + dx;
    int y = b / columns_ + dy;
    if (wraps) {
      x = (x + columns_) % columns_;
      y = (y + rows_) % rows_;
    }
    if (x < 0 || y < 0 || x >= columns_ || y >= rows_) return -1;
    return y * columns_ + x;
  }
  // Queues b's next round if it is due and every neighbour's turns before it are done.
  void offer(int b) {
    const auto i = static_cast<std::size_t>(b);
    const std::int64_t round = done_[i];
    if (busy_[i] || round >= rounds_) return;
    for (int n : neighbours_[i]) {
      const std::int64_t before = colour(n) < colour(b) ? round + 1 : round;
      if (done_[static_cast<std::size_t>(n)] < before) return;
    }
    busy_[i] = true;
    ready_.push_back(b);
  }

  int columns_;
  int rows_;
  std::int64_t rounds_;
  std::vector<std::int64_t> done_;  // rounds each block has run
  std::vector<bool> busy_;          // queued or running
  std::vector<std::vector<int>> neighbours_;
  std::deque<int> ready_;
  std::int64_t running_ = 0;
  std::int64_t finished_ = 0;
  bool stopped_ = false;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
};

constexpr int kLanes = 4;
typedef float Lanes __attribute__((vector_size(kLanes * sizeof(float))));

struct Droplet {
  float x = 0.0f;
  float y = 0.0f;
  float dirX = 0.0f;
  float dirY = 0.0f;
  float speed = 1.0f;
  float water = 1.0f;
  float sediment = 0.0f;
  int steps = 0;  // taken so far
};

// Where a step takes a droplet (look), for act.
struct Step {
  enum class Way { Moves, Stops, Leaves };
  Way way = Way::Moves;
  int ix = 0;  // the cell it is in, and where in it (0..1)
  int iy = 0;
  float u = 0.0f;
  float v = 0.0f;
  float nx = 0.0f;  // where it moves to
  float ny = 0.0f;
  float dh = 0.0f;  // the height there less the height here
};

struct Sample {
  float height;
  float gradX;
  float gradY;
};

// The settings every droplet shares, in the units the steps use.
struct Rules {
  float inertia;
  float capacity;
  float deposition;
  float erosion;
  float keepWater;  // 1 - evaporation
  float gravity;
  float slopeScale;
  float flowPerWater;  // flow map units: cells of rain per unit of water
  int lifetime;
};

class Eroder {
 public:
  Eroder(Heightfield& field, const DropletsParams& p, const Rules& rules, ErosionMaps& maps)
      : h_(field.heights.data()),
        width_(field.width),
        height_(field.height),
        wraps_(field.wraps),
        rules_(rules),
        brush_(makeBrush(p.radius, field.width)),
        radius_(p.radius),
        wear_(maps.wear.data()),
        deposit_(maps.deposition.data()),
        flow_(maps.flow.data()) {}

  // A droplet's step in two halves, so that a thread can interleave two
  // droplets' steps (their chains of dependent arithmetic then overlap):
  // look() reads the ground, turns the droplet and finds where it goes;
  // act() wears or fills the ground and moves it, or ends it.
  void look(Droplet& d, Step& s) const {
    s.ix = cellOf(d.x);
    s.iy = cellOf(d.y);
    s.u = d.x - static_cast<float>(s.ix);
    s.v = d.y - static_cast<float>(s.iy);
    const Sample here = sample(s.ix, s.iy, s.u, s.v);
    const float gx = here.gradX * rules_.slopeScale;
    const float gy = here.gradY * rules_.slopeScale;
    d.dirX = d.dirX * rules_.inertia - gx * (1.0f - rules_.inertia);
    d.dirY = d.dirY * rules_.inertia - gy * (1.0f - rules_.inertia);
    const float length = std::sqrt(d.dirX * d.dirX + d.dirY * d.dirY);
    if (!(length > 1e-20f)) {  // on flat ground: it stops here
      s.way = Step::Way::Stops;
      return;
    }
    d.dirX /= length;
    d.dirY /= length;
    s.nx = d.x + d.dirX;
    s.ny = d.y + d.dirY;
    if (!inside(s.nx, s.ny)) {
      s.way = Step::Way::Leaves;
      return;
    }
    s.dh = heightAt(s.nx, s.ny) - here.height;
    s.way = Step::Way::Moves;
  }
  // False when the droplet has ended: it left what it carried where it
  // stopped or died, or took it over the map's edge (added to gone).
  bool act(Droplet& d, const Step& s, double& gone) const {
    if (s.way == Step::Way::Stops) return die(d);
    if (s.way == Step::Way::Leaves) {
      flow_[cell(s.ix, s.iy)] += d.water * rules_.flowPerWater;
      gone += static_cast<double>(d.sediment);
      return false;
    }
    const float dh = s.dh;
    const float drop = -dh * rules_.slopeScale;  // slope along this step, > 0 downhill
    const float capacity = std::max(drop, kMinSlope) * d.speed * d.water * rules_.capacity;
    if (d.sediment > capacity || dh > 0.0f) {
      const float amount =
          dh > 0.0f ? std::min(dh, d.sediment) : (d.sediment - capacity) * rules_.deposition;
      d.sediment -= amount;
      depositAt(s.ix, s.iy, s.u, s.v, amount);
    } else {
      const float amount = std::min((capacity - d.sediment) * rules_.erosion, -dh);
      // The brush sits on the cell nearest the droplet, so it wears
      // no side of it more than the other.
      d.sediment += erodeAround(s.u < 0.5f ? s.ix : wrapIndex(s.ix + 1, width_),
                                s.v < 0.5f ? s.iy : wrapIndex(s.iy + 1, height_), amount);
    }
    flow_[cell(s.ix, s.iy)] += d.water * rules_.flowPerWater;
    d.speed = std::sqrt(std::max(0.0f, d.speed * d.speed + drop * rules_.gravity));
    d.water *= rules_.keepWater;
    d.x = s.nx;
    d.y = s.ny;
    return ++d.steps < rules_.lifetime || die(d);
  }

 private:
  // It dies where it is and leaves what it carries.
  bool die(const Droplet& d) const {
    const int ix = cellOf(d.x);
    const int iy = cellOf(d.y);
    depositAt(ix, iy, d.x - static_cast<float>(ix), d.y - static_cast<float>(iy), d.sediment);
    return false;
  }

  // Droplets live in [0, width - 1) x [0, height - 1) on a map with an
  // edge (so the cell to the right and below exist), [0, width) x
  // [0, height) on a torus.
  bool inside(float& x, float& y) const {
    if (wraps_) {
      x = wrapCoordinate(x, width_);
      y = wrapCoordinate(y, height_);
      return true;
    }
    return x >= 0.0f && y >= 0.0f && x < static_cast<float>(width_ - 1) &&
           y < static_cast<float>(height_ - 1);
  }
  static float wrapCoordinate(float c, int n) {
    const auto span = static_cast<float>(n);
    if (c < 0.0f) c += span;
    if (c >= span) c -= span;
    return c < span ? c : 0.0f;  // -tiny + span rounds up to span
  }
  // A droplet's coordinates are never below 0 (it starts in a block, and
  // inside checks every move; -0 truncates to 0 too), so truncation is
  // floor, without floor's library call.
  static int cellOf(float c) { return static_cast<int>(c); }
  int wrapIndex(int i, int n) const { return wraps_ ? (i % n + n) % n : i; }
  std::size_t cell(int x, int y) const {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
           static_cast<std::size_t>(x);
  }

  Sample sample(int ix, int iy, float u, float v) const {
    const int x1 = wrapIndex(ix + 1, width_);
    const int y1 = wrapIndex(iy + 1, height_);
    const float h00 = h_[cell(ix, iy)];
    const float h10 = h_[cell(x1, iy)];
    const float h01 = h_[cell(ix, y1)];
    const float h11 = h_[cell(x1, y1)];
    Sample s;
    s.gradX = (h10 - h00) * (1.0f - v) + (h11 - h01) * v;
    s.gradY = (h01 - h00) * (1.0f - u) + (h11 - h10) * u;
    s.height =
        h00 * (1.0f - u) * (1.0f - v) + h10 * u * (1.0f - v) + h01 * (1.0f - u) * v + h11 * u * v;
    return s;
  }
  float heightAt(float x, float y) const {
    const int ix = cellOf(x);
    const int iy = cellOf(y);
    return sample(ix, iy, x - static_cast<float>(ix), y - static_cast<float>(iy)).height;
  }

  // Sediment laid on the four cells around the droplet, bilinearly.
  void depositAt(int ix, int iy, float u, float v, float amount) const {
    if (!(amount > 0.0f)) return;
    const int x1 = wrapIndex(ix + 1, width_);
    const int y1 = wrapIndex(iy + 1, height_);
    add(cell(ix, iy), amount * (1.0f - u) * (1.0f - v));
    add(cell(x1, iy), amount * u * (1.0f - v));
    add(cell(ix, y1), amount * (1.0f - u) * v);
    add(cell(x1, y1), amount * u * v);
  }
  void add(std::size_t i, float amount) const {
    h_[i] += amount;
    deposit_[i] += amount;
  }

  // Takes up to `amount` from the brush around (ix, iy); returns what it took.
  float erodeAround(int ix, int iy, float amount) const {
    if (!(amount > 0.0f)) return 0.0f;
    const bool clear =
        ix >= radius_ && iy >= radius_ && ix < width_ - radius_ && iy < height_ - radius_;
    if (clear) {
      float* const centre = h_ + cell(ix, iy);
      const std::ptrdiff_t toWear = wear_ - h_;
      float taken = 0.0f;
      for (const Brush::Row& row : brush_.rows) {
        float* const first = centre + row.offset;
        const float* const weight = brush_.weight.data() + row.first;
        int k = 0;
        for (; k + kLanes <= row.cells; k += kLanes)
          takeLanes(first + k, toWear, weight + k, amount, taken);
        for (; k < row.cells; ++k) taken += takeAt(first + k, toWear, amount * weight[k]);
      }
      return taken;
    }
    return erodeNearEdge(ix, iy, amount);
  }
  // The brush across a torus's seam, or cut by the map's edge (its weights
  // renormalised over the cells on the map).
  float erodeNearEdge(int ix, int iy, float amount) const {
    float total = 0.0f;
    for (std::size_t k = 0; k < brush_.weight.size(); ++k) {
      if (onMap(ix + brush_.dx[k], iy + brush_.dy[k])) total += brush_.weight[k];
    }
    float taken = 0.0f;
    for (std::size_t k = 0; k < brush_.weight.size(); ++k) {
      const int x = ix + brush_.dx[k];
      const int y = iy + brush_.dy[k];
      if (!onMap(x, y)) continue;
      taken += take(cell(wrapIndex(x, width_), wrapIndex(y, height_)),
                    amount * (brush_.weight[k] / total));
    }
    return taken;
  }
  bool onMap(int x, int y) const {
    return wraps_ || (x >= 0 && y >= 0 && x < width_ && y < height_);
  }
  // Wears a cell by `amount`, never below height 0.
  float take(std::size_t i, float amount) const {
    const float t = std::max(0.0f, std::min(h_[i], amount));
    h_[i] -= t;
    wear_[i] += t;
    return t;
  }

  static float takeAt(float* h, std::ptrdiff_t toWear, float amount) {
    const float t = std::max(0.0f, std::min(*h, amount));
    *h -= t;
    h[toWear] += t;
    return t;
  }
  // take() on kLanes neighbouring cells at once: each lane does the scalar's
  // operations (min and max written as std::min and std::max pick), so the
  // bits are the same; what was taken is summed in the cells' order.
  static void takeLanes(float* h, std::ptrdiff_t toWear, const float* weight, float amount,
                        float& taken) {
    Lanes hv, wv, ev;
    std::memcpy(&hv, h, sizeof hv);
    std::memcpy(&wv, weight, sizeof wv);
    std::memcpy(&ev, h + toWear, sizeof ev);
    const Lanes a = amount * wv;
    const Lanes m = a < hv ? a : hv;            // std::min(h, a)
    const Lanes t = Lanes{} < m ? m : Lanes{};  // std::max(0, m)
    hv -= t;
    ev += t;
    std::memcpy(h, &hv, sizeof hv);
    std::memcpy(h + toWear, &ev, sizeof ev);
    for (int i = 0; i < kLanes; ++i) taken += t[i];
  }
  float* h_;
  int width_;
  int height_;
  bool wraps_;
  Rules rules_;
  Brush brush_;
  int radius_;
  float* wear_;
  float* deposit_;
  float* flow_;
};

Rules rulesFor(const DropletsParams& p, const World& world, const Heightfield& field) {
  Rules r{};
  r.inertia = static_cast<float>(p.inertia);
  r.capacity = static_cast<float>(p.capacity);
  r.deposition = static_cast<float>(p.deposition);
  r.erosion = static_cast<float>(p.erosion);
  r.keepWater = static_cast<float>(1.0 - p.evaporation);
  r.gravity = static_cast<float>(p.gravity);
  r.slopeScale = static_cast<float>(dropletSlopeScale(world, field.width, field.wraps));
  r.flowPerWater = p.droplets > 0.0 ? static_cast<float>(1.0 / p.droplets) : 0.0f;
  r.lifetime = p.lifetime;
  return r;
}

}  // namespace

double dropletSlopeScale(const World& world, int samples, bool wraps) {
  return world.heightRange / metresPerCell(world, samples, wraps) / kReferenceSlopeScale;
}

DropletsResult erodeWithDroplets(Heightfield& field, const DropletsParams& params,
                                 const World& world, std::uint64_t seed,
                                 const RunControl& control) {
  DropletsResult result;
  const std::size_t cells = field.size();
  result.maps.wear.assign(cells, 0.0f);
  result.maps.deposition.assign(cells, 0.0f);
  result.maps.flow.assign(cells, 0.0f);
  if (field.width < 2 || field.height < 2 || params.droplets <= 0.0) return result;

  const int reach = params.lifetime + params.radius + 2;
  const int spanX = field.wraps ? field.width : field.width - 1;
  const int spanY = field.wraps ? field.height : field.height - 1;
  Blocks blocks{cutAxis(spanX, reach, field.wraps), cutAxis(spanY, reach, field.wraps)};
  const int blockCount = blocks.columns() * blocks.rows();

  const DropletPlan plan = planDroplets(blocks, params.droplets);
  const std::int64_t rounds =
      std::max<std::int64_t>(1, (plan.total + kDropletsPerRound - 1) / kDropletsPerRound);

  const Eroder eroder(field, params, rulesFor(params, world, field), result.maps);
  std::vector<double> lost(static_cast<std::size_t>(blockCount), 0.0);
  // A block's droplets in one round, one after another: where each starts.
  struct Lane {
    float x0 = 0.0f, y0 = 0.0f, xLast = 0.0f, yLast = 0.0f;
    double w = 0.0, h = 0.0;
    RandomStream random{0, 0};
    std::int64_t next = 0, last = 0;
    double gone = 0.0;
    Droplet droplet;
    Step step;
    bool start() {
      if (next >= last) return false;
      const auto k = static_cast<std::uint64_t>(next++);
      droplet = Droplet{};
      droplet.x = std::min(x0 + static_cast<float>(random.uniform(2 * k) * w), xLast);
      droplet.y = std::min(y0 + static_cast<float>(random.uniform(2 * k + 1) * h), yLast);
      return true;
    }
  };
  const auto laneOf = [&](int b, std::int64_t round) {
    Lane lane;
    const auto bx = static_cast<std::size_t>(b % blocks.columns());
    const auto by = static_cast<std::size_t>(b / blocks.columns());
    lane.x0 = static_cast<float>(blocks.xEdges[bx]);
    lane.y0 = static_cast<float>(blocks.yEdges[by]);
    lane.w = static_cast<double>(blocks.xEdges[bx + 1] - blocks.xEdges[bx]);
    lane.h = static_cast<double>(blocks.yEdges[by + 1] - blocks.yEdges[by]);
    lane.random = RandomStream(seed, kStreamBase + static_cast<std::uint64_t>(b));
    const std::int64_t n = plan.count[static_cast<std::size_t>(b)];
    lane.next = n * round / rounds;
    lane.last = n * (round + 1) / rounds;
    // Floats just below the block's far edge may round onto it: keep inside.
    lane.xLast = std::nextafter(static_cast<float>(static_cast<double>(lane.x0) + lane.w), 0.0f);
    lane.yLast = std::nextafter(static_cast<float>(static_cast<double>(lane.y0) + lane.h), 0.0f);
    return lane;
  };
  // One or two blocks' rounds (two ready blocks never neighbour, so they
  // share no cell): their droplets' steps interleaved, half a step each
  // in turn; each block's droplets still run in their order.
  const auto runBlocks = [&](const BlockTurn* turns, int count) {
    std::array<Lane, kTurnsAtOnce> lanes;
    std::array<bool, kTurnsAtOnce> live{};
    int running = 0;
    for (int i = 0; i < count; ++i) {
      const auto l = static_cast<std::size_t>(i);
      lanes[l] = laneOf(turns[i].block, turns[i].round);
      live[l] = lanes[l].start();
      running += live[l] ? 1 : 0;
    }
    while (running == 2) {
      eroder.look(lanes[0].droplet, lanes[0].step);
      eroder.look(lanes[1].droplet, lanes[1].step);
      for (std::size_t l = 0; l < 2; ++l) {
        if (!eroder.act(lanes[l].droplet, lanes[l].step, lanes[l].gone) && !lanes[l].start()) {
          live[l] = false;
          --running;
        }
      }
    }
    for (std::size_t l = 0; l < static_cast<std::size_t>(count); ++l) {
      Lane& lane = lanes[l];
      while (live[l]) {
        eroder.look(lane.droplet, lane.step);
        if (!eroder.act(lane.droplet, lane.step, lane.gone)) live[l] = lane.start();
      }
      lost[static_cast<std::size_t>(turns[l].block)] += lane.gone;
    }
  };

  control.checkpoint(0.0f);
  BlockSchedule schedule(blocks, field.wraps, rounds);
  const int threads = std::max(1, resolvedThreadCount(control.exec));
  const std::thread::id caller = std::this_thread::get_id();
  std::int64_t reported = 0;  // the caller's: turns done at its last progress
  const auto stop = [&] { return control.cancelled(); };
  parallelFor(control.exec, 0, threads, 1, [&](std::int64_t, std::int64_t) {
    schedule.work(
        [&](const BlockTurn* turns, int count) {
          runBlocks(turns, count);
          // Progress from the caller's thread only, as a stage reports it,
          // about once a round.
          if (!control.progress || std::this_thread::get_id() != caller) return;
          const std::int64_t finished = schedule.finished();
          if ((finished - reported) * rounds < schedule.total()) return;
          reported = finished;
          control.progress(static_cast<float>(static_cast<double>(finished) /
                                              static_cast<double>(schedule.total())));
        },
        stop);
  });
  if (control.cancelled()) {
    abandonRun(std::move(field), {std::move(result.maps.wear), std::move(result.maps.deposition),
                                  std::move(result.maps.flow)});
  }
  control.checkpoint(1.0f);
  for (double l : lost) result.lost += l;
  return result;
}

}  // namespace terrain
