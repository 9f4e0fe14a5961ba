// The thermal modifier's row loops (see thermal_kernel.hpp). Highway
// compiles this file once per SIMD target (foreach_target re-includes it)
// and picks the best one the CPU has at run time. The expressions are
// thermal.cpp's outflowScale and relaxed, operation for operation.

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/modifiers/thermal_kernel.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include <cstddef>
#include <limits>

#include "core/modifiers/thermal_kernel.hpp"

HWY_BEFORE_NAMESPACE();
namespace terrain::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using DF = hn::ScalableTag<float>;
using VF = hn::Vec<DF>;

// a < b ? b : a, lane by lane (a NaN b gives a; of +0 and -0, a), as
// thermal.cpp's larger. x86's maxps(b, a) is b > a ? b : a, the same thing
// in one instruction, ties and NaN included.
HWY_INLINE VF Larger(VF a, VF b) {
#if HWY_ARCH_X86 && HWY_TARGET != HWY_EMU128 && HWY_TARGET != HWY_SCALAR
  return hn::Max(b, a);
#else
  return hn::IfThenElse(hn::Lt(a, b), b, a);
#endif
}

// Calls fn(row, dx, diagonal) for the eight neighbours in thermal.cpp's
// order: the row above left to right, left, right, the row below left to
// right.
template <class Fn>
HWY_INLINE void ForNeighbours(const Fn& fn) {
  fn(0, -1, true);
  fn(0, 0, false);
  fn(0, 1, true);
  fn(1, -1, false);
  fn(1, 1, false);
  fn(2, -1, true);
  fn(2, 0, false);
  fn(2, 1, true);
}

// Columns x.. of row `row` of r, shifted by dx.
HWY_INLINE VF At(const ThermalRows& r, int row, int dx, std::size_t x) {
  return hn::LoadU(DF(), r.r[row] + static_cast<std::ptrdiff_t>(x) + dx);
}

// outflowScale: half * max_j e_ij / max(sum_j e_ij, FLT_MIN),
// e_ij = max(0, h_i - h_j - t).
HWY_INLINE void ScaleAt(const ThermalRows& h, const ThermalConstants& k, float* s, std::size_t x) {
  const DF df;
  const VF zero = hn::Zero(df);
  const VF straight = hn::Set(df, k.straight);
  const VF diagonal = hn::Set(df, k.diagonal);
  const VF c = At(h, 1, 0, x);
  VF sum = zero;
  VF most = zero;
  ForNeighbours([&](int row, int dx, bool diag) {
    const VF e = Larger(zero, hn::Sub(hn::Sub(c, At(h, row, dx, x)), diag ? diagonal : straight));
    sum = hn::Add(sum, e);
    most = Larger(most, e);
  });
  const VF tiny = hn::Set(df, std::numeric_limits<float>::min());
  hn::StoreU(hn::Div(hn::Mul(hn::Set(df, k.half), most), Larger(sum, tiny)), df, s + x);
}

// relaxed: the height plus, neighbour by neighbour, the inflow minus the
// outflow (n - c serves both directions: c - n is its exact negative).
HWY_INLINE void RelaxAt(const ThermalRows& h, const ThermalRows& s, const ThermalConstants& k,
                        float* out, std::size_t x) {
  const DF df;
  const VF zero = hn::Zero(df);
  const VF straight = hn::Set(df, k.straight);
  const VF diagonal = hn::Set(df, k.diagonal);
  const VF c = At(h, 1, 0, x);
  const VF sc = At(s, 1, 0, x);
  VF delta = zero;
  ForNeighbours([&](int row, int dx, bool diag) {
    const VF t = diag ? diagonal : straight;
    const VF up = hn::Sub(At(h, row, dx, x), c);
    const VF in = hn::Mul(At(s, row, dx, x), Larger(zero, hn::Sub(up, t)));
    const VF outflow = hn::Mul(sc, Larger(zero, hn::Sub(hn::Neg(up), t)));
    delta = hn::Add(delta, hn::Sub(in, outflow));
  });
  hn::StoreU(hn::Add(c, delta), df, out + x);
}

// Columns 1..width-2 in whole vectors, the last one overlapping the one
// before; returns the first column left undone.
template <class Fn>
HWY_INLINE int Interior(int width, const Fn& fn) {
  const std::size_t lanes = hn::Lanes(DF());
  if (width < 2 || static_cast<std::size_t>(width - 2) < lanes) return 1;
  const auto inner = static_cast<std::size_t>(width - 1);
  std::size_t x = 1;
  for (; x + lanes <= inner; x += lanes) fn(x);
  if (x < inner) fn(inner - lanes);
  return width - 1;
}

int ThermalScaleRow(const ThermalRows& h, const ThermalConstants& k, float* s, int width) {
  return Interior(width, [&](std::size_t x) { ScaleAt(h, k, s, x); });
}

int ThermalRelaxRow(const ThermalRows& h, const ThermalRows& s, const ThermalConstants& k,
                    float* out, int width) {
  return Interior(width, [&](std::size_t x) { RelaxAt(h, s, k, out, x); });
}

std::int64_t ThermalTarget() {
  return HWY_TARGET;
}

}  // namespace terrain::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace terrain {

HWY_EXPORT(ThermalScaleRow);
HWY_EXPORT(ThermalRelaxRow);
HWY_EXPORT(ThermalTarget);

int thermalScaleRow(const ThermalRows& h, const ThermalConstants& k, float* s, int width) {
  return HWY_DYNAMIC_DISPATCH(ThermalScaleRow)(h, k, s, width);
}

int thermalRelaxRow(const ThermalRows& h, const ThermalRows& s, const ThermalConstants& k,
                    float* out, int width) {
  return HWY_DYNAMIC_DISPATCH(ThermalRelaxRow)(h, s, k, out, width);
}

std::int64_t thermalKernelTarget() {
  return HWY_DYNAMIC_DISPATCH(ThermalTarget)();
}

std::vector<std::int64_t> thermalKernelTargets() {
  return hwy::SupportedAndGeneratedTargets();
}

std::string thermalTargetName(std::int64_t target) {
  return hwy::TargetName(target);
}

}  // namespace terrain
#endif  // HWY_ONCE
