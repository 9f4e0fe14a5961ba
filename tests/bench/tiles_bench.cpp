// Tiles (issue 9). Target: a tile computed alone costs at most 1.2x a
// single map of the same size. Both are timed in turn in one loop (a 1025
// tile of a 4097 world, and a 1025 map of the same source through the
// pipeline with its normalisation): gradient noise at 8 octaves (arg 0)
// and diamond-square (arg 1). The counter x_single_map is the ratio of
// their medians.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <string_view>
#include <vector>

#include "core/document/pipeline.hpp"
#include "core/export/tiles.hpp"
#include "core/nodes/registry.hpp"

namespace terrain {
namespace {

constexpr const char* kSources[] = {"noise", "diamond-square"};

// The bare source at that size; noise at 8 octaves.
Document sourceDocument(const char* key, int size) {
  Document doc = defaultDocument(key);
  doc.graph = chainGraph({chainOf(doc.graph).source, {}});
  const SourceStage& source = sourceStage(key);
  chainSource(doc.graph).values[source.sizeIndex()] = size;
  if (std::string_view(key) == "noise")
    chainSource(doc.graph).values[*source.indexOf("iterations")] = 8;
  return doc;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

template <class Fn>
double secondsOf(const Fn& fn) {
  const auto start = std::chrono::steady_clock::now();
  fn();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void BM_TileAgainstSingleMap(benchmark::State& state) {
  const char* key = kSources[state.range(0)];
  const Document map = sourceDocument(key, 1025);
  const Document world = sourceDocument(key, 4097);
  TileGrid grid;
  grid.worldSize = 4097;
  grid.columns = 4;
  grid.rows = 4;
  const TilePlan plan = planTiles(world, grid);
  std::vector<double> tiles;
  std::vector<double> maps;
  for (auto _ : state) {
    tiles.push_back(secondsOf([&] {
      Tile tile = buildTile(world, grid, plan, {1, 2});
      benchmark::DoNotOptimize(tile.field.heights.data());
    }));
    maps.push_back(secondsOf([&] {
      Heightfield field = runPipeline(map);
      benchmark::DoNotOptimize(field.heights.data());
    }));
    state.SetIterationTime(tiles.back());
  }
  state.counters["tile_ms"] = median(tiles) * 1e3;
  state.counters["map_ms"] = median(maps) * 1e3;
  state.counters["x_single_map"] = median(tiles) / median(maps);
  state.SetLabel(key);
}
BENCHMARK(BM_TileAgainstSingleMap)
    ->Arg(0)
    ->Arg(1)
    ->UseManualTime()
    ->MinTime(2.0)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace terrain
