#include "core/nodes/modifiers/smoothing.hpp"
#include "core/base/portable_math.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace terrain {

// ---------------------------------------------------------------------------
// Article 000's pass.
//
// Pass p writes only indices of p's parity and reads only the other parity,
// so the writes of one pass never feed each other: the loop below has no
// carried dependency (unlike its look), in place and with no scratch.

void smoothArticlePasses(std::vector<int>& heights, int passes) {
  const auto n = static_cast<std::ptrdiff_t>(heights.size());
  int* h = heights.data();
  for (int pass = 1; pass <= passes; ++pass) {
    if (pass >= n - 1) break;  // this and every later pass are empty
    for (std::ptrdiff_t i = pass; i < n - 1; i += 2) h[i] = (h[i - 1] + h[i + 1]) / 2;
  }
}

// The same passes on the line split by parity: even[j] = h[2j], odd[j] =
// h[2j + 1]. Each pass then reads one array and writes the other with unit
// stride, so the loops vectorise. The heights are whole numbers held in
// float: a sum of two is exact below 2^24, and truncating half of it is the
// integer division (both round toward zero).
//
// Vectorised, a pass is memory bound, so the passes run as a wavefront over
// blocks that stay in cache: each pass advances to where its inputs from the
// pass before are final, and never past where the pass after still needs its
// own inputs (which the previous pass's lag guarantees). Every sample still
// sees exactly the values the passes in order would give it.
void smoothArticlePassesSplit(float* even, float* odd, std::ptrdiff_t n, int passes) {
  constexpr std::ptrdiff_t kBlock = 2048;
  const auto half = [](float a, float b) {
    return static_cast<float>(static_cast<std::int32_t>((a + b) * 0.5f));
  };
  // Pass p (1-based) writes j in [begin, end): odd p odd[j] from even[j],
  // even[j + 1] (i = 2j + 1 in [p, n - 1)); even p even[j] from odd[j - 1],
  // odd[j] (i = 2j in [p, n - 1)).
  const std::ptrdiff_t count = std::clamp<std::ptrdiff_t>(n - 2, 0, std::max(passes, 0));
  const auto begin = [](std::ptrdiff_t p) { return p / 2; };
  const auto end = [n](std::ptrdiff_t p) { return p % 2 == 1 ? (n - 1) / 2 : n / 2; };
  std::vector<std::ptrdiff_t> done(static_cast<std::size_t>(count));
  for (std::ptrdiff_t p = 1; p <= count; ++p) done[static_cast<std::size_t>(p - 1)] = begin(p);
  bool finished = count == 0;
  for (std::ptrdiff_t limit = kBlock; !finished; limit += kBlock) {
    bool previousComplete = true;  // the initial line is
    std::ptrdiff_t previousDone = 0;
    for (std::ptrdiff_t p = 1; p <= count; ++p) {
      std::ptrdiff_t& from = done[static_cast<std::size_t>(p - 1)];
      const bool oddPass = p % 2 == 1;
      std::ptrdiff_t to = end(p);
      if (p == 1) {
        to = std::min(to, limit);
      } else if (!previousComplete) {
        to = std::min(to, previousDone - (oddPass ? 1 : 0));
      }
      if (oddPass) {
        for (std::ptrdiff_t j = from; j < to; ++j) odd[j] = half(even[j], even[j + 1]);
      } else {
        for (std::ptrdiff_t j = from; j < to; ++j) even[j] = half(odd[j - 1], odd[j]);
      }
      from = std::max(from, to);
      previousDone = from;
      previousComplete = from >= end(p);
    }
    finished = previousComplete;
  }
}

// ---------------------------------------------------------------------------
// Resolution-independent smoothing.
//
// One neighbour-average pass [1/4 1/2 1/4] has a variance of 1/2 cell^2, so
// `passes` of them on the 257-sample preview approximate a Gaussian of
// sigma = sqrt(passes / 2) preview cells; at N samples the same blur is
// sigma * (N - 1) / 256 cells. Small sigmas use a sampled Gaussian; larger
// ones three "extended" box filters (Gwosdek et al. 2011): a box of integer
// radius r plus a fractional weight alpha on the two taps at +-(r + 1), which
// matches the variance exactly for any sigma at O(1) cost per sample.

namespace {

constexpr double kPreviewIntervals = 256.0;  // a 257-sample preview
constexpr double kDirectBelowSigma = 2.0;    // cells; below this a direct kernel
constexpr double kDirectRadiusSigmas = 4.0;  // direct kernel support, in sigmas
constexpr std::size_t kBoxes = 3;
constexpr int kStripColumns = 16;  // columns blurred together in the y pass (one cache line)
constexpr std::ptrdiff_t kMinStretch = std::ptrdiff_t{1} << 18;  // profile samples per task
constexpr std::ptrdiff_t kMaxStretches = 64;

struct Box {
  int radius = 0;      // integer half-width, cells
  double alpha = 0.0;  // 0..1, weight of the taps at +-(radius + 1)
  double scale = 1.0;  // 1 / total weight
};

struct AxisKernel {
  bool direct = true;
  std::vector<double> taps;  // direct: weights for offsets -pad..pad
  std::array<Box, kBoxes> boxes{};
  int pad = 0;  // samples of edge extension needed on each side
};

// Extended box with the given variance (cells^2).
Box extendedBox(double variance) {
  Box box;
  auto r = static_cast<int>(std::floor((std::sqrt(1.0 + 12.0 * variance) - 1.0) / 2.0));
  r = std::max(r, 0);
  // Guard the float estimate: r(r+1)/3 is the variance of the plain box of radius r.
  while (r > 0 && r * (r + 1.0) / 3.0 > variance) --r;
  while ((r + 1.0) * (r + 2.0) / 3.0 <= variance) ++r;
  const double plain = r * (r + 1.0) / 3.0;
  const double outer = (r + 1.0) * (r + 1.0);
  box.radius = r;
  box.alpha = (2.0 * r + 1.0) * (variance - plain) / (2.0 * (outer - variance));
  box.scale = 1.0 / (2.0 * r + 1.0 + 2.0 * box.alpha);
  return box;
}

AxisKernel makeKernel(double sigma) {
  AxisKernel k;
  if (sigma < kDirectBelowSigma) {
    k.direct = true;
    k.pad = std::max(1, static_cast<int>(std::ceil(kDirectRadiusSigmas * sigma)));
    k.taps.resize(static_cast<std::size_t>(2 * k.pad + 1));
    double total = 0.0;
    for (int t = -k.pad; t <= k.pad; ++t) {
      const double w = portableExp(-0.5 * (t * t) / (sigma * sigma));
      k.taps[static_cast<std::size_t>(t + k.pad)] = w;
      total += w;
    }
    for (double& w : k.taps) w /= total;
    return k;
  }
  k.direct = false;
  const double variance = sigma * sigma / static_cast<double>(kBoxes);
  for (Box& box : k.boxes) {
    box = extendedBox(variance);
    k.pad += box.radius + 1;
  }
  return k;
}

// One extended box as a stream: feed samples in order; once it holds a full
// window, each new sample completes one output, centred radius + 1 samples
// back. The ring keeps exactly the 2 radius + 2 samples the windows still
// need, so memory is O(kernel), never O(line). A plain local value, so the
// compiler keeps its state in registers in the hot loop.
struct BoxStream {
  double* ring;      // 2 radius + 2 samples
  std::size_t size;  // ring length
  double alpha;
  double scale;
  std::size_t pos = 0;  // slot of the oldest sample
  double window = 0.0;  // sum of all but the oldest sample in the ring

  BoxStream(const Box& box, std::vector<double>& storage)
      : ring(storage.data()), size(storage.size()), alpha(box.alpha), scale(box.scale) {}

  // The first `size` samples: fill the ring; no output yet.
  void warmUp(double x) {
    if (pos > 0) window += x;
    ring[pos] = x;
    pos = pos + 1 == size ? 0 : pos + 1;
  }

  // With the ring holding x[m - 2r - 2 .. m - 1], the output at m - r - 1 is
  // the window x[m - 2r - 1 .. m - 1] plus alpha times the two samples just
  // outside it.
  double step(double x) {
    const std::size_t next = pos + 1 == size ? 0 : pos + 1;
    const double oldest = ring[pos];
    const double out = (window + alpha * (oldest + x)) * scale;
    window += x - ring[next];
    ring[pos] = x;
    pos = next;
    return out;
  }
};

// A stretch [begin, end) of a line to blur in place, with copies of the
// original samples its kernel reaches on either side (the line's extension,
// or a neighbouring stretch that another task may already have overwritten).
struct Stretch {
  std::ptrdiff_t begin = 0;
  std::ptrdiff_t end = 0;
  std::vector<float> left;   // originals of [begin - pad, begin)
  std::vector<float> right;  // originals of [end, end + pad)
};

// Original sample i of the extended line; call before anything is overwritten.
float extended(const float* line, std::ptrdiff_t n, std::ptrdiff_t i, bool wrap) {
  if (wrap) return line[((i % n) + n) % n];
  return line[std::clamp<std::ptrdiff_t>(i, 0, n - 1)];
}

void saveHalo(const float* line, std::ptrdiff_t n, std::ptrdiff_t pad, bool wrap, Stretch& s) {
  s.left.resize(static_cast<std::size_t>(pad));
  s.right.resize(static_cast<std::size_t>(pad));
  for (std::ptrdiff_t k = 0; k < pad; ++k) {
    s.left[static_cast<std::size_t>(k)] = extended(line, n, s.begin - pad + k, wrap);
    s.right[static_cast<std::size_t>(k)] = extended(line, n, s.end + k, wrap);
  }
}

// Blurs stretches of lines in place with one kernel; one per task.
class LineBlur {
 public:
  explicit LineBlur(const AxisKernel& kernel) : kernel_(kernel) {
    if (!kernel.direct) {
      for (std::size_t k = 0; k < kBoxes; ++k) {
        rings_[k].resize(2 * static_cast<std::size_t>(kernel.boxes[k].radius) + 2);
      }
    }
  }

  // Heights are taken relative to `origin`: small sums, and a flat line
  // comes back bit for bit.
  void run(float* line, const Stretch& s, float origin) {
    if (kernel_.direct) {
      runTaps(line, s, static_cast<double>(origin));
    } else {
      runBoxes(line, s, static_cast<double>(origin));
    }
  }

 private:
  // Sample j of the stretch's extended input, j in [begin - pad, end + pad).
  static double input(const float* line, const Stretch& s, std::ptrdiff_t pad, std::ptrdiff_t j) {
    if (j < s.begin)
      return static_cast<double>(s.left[static_cast<std::size_t>(j - s.begin + pad)]);
    if (j >= s.end) return static_cast<double>(s.right[static_cast<std::size_t>(j - s.end)]);
    return static_cast<double>(line[j]);
  }

  // The three boxes fused into one pass. Box k delays by radius_k + 1, so
  // output i leaves the last box after input i + pad went into the first:
  // the line is read before it is overwritten.
  void runBoxes(float* line, const Stretch& s, double origin) {
    const std::ptrdiff_t pad = kernel_.pad;
    BoxStream b0(kernel_.boxes[0], rings_[0]);
    BoxStream b1(kernel_.boxes[1], rings_[1]);
    BoxStream b2(kernel_.boxes[2], rings_[2]);
    std::ptrdiff_t j = s.begin - pad;
    const auto next = [&] { return input(line, s, pad, j++) - origin; };
    // Each box starts once the one before it has filled its ring.
    for (std::size_t k = 0; k < b0.size; ++k) b0.warmUp(next());
    for (std::size_t k = 0; k < b1.size; ++k) b1.warmUp(b0.step(next()));
    for (std::size_t k = 0; k < b2.size; ++k) b2.warmUp(b1.step(b0.step(next())));
    // Steady state: the stretch itself, with no halo to look at.
    std::ptrdiff_t i = s.begin;
    const std::ptrdiff_t inner = std::max(s.begin, s.end - pad);  // input i + pad < s.end
    for (; i < inner; ++i, ++j) {
      const double x = static_cast<double>(line[j]) - origin;
      line[i] = static_cast<float>(origin + b2.step(b1.step(b0.step(x))));
    }
    for (; i < s.end; ++i) {
      line[i] = static_cast<float>(origin + b2.step(b1.step(b0.step(next()))));
    }
  }

  // Small kernels: the extended stretch in a scratch line, then the taps.
  void runTaps(float* line, const Stretch& s, double origin) {
    const std::ptrdiff_t pad = kernel_.pad;
    const std::ptrdiff_t length = s.end - s.begin + 2 * pad;
    scratch_.resize(static_cast<std::size_t>(length));
    for (std::ptrdiff_t k = 0; k < length; ++k) {
      scratch_[static_cast<std::size_t>(k)] = input(line, s, pad, s.begin - pad + k) - origin;
    }
    for (std::ptrdiff_t i = s.begin; i < s.end; ++i) {
      const double* x = scratch_.data() + (i - s.begin);
      double sum = 0.0;
      for (std::size_t t = 0; t < kernel_.taps.size(); ++t) sum += kernel_.taps[t] * x[t];
      line[i] = static_cast<float>(origin + sum);
    }
  }

  const AxisKernel& kernel_;
  std::array<std::vector<double>, kBoxes> rings_;
  std::vector<double> scratch_;
};

// The fused boxes of LineBlur::runBoxes on kLanes stretches at once, lane l
// being stretch l: every lane does exactly the operations of runBoxes, in the
// same order, so the bits are the same; the lanes share one loop (and SIMD
// registers where the compiler sees fit), and the three boxes share one ring
// position, so a sample costs a fraction of the single-stretch loop. Needs
// three boxes of one radius (makeKernel gives them one variance).
constexpr std::size_t kLanes = 2;

// Two doubles, one per lane. GCC and clang get a vector type (one SSE2 or
// NEON register; each lane's arithmetic is the plain IEEE double operation);
// other compilers (or -DTERRAIN_PORTABLE_LANES) a pair that behaves the same.
#if (defined(__GNUC__) || defined(__clang__)) && !defined(TERRAIN_PORTABLE_LANES)
typedef double Lanes __attribute__((vector_size(2 * sizeof(double))));
Lanes splat(double v) {
  return Lanes{v, v};
}
#else
struct Lanes {
  double v[2];
  double& operator[](std::size_t l) { return v[l]; }
  double operator[](std::size_t l) const { return v[l]; }
  friend Lanes operator+(Lanes a, Lanes b) { return {{a.v[0] + b.v[0], a.v[1] + b.v[1]}}; }
  friend Lanes operator-(Lanes a, Lanes b) { return {{a.v[0] - b.v[0], a.v[1] - b.v[1]}}; }
  friend Lanes operator*(Lanes a, Lanes b) { return {{a.v[0] * b.v[0], a.v[1] * b.v[1]}}; }
  Lanes& operator+=(Lanes b) { return *this = *this + b; }
};
Lanes splat(double v) {
  return {{v, v}};
}
#endif

class LaneBlur {
 public:
  explicit LaneBlur(const AxisKernel& kernel)
      : size_(2 * static_cast<std::size_t>(kernel.boxes[0].radius) + 2),
        pad_(kernel.pad),
        ring_(size_ * kBoxes) {
    for (std::size_t k = 0; k < kBoxes; ++k) {
      alpha_[k] = splat(kernel.boxes[k].alpha);
      scale_[k] = splat(kernel.boxes[k].scale);
    }
  }

  static bool fits(const AxisKernel& kernel) {
    if (kernel.direct) return false;
    for (const Box& box : kernel.boxes) {
      if (box.radius != kernel.boxes[0].radius) return false;
    }
    return 3 * (static_cast<std::ptrdiff_t>(kernel.boxes[0].radius) + 1) == kernel.pad;
  }

  // Each stretch at least pad_ long (so warm-up reads end inside it).
  void run(float* line, const std::array<const Stretch*, kLanes>& lanes, double origin) {
    line_ = line;
    lanes_ = lanes;
    origin_ = origin;
    std::ptrdiff_t shortest = lanes[0]->end - lanes[0]->begin;
    std::ptrdiff_t longest = shortest;
    for (const Stretch* s : lanes) {
      shortest = std::min(shortest, s->end - s->begin);
      longest = std::max(longest, s->end - s->begin);
    }
    window_.fill(splat(0.0));
    const auto size = static_cast<std::ptrdiff_t>(size_);
    // Box k warms up while inputs [k size, (k + 1) size) go in; 3 size = 2 pad.
    segment<0, false>(0, size);
    segment<1, false>(size, 2 * size);
    segment<2, false>(2 * size, 3 * size);
    segment<3, true>(3 * size, shortest + pad_);
    segment<3, false>(shortest + pad_, longest + 2 * pad_);
  }

 private:
  // Inputs t in [t0, t1): lane l's sample begin - pad + t goes into box 0;
  // boxes below `Warm` step, box `Warm` warms up, later ones wait; with
  // Warm == 3 the last box's output is sample begin + t - 2 pad. `Inner`:
  // every lane reads and writes inside its stretch.
  template <std::size_t Warm, bool Inner>
  void segment(std::ptrdiff_t t0, std::ptrdiff_t t1) {
    std::array<Lanes, kBoxes> w = window_;
    Lanes* const ring = ring_.data();
    const Lanes origin = splat(origin_);
    // One input: `slot` is its ring position, `after` the next one.
    const auto sample = [&](std::ptrdiff_t t, Lanes* slot, const Lanes* after) {
      Lanes x = Lanes{fetch<Inner>(0, t), fetch<Inner>(1, t)};
      for (std::size_t k = 0; k < std::min(Warm, kBoxes); ++k) {
        // BoxStream::step, both lanes at once.
        const Lanes oldest = slot[k];
        const Lanes out = (w[k] + alpha_[k] * (oldest + x)) * scale_[k];
        w[k] += x - after[k];
        slot[k] = x;
        x = out;
      }
      if constexpr (Warm < kBoxes) {
        // BoxStream::warmUp.
        if (slot != ring) w[Warm] += x;
        slot[Warm] = x;
      } else {
        const Lanes y = origin + x;
        for (std::size_t l = 0; l < kLanes; ++l) {
          const std::ptrdiff_t i = lanes_[l]->begin + t - 2 * pad_;
          if (Inner || i < lanes_[l]->end) line_[i] = static_cast<float>(y[l]);
        }
      }
    };
    // Runs of inputs that stop short of the ring's last slot, whose next
    // slot is the first: no wrap test per input.
    const auto size = static_cast<std::ptrdiff_t>(size_);
    std::ptrdiff_t t = t0;
    while (t < t1) {
      const std::ptrdiff_t pos = t % size;
      const std::ptrdiff_t run = std::min(t1 - t, size - 1 - pos);
      Lanes* slot = ring + pos * static_cast<std::ptrdiff_t>(kBoxes);
      for (std::ptrdiff_t r = 0; r < run; ++r, ++t, slot += kBoxes) sample(t, slot, slot + kBoxes);
      if (t < t1 && t % size == size - 1) sample(t++, slot, ring);
    }
    window_ = w;
  }

  template <bool Inner>
  double fetch(std::size_t l, std::ptrdiff_t t) const {
    const Stretch& s = *lanes_[l];
    const std::ptrdiff_t j = s.begin - pad_ + t;
    if constexpr (Inner) {
      return static_cast<double>(line_[j]) - origin_;
    } else {
      if (j < s.begin) {
        return static_cast<double>(s.left[static_cast<std::size_t>(j - s.begin + pad_)]) - origin_;
      }
      if (j < s.end) return static_cast<double>(line_[j]) - origin_;
      if (j < s.end + pad_) {
        return static_cast<double>(s.right[static_cast<std::size_t>(j - s.end)]) - origin_;
      }
      return 0.0;  // this lane is done; its outputs are not stored
    }
  }

  std::size_t size_;
  std::ptrdiff_t pad_;
  std::vector<Lanes> ring_;  // [slot][box]
  std::array<Lanes, kBoxes> alpha_{};
  std::array<Lanes, kBoxes> scale_{};
  std::array<Lanes, kBoxes> window_{};
  float* line_ = nullptr;
  std::array<const Stretch*, kLanes> lanes_{};
  double origin_ = 0.0;
};

// A long profile is cut into stretches blurred in parallel. The cut depends
// on the length and kernel only, never on the threads, so neither do the bits.
void smoothProfile(Heightfield& field, const AxisKernel& kernel, bool wrap, const Execution& exec) {
  float* line = field.heights.data();
  const std::ptrdiff_t n = field.width;
  const std::ptrdiff_t pad = kernel.pad;
  const std::ptrdiff_t minStretch = std::max<std::ptrdiff_t>(kMinStretch, 8 * pad);
  const std::ptrdiff_t count = std::clamp<std::ptrdiff_t>(n / minStretch, 1, kMaxStretches);
  std::vector<Stretch> stretches(static_cast<std::size_t>(count));
  for (std::ptrdiff_t k = 0; k < count; ++k) {
    Stretch& s = stretches[static_cast<std::size_t>(k)];
    s.begin = n * k / count;
    s.end = n * (k + 1) / count;
    saveHalo(line, n, pad, wrap, s);
  }
  const float origin = line[0];
  if (count >= 2 && LaneBlur::fits(kernel)) {
    // kLanes stretches per task, side by side; a remainder alone.
    const auto lanes = static_cast<std::ptrdiff_t>(kLanes);
    const std::ptrdiff_t groups = (count + lanes - 1) / lanes;
    parallelFor(exec, 0, groups, 1, [&](std::int64_t first, std::int64_t last) {
      for (std::int64_t g = first; g < last; ++g) {
        const std::ptrdiff_t k0 = static_cast<std::ptrdiff_t>(g) * lanes;
        if (k0 + lanes <= count) {
          std::array<const Stretch*, kLanes> group{};
          for (std::size_t l = 0; l < kLanes; ++l) {
            group[l] = &stretches[static_cast<std::size_t>(k0) + l];
          }
          LaneBlur(kernel).run(line, group, static_cast<double>(origin));
        } else {
          LineBlur blur(kernel);
          for (std::ptrdiff_t k = k0; k < count; ++k) {
            blur.run(line, stretches[static_cast<std::size_t>(k)], origin);
          }
        }
      }
    });
    return;
  }
  parallelFor(exec, 0, count, 1, [&](std::int64_t first, std::int64_t last) {
    LineBlur blur(kernel);
    for (std::int64_t k = first; k < last; ++k) {
      blur.run(line, stretches[static_cast<std::size_t>(k)], origin);
    }
  });
}

// Rows of a heightmap, in parallel; each row is one stretch.
void smoothRows(Heightfield& field, const AxisKernel& kernel, bool wrap, const Execution& exec) {
  const std::ptrdiff_t width = field.width;
  parallelFor(exec, 0, field.height, 4, [&](std::int64_t first, std::int64_t last) {
    LineBlur blur(kernel);
    Stretch s;
    s.end = width;
    for (std::int64_t y = first; y < last; ++y) {
      float* row = field.heights.data() + static_cast<std::ptrdiff_t>(y) * width;
      saveHalo(row, width, kernel.pad, wrap, s);
      blur.run(row, s, row[0]);
    }
  });
}

// Columns in strips of a cache line: gather a strip into contiguous columns,
// blur each, scatter back. Each task owns its strips' cells.
void smoothColumns(Heightfield& field, const AxisKernel& kernel, bool wrap, const Execution& exec) {
  const std::ptrdiff_t width = field.width;
  const std::ptrdiff_t height = field.height;
  const std::int64_t strips = (width + kStripColumns - 1) / kStripColumns;
  parallelFor(exec, 0, strips, 1, [&](std::int64_t first, std::int64_t last) {
    LineBlur blur(kernel);
    Stretch s;
    s.end = height;
    std::vector<float> strip(static_cast<std::size_t>(kStripColumns * height));
    for (std::int64_t k = first; k < last; ++k) {
      const std::ptrdiff_t x0 = static_cast<std::ptrdiff_t>(k) * kStripColumns;
      const std::ptrdiff_t cols = std::min<std::ptrdiff_t>(kStripColumns, width - x0);
      const auto cell = [&](std::ptrdiff_t c, std::ptrdiff_t y) -> float& {
        return strip[static_cast<std::size_t>(c * height + y)];
      };
      for (std::ptrdiff_t y = 0; y < height; ++y) {
        const float* row = field.heights.data() + y * width + x0;
        for (std::ptrdiff_t c = 0; c < cols; ++c) cell(c, y) = row[c];
      }
      for (std::ptrdiff_t c = 0; c < cols; ++c) {
        float* column = &cell(c, 0);
        saveHalo(column, height, kernel.pad, wrap, s);
        blur.run(column, s, column[0]);
      }
      for (std::ptrdiff_t y = 0; y < height; ++y) {
        float* row = field.heights.data() + y * width + x0;
        for (std::ptrdiff_t c = 0; c < cols; ++c) row[c] = cell(c, y);
      }
    }
  });
}

}  // namespace

double smoothingSigma(int passes, int width) {
  if (passes <= 0 || width < 2) return 0.0;
  return std::sqrt(passes / 2.0) * (width - 1) / kPreviewIntervals;
}

void smoothScaled(Heightfield& field, int passes, bool wrap, const Execution& exec) {
  if (passes <= 0 || field.heights.empty()) return;
  // The scale comes from the width for both axes, so a square cell stays square.
  const AxisKernel kernel = makeKernel(smoothingSigma(passes, field.width));
  if (field.height == 1) {
    if (field.width > 1) smoothProfile(field, kernel, wrap, exec);
    return;
  }
  if (field.width > 1) smoothRows(field, kernel, wrap, exec);
  if (field.height > 1) smoothColumns(field, kernel, wrap, exec);
}

}  // namespace terrain
