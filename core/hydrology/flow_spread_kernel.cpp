// The spread drainage's counts over whole vectors (see
// flow_spread_kernel.hpp). Highway compiles this file once per SIMD target
// (foreach_target re-includes it) and picks the best one at run time.

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/hydrology/flow_spread_kernel.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "core/hydrology/flow_spread_kernel.hpp"

HWY_BEFORE_NAMESPACE();
namespace terrain::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

static std::size_t CountsVectors(const SpreadCountsRow& row, std::size_t first, std::size_t last) {
  const hn::ScalableTag<float> df;
  const hn::RebindToSigned<decltype(df)> di;
  const hn::Rebind<std::uint8_t, decltype(df)> db;
  const std::size_t lanes = hn::Lanes(df);
  const std::array<std::ptrdiff_t, 8> offset = flow::offsetsInside(static_cast<int>(row.width));
  const auto zero = hn::Zero(df);
  std::size_t i = first;
  for (; i + lanes <= last; i += lanes) {
    const float* h = row.heights + i;
    const auto here = hn::LoadU(df, h);
    auto higher = hn::Zero(di);
    auto lower = hn::Zero(di);
    auto total = zero;
    for (std::size_t d = 0; d < 8; ++d) {
      const auto drop = hn::Sub(here, hn::LoadU(df, h + offset[d]));
      const auto down = hn::Gt(drop, zero);
      // A true mask is -1 as an integer: subtracting it counts one.
      higher = hn::Sub(higher, hn::VecFromMask(di, hn::RebindMask(di, hn::Lt(drop, zero))));
      lower = hn::Or(lower, hn::IfThenElseZero(hn::RebindMask(di, down),
                                               hn::Set(di, static_cast<std::int32_t>(1U << d))));
      const auto weight = hn::Mul(drop, hn::Set(df, kSpreadWeightPerDrop[d]));
      total = hn::Add(total, hn::IfThenElseZero(down, weight));
    }
    const auto self = hn::Iota(di, static_cast<std::int32_t>(i));
    const auto keeps = hn::Eq(hn::LoadU(di, row.receiver + i), self);
    const auto divisible = hn::Ge(total, hn::Set(df, kLeastSpreadWeightSum));
    const auto passes = hn::AndNot(hn::RebindMask(df, keeps), divisible);
    const auto inverse = hn::Div(hn::Set(df, 1.0f), total);
    hn::StoreU(hn::IfThenElseZero(passes, inverse), df, row.inverseWeightSum + i);
    hn::StoreU(hn::DemoteTo(db, higher), db, row.higher + i);
    hn::StoreU(hn::DemoteTo(db, lower), db, row.lower + i);
  }
  return i;
}

static std::int64_t Target() {
  return HWY_TARGET;
}

}  // namespace terrain::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace terrain {

HWY_EXPORT(CountsVectors);
HWY_EXPORT(Target);

std::size_t spreadCountsVectors(const SpreadCountsRow& row, std::size_t first, std::size_t last) {
  return HWY_DYNAMIC_DISPATCH(CountsVectors)(row, first, last);
}

std::int64_t spreadKernelTarget() {
  return HWY_DYNAMIC_DISPATCH(Target)();
}

std::vector<std::int64_t> spreadKernelTargets() {
  return hwy::SupportedAndGeneratedTargets();
}

}  // namespace terrain
#endif  // HWY_ONCE
