// Scattering (issue 40 item 2). Target: a million instances over a 4097
// map within 2 s. The default world (8192 m, 2 m a sample) holds 6,711
// hectares; one species at 240 a hectare, 2.5 m apart, its density driven
// by a mask rising from 0.5 in the west to 1 in the east; arg: threads (0:
// all). Counters: instances and their millions a second.
#include <benchmark/benchmark.h>

#include "core/scatter/scatter.hpp"

namespace terrain {
namespace {

void BM_Scatter4097(benchmark::State& state) {
  constexpr int kSide = 4097;
  const Heightfield heights(kSide, kSide);
  Heightfield mask(kSide, kSide);
  for (int y = 0; y < kSide; ++y) {
    for (int x = 0; x < kSide; ++x) mask.at(x, y) = 0.5f + 0.5f * static_cast<float>(x) / kSide;
  }
  ScatterSpecies species;
  species.density = 240.0, species.spacing = 2.5, species.slopeAlign = 0.5;
  const ScatterMaps maps{&heights, {&mask}, 0, 0, kSide, kSide, 8192.0 / (kSide - 1), 1000.0};
  const Execution exec{static_cast<int>(state.range(0))};
  std::size_t count = 0;
  for (auto _ : state) {
    const auto instances = scatter({species}, 1, maps, {0, 0, kSide - 1, kSide - 1}, exec);
    count = instances.size();
    benchmark::DoNotOptimize(instances.data());
  }
  state.counters["instances"] = static_cast<double>(count);
  state.counters["M_per_s"] = benchmark::Counter(static_cast<double>(count) * 1e-6,
                                                 benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_Scatter4097)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
}  // namespace terrain
