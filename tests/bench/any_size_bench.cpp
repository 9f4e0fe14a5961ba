// Any size is the preview's landscape (issue 38 item 1) at the engines'
// larger sides: each preset at Unreal's sides and a 1024 texture, its
// agreement with the 257 preview at the preview's samples' world positions
// as a counter (the suite holds the same arithmetic at 505 and 512 above
// 0.95: tests/core/document/any_size_test.cpp).
#include <benchmark/benchmark.h>

#include <cstddef>
#include <string>

#include "core/document/presets.hpp"
#include "tests/support/world_agreement.hpp"

namespace terrain {
namespace {

// Args: the preset's index in landformPresets(), the map's side.
void BM_AnySizeAgreement(benchmark::State& state) {
  const LandformPreset& preset = landformPresets()[static_cast<std::size_t>(state.range(0))];
  const Document doc = preset.build();
  const testing::PlacedMap preview = testing::previewOf(doc);
  double agreement = 0.0;
  for (auto _ : state) {
    agreement = testing::agreementInTheWorld(preview,
                                             testing::mapAt(doc, static_cast<int>(state.range(1))));
  }
  state.counters["agreement"] = agreement;
  state.SetLabel(std::string(preset.key));
}
BENCHMARK(BM_AnySizeAgreement)
    ->ArgsProduct({benchmark::CreateDenseRange(0, static_cast<int>(landformPresets().size()) - 1,
                                               1),
                   {1009, 1024, 2017, 4033}})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace terrain
