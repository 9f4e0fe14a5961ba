// Articles 002 and 003 against the cost of merely touching a map's memory.
// Target: coastline 4096 (classes, default params) within 3x BM_FillBaseline/4096/4096.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "core/nodes/sources/coastline.hpp"
#include "core/nodes/sources/rectangles.hpp"

namespace terrain {
namespace {

// The raw source (no normalise), seed 1, every hardware thread.
template <class Params, class Generate>
void runSource(benchmark::State& state, const Params& params, Generate generate) {
  const RunControl control{Execution{}, nullptr, {}};
  for (auto _ : state) {
    Heightfield field = generate(params, 1, control);
    benchmark::DoNotOptimize(field.heights.data());
    benchmark::ClobberMemory();
  }
}

void BM_CoastlineClasses(benchmark::State& state) {
  CoastlineParams params;
  params.size = static_cast<int>(state.range(0));
  runSource(state, params, generateCoastline);
}
BENCHMARK(BM_CoastlineClasses)->Arg(4096)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_CoastlineHeights(benchmark::State& state) {
  CoastlineParams params;
  params.size = static_cast<int>(state.range(0));
  params.mode = CoastMode::Heights;
  runSource(state, params, generateCoastline);
}
BENCHMARK(BM_CoastlineHeights)->Arg(4096)->Unit(benchmark::kMillisecond)->UseRealTime();

// The article's 1024 rectangles of size 10, zscale 512, on its 128 map and on 1024.
void BM_Rectangles(benchmark::State& state) {
  RectanglesParams params;  // the article 003 preset's values
  params.size = static_cast<int>(state.range(0));
  runSource(state, params, [](const RectanglesParams& p, std::uint64_t seed, const RunControl& c) {
    return generateRectangles(p, seed, c);
  });
}
BENCHMARK(BM_Rectangles)->Arg(128)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace terrain
