// The thermal modifier's row loops (see thermal_kernel.hpp). One template
// body, instantiated for each vector width inside a function compiled for
// the instructions that width needs; the expressions are thermal.cpp's
// outflowScale and relaxed, operation for operation.
#include "core/nodes/modifiers/thermal_kernel.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <limits>

namespace terrain {
namespace {

#if defined(__GNUC__) || defined(__clang__)
#define TERRAIN_THERMAL_VECTORS 1
#define TERRAIN_THERMAL_INLINE [[gnu::always_inline]] inline
#if defined(__x86_64__) || defined(__i386__)
#define TERRAIN_THERMAL_X86 1
#endif
#endif

#if TERRAIN_THERMAL_VECTORS

// The eight neighbours in thermal.cpp's order: the row above left to
// right, left, right, the row below left to right.
constexpr int kRow[8] = {0, 0, 0, 1, 1, 2, 2, 2};
constexpr int kDx[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
constexpr bool kDiagonal[8] = {true, false, true, false, false, true, false, true};

// N floats in one vector. No function takes or returns one (only inlined
// bodies use them), so no call's ABI depends on the instruction set.
template <int N>
struct Lanes {
  typedef float type __attribute__((vector_size(N * sizeof(float))));
};

// larger(a, b) is written out as a < b ? b : a below, lane by lane.

// outflowScale: half * max_j e_ij / max(sum_j e_ij, FLT_MIN),
// e_ij = max(0, h_i - h_j - t), for columns x..x+N-1.
template <int N>
TERRAIN_THERMAL_INLINE void scaleAt(const ThermalRows& h, const ThermalConstants& k, float* s,
                                    std::size_t x) {
  using V = typename Lanes<N>::type;
  const V zero = V{} + 0.0f;
  V c;
  std::memcpy(&c, h.r[1] + x, sizeof c);
  V sum = zero;
  V most = zero;
  for (int i = 0; i < 8; ++i) {
    V n;
    std::memcpy(&n, h.r[kRow[i]] + static_cast<std::ptrdiff_t>(x) + kDx[i], sizeof n);
    const V d = (c - n) - (zero + (kDiagonal[i] ? k.diagonal : k.straight));
    const V e = zero < d ? d : zero;
    sum += e;
    most = most < e ? e : most;
  }
  const V tiny = zero + std::numeric_limits<float>::min();
  const V out = (zero + k.half) * most / (sum < tiny ? tiny : sum);
  std::memcpy(s + x, &out, sizeof out);
}

// relaxed: the height plus, neighbour by neighbour, the inflow minus the
// outflow (n - c serves both directions: c - n is its exact negative).
template <int N>
TERRAIN_THERMAL_INLINE void relaxAt(const ThermalRows& h, const ThermalRows& s,
                                    const ThermalConstants& k, float* out, std::size_t x) {
  using V = typename Lanes<N>::type;
  const V zero = V{} + 0.0f;
  V c;
  V sc;
  std::memcpy(&c, h.r[1] + x, sizeof c);
  std::memcpy(&sc, s.r[1] + x, sizeof sc);
  V delta = zero;
  for (int i = 0; i < 8; ++i) {
    const std::ptrdiff_t at = static_cast<std::ptrdiff_t>(x) + kDx[i];
    V n;
    V sn;
    std::memcpy(&n, h.r[kRow[i]] + at, sizeof n);
    std::memcpy(&sn, s.r[kRow[i]] + at, sizeof sn);
    const V t = zero + (kDiagonal[i] ? k.diagonal : k.straight);
    const V up = n - c;
    const V in = up - t;
    const V outflow = -up - t;
    delta += sn * (zero < in ? in : zero) - sc * (zero < outflow ? outflow : zero);
  }
  const V result = c + delta;
  std::memcpy(out + x, &result, sizeof result);
}

// Columns 1..width-2 in whole vectors, the last one overlapping the one
// before; returns the first column left undone.
template <int N, class Fn>
TERRAIN_THERMAL_INLINE int interior(int width, const Fn& fn) {
  if (width < N + 2) return 1;
  const auto inner = static_cast<std::size_t>(width - 1);
  const std::size_t lanes = N;
  std::size_t x = 1;
  for (; x + lanes <= inner; x += lanes) fn(x);
  if (x < inner) fn(inner - lanes);
  return width - 1;
}

template <int N>
TERRAIN_THERMAL_INLINE int scaleRow(const ThermalRows& h, const ThermalConstants& k, float* s,
                                    int width) {
  return interior<N>(width, [&](std::size_t x) { scaleAt<N>(h, k, s, x); });
}

template <int N>
TERRAIN_THERMAL_INLINE int relaxRow(const ThermalRows& h, const ThermalRows& s,
                                    const ThermalConstants& k, float* out, int width) {
  return interior<N>(width, [&](std::size_t x) { relaxAt<N>(h, s, k, out, x); });
}

// One pair of entry points per width, each compiled for its instructions.
int scaleRow4(const ThermalRows& h, const ThermalConstants& k, float* s, int width) {
  return scaleRow<4>(h, k, s, width);
}
int relaxRow4(const ThermalRows& h, const ThermalRows& s, const ThermalConstants& k, float* out,
              int width) {
  return relaxRow<4>(h, s, k, out, width);
}
#if TERRAIN_THERMAL_X86
__attribute__((target("avx2"))) int scaleRow8(const ThermalRows& h, const ThermalConstants& k,
                                              float* s, int width) {
  return scaleRow<8>(h, k, s, width);
}
__attribute__((target("avx2"))) int relaxRow8(const ThermalRows& h, const ThermalRows& s,
                                              const ThermalConstants& k, float* out, int width) {
  return relaxRow<8>(h, s, k, out, width);
}
__attribute__((target("avx512f"))) int scaleRow16(const ThermalRows& h, const ThermalConstants& k,
                                                  float* s, int width) {
  return scaleRow<16>(h, k, s, width);
}
__attribute__((target("avx512f"))) int relaxRow16(const ThermalRows& h, const ThermalRows& s,
                                                  const ThermalConstants& k, float* out,
                                                  int width) {
  return relaxRow<16>(h, s, k, out, width);
}
#endif

#endif  // TERRAIN_THERMAL_VECTORS

std::vector<int> supportedWidths() {
  std::vector<int> widths;
#if TERRAIN_THERMAL_X86
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) widths.push_back(16);
  if (__builtin_cpu_supports("avx2")) widths.push_back(8);
#endif
#if TERRAIN_THERMAL_VECTORS
  widths.push_back(4);
#endif
  widths.push_back(1);
  return widths;
}

const std::vector<int>& widths() {
  static const std::vector<int> all = supportedWidths();
  return all;
}

}  // namespace

std::vector<int> thermalKernelWidths() {
  return widths();
}

int thermalKernelWidth(int requested) {
  const std::vector<int>& all = widths();
  const bool offered = std::find(all.begin(), all.end(), requested) != all.end();
  return offered ? requested : all.front();
}

int thermalScaleRow(const ThermalRows& h, const ThermalConstants& k, float* s, int width,
                    int vectorWidth) {
  switch (vectorWidth) {
#if TERRAIN_THERMAL_X86
    case 16:
      return scaleRow16(h, k, s, width);
    case 8:
      return scaleRow8(h, k, s, width);
#endif
#if TERRAIN_THERMAL_VECTORS
    case 4:
      return scaleRow4(h, k, s, width);
#endif
    default:
      return 1;
  }
}

int thermalRelaxRow(const ThermalRows& h, const ThermalRows& s, const ThermalConstants& k,
                    float* out, int width, int vectorWidth) {
  switch (vectorWidth) {
#if TERRAIN_THERMAL_X86
    case 16:
      return relaxRow16(h, s, k, out, width);
    case 8:
      return relaxRow8(h, s, k, out, width);
#endif
#if TERRAIN_THERMAL_VECTORS
    case 4:
      return relaxRow4(h, s, k, out, width);
#endif
    default:
      return 1;
  }
}

}  // namespace terrain
