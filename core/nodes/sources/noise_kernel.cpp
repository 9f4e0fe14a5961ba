// The noise source's row loops (see noise_kernel.hpp). Highway compiles
// this file once per SIMD target (foreach_target re-includes it) and picks
// the best one the CPU has at run time.
//
// Per sample and octave: the four lattice corners' 32-bit hashes, a
// gradient from each hash (its two 16-bit halves as the x and y components,
// in [-1, 1)), the corners' dot products with the offsets, and a bilinear
// blend by the faded position. |noise| <= 1 (each corner's dot is at most
// |dx| + |dy|, and the blend of those is at most 1/2 + 1/2).

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/nodes/sources/noise_kernel.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "core/nodes/sources/noise_kernel.hpp"

HWY_BEFORE_NAMESPACE();
namespace terrain::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using DF = hn::ScalableTag<float>;
using DU = hn::RebindToUnsigned<DF>;
using DI = hn::RebindToSigned<DF>;
using VF = hn::Vec<DF>;
using VU = hn::Vec<DU>;

// noiseHash, lane by lane.
HWY_INLINE VU Hash(VU x) {
  const DU du;
  x = hn::Xor(x, hn::ShiftRight<16>(x));
  x = hn::Mul(x, hn::Set(du, 0x7feb352dU));
  x = hn::Xor(x, hn::ShiftRight<15>(x));
  x = hn::Mul(x, hn::Set(du, 0x846ca68bU));
  return hn::Xor(x, hn::ShiftRight<16>(x));
}

// The corner's gradient dotted with the offset (dx, dy), in units of 2^-15.
HWY_INLINE VF Dot(VU hash, VF dx, VF dy) {
  const DF df;
  const DI di;
  const auto s = hn::BitCast(di, hash);
  const VF gx = hn::ConvertTo(df, hn::ShiftRight<16>(s));
  const VF gy = hn::ConvertTo(df, hn::ShiftRight<16>(hn::ShiftLeft<16>(s)));
  return hn::Add(hn::Mul(gx, dx), hn::Mul(gy, dy));
}

HWY_INLINE VF Lerp(VF a, VF b, VF t) {
  return hn::Add(a, hn::Mul(hn::Sub(b, a), t));
}

// The same expression as noiseFade.
HWY_INLINE VF Fade(VF t) {
  const DF df;
  const VF cube = hn::Mul(hn::Mul(t, t), t);
  const VF inner = hn::Sub(hn::Mul(t, hn::Set(df, 6.0f)), hn::Set(df, 15.0f));
  return hn::Mul(cube, hn::Add(hn::Mul(t, inner), hn::Set(df, 10.0f)));
}

// Gradient noise in [-1, 1] from the corners' hashes: h00 at (cell0x,
// cell0y), h10 one cell along x, and so on; (tx, ty) the position in the
// cell, (u, v) its fade.
HWY_INLINE VF Corners(VU h00, VU h10, VU h01, VU h11, VF tx, VF ty, VF u, VF v) {
  const DF df;
  const VF one = hn::Set(df, 1.0f);
  const VF tx1 = hn::Sub(tx, one);
  const VF ty1 = hn::Sub(ty, one);
  const VF top = Lerp(Dot(h00, tx, ty), Dot(h10, tx1, ty), u);
  const VF bottom = Lerp(Dot(h01, tx, ty1), Dot(h11, tx1, ty1), u);
  return hn::Mul(Lerp(top, bottom, v), hn::Set(df, 0x1.0p-15f));  // exact scaling
}

template <NoiseFractal kFractal>
HWY_INLINE VF Shape(VF n) {
  const DF df;
  if constexpr (kFractal == NoiseFractal::Ridged) {
    const VF ridge = hn::Sub(hn::Set(df, 1.0f), hn::Abs(n));  // 1 on the zero line
    return hn::Mul(ridge, ridge);
  } else if constexpr (kFractal == NoiseFractal::Billow) {
    return hn::Abs(n);
  } else {
    return n;
  }
}

// Stores the first `count` lanes (a row's tail: the same values, stored through a buffer).
HWY_INLINE void StoreFirst(VF v, float* out, std::size_t count) {
  const DF df;
  HWY_ALIGN float lanes[hn::MaxLanes(DF())];
  hn::Store(v, df, lanes);
  for (std::size_t i = 0; i < count; ++i) out[i] = lanes[i];
}

template <NoiseFractal kFractal>
void GridRowShaped(std::span<const NoiseGridOctave> octaves, float* out, std::size_t count) {
  const DF df;
  const DU du;
  const std::size_t lanes = hn::Lanes(df);
  for (std::size_t i = 0; i < count; i += lanes) {
    VF sum = hn::Zero(df);
    for (const NoiseGridOctave& o : octaves) {
      const VU x0 = hn::LoadU(du, o.x.cell0 + i);
      const VU x1 = hn::LoadU(du, o.x.cell1 + i);
      const VU row0 = hn::Set(du, o.rowHash0);
      const VU row1 = hn::Set(du, o.rowHash1);
      const VF n =
          Corners(Hash(hn::Xor(x0, row0)), Hash(hn::Xor(x1, row0)), Hash(hn::Xor(x0, row1)),
                  Hash(hn::Xor(x1, row1)), hn::LoadU(df, o.x.t + i), hn::Set(df, o.ty),
                  hn::LoadU(df, o.x.fade + i), hn::Set(df, o.fadeY));
      sum = hn::Add(sum, hn::Mul(hn::Set(df, o.amplitude), Shape<kFractal>(n)));
    }
    if (i + lanes <= count) {
      hn::StoreU(sum, df, out + i);
    } else {
      StoreFirst(sum, out + i, count - i);
    }
  }
}

static void GridRow(std::span<const NoiseGridOctave> octaves, NoiseFractal fractal, float* out,
             std::size_t count) {
  switch (fractal) {
    case NoiseFractal::Ridged:
      return GridRowShaped<NoiseFractal::Ridged>(octaves, out, count);
    case NoiseFractal::Billow:
      return GridRowShaped<NoiseFractal::Billow>(octaves, out, count);
    case NoiseFractal::Fbm:
      break;
  }
  GridRowShaped<NoiseFractal::Fbm>(octaves, out, count);
}

// The lattice cells either side of `cell` (a whole number, as a float),
// wrapped to [0, period) when period > 0. Exact: every value is an integer
// far below 2^24, and the quotient's floor is exact for such integers.
HWY_INLINE void Cells(VF cell, float period, VU& c0, VU& c1) {
  const DF df;
  const DI di;
  const DU du;
  if (period > 0.0f) {
    const VF p = hn::Set(df, period);
    const VF wrapped = hn::Sub(cell, hn::Mul(hn::Floor(hn::Div(cell, p)), p));
    const VF next = hn::Add(wrapped, hn::Set(df, 1.0f));
    c0 = hn::BitCast(du, hn::ConvertTo(di, wrapped));
    c1 = hn::BitCast(du, hn::ConvertTo(di, hn::IfThenZeroElse(next == p, next)));
  } else {
    const auto whole = hn::ConvertTo(di, cell);
    c0 = hn::BitCast(du, whole);
    c1 = hn::BitCast(du, hn::Add(whole, hn::Set(di, 1)));
  }
}

template <NoiseFractal kFractal>
void WarpedRowShaped(std::span<const NoiseWarpedOctave> octaves, const float* x, const float* y,
                     float* out, std::size_t count) {
  const DF df;
  const DU du;
  const std::size_t lanes = hn::Lanes(df);
  for (std::size_t i = 0; i < count; i += lanes) {
    const VF mapX = hn::LoadU(df, x + i);
    const VF mapY = hn::LoadU(df, y + i);
    VF sum = hn::Zero(df);
    for (const NoiseWarpedOctave& o : octaves) {
      const VF frequency = hn::Set(df, o.frequency);
      const VF px = hn::Mul(mapX, frequency);
      const VF py = hn::Mul(mapY, frequency);
      const VF cellX = hn::Floor(px);
      const VF cellY = hn::Floor(py);
      const VF tx = hn::Sub(px, cellX);  // exact: the fraction of a float
      const VF ty = hn::Sub(py, cellY);
      VU x0, x1, y0, y1;
      Cells(cellX, o.period, x0, x1);
      Cells(cellY, o.period, y0, y1);
      const VU key = hn::Set(du, o.key);
      const VU row0 = Hash(hn::Xor(y0, key));
      const VU row1 = Hash(hn::Xor(y1, key));
      const VF n =
          Corners(Hash(hn::Xor(x0, row0)), Hash(hn::Xor(x1, row0)), Hash(hn::Xor(x0, row1)),
                  Hash(hn::Xor(x1, row1)), tx, ty, Fade(tx), Fade(ty));
      sum = hn::Add(sum, hn::Mul(hn::Set(df, o.amplitude), Shape<kFractal>(n)));
    }
    if (i + lanes <= count) {
      hn::StoreU(sum, df, out + i);
    } else {
      StoreFirst(sum, out + i, count - i);
    }
  }
}

static void WarpedRow(std::span<const NoiseWarpedOctave> octaves, NoiseFractal fractal, const float* x,
               const float* y, float* out, std::size_t count) {
  switch (fractal) {
    case NoiseFractal::Ridged:
      return WarpedRowShaped<NoiseFractal::Ridged>(octaves, x, y, out, count);
    case NoiseFractal::Billow:
      return WarpedRowShaped<NoiseFractal::Billow>(octaves, x, y, out, count);
    case NoiseFractal::Fbm:
      break;
  }
  WarpedRowShaped<NoiseFractal::Fbm>(octaves, x, y, out, count);
}

static std::int64_t Target() {
  return HWY_TARGET;
}

}  // namespace terrain::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace terrain {

HWY_EXPORT(GridRow);
HWY_EXPORT(WarpedRow);
HWY_EXPORT(Target);

void noiseGridRow(std::span<const NoiseGridOctave> octaves, NoiseFractal fractal, float* out,
                  std::size_t count) {
  HWY_DYNAMIC_DISPATCH(GridRow)(octaves, fractal, out, count);
}

void noiseWarpedRow(std::span<const NoiseWarpedOctave> octaves, NoiseFractal fractal,
                    const float* x, const float* y, float* out, std::size_t count) {
  HWY_DYNAMIC_DISPATCH(WarpedRow)(octaves, fractal, x, y, out, count);
}

std::int64_t noiseKernelTarget() {
  return HWY_DYNAMIC_DISPATCH(Target)();
}

std::vector<std::int64_t> noiseKernelTargets() {
  return hwy::SupportedAndGeneratedTargets();
}

std::string noiseTargetName(std::int64_t target) {
  return hwy::TargetName(target);
}

}  // namespace terrain
#endif  // HWY_ONCE
