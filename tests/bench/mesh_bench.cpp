// Issue #9's mesh export: a 4097x4097 map simplified to a million triangles
// (target: under 2 s on the 2-core machine), set against BM_FillBaseline's
// fill of the same map measured in the same run ("x_fill"), and the OBJ and
// GLB writers on that mesh (file size in "MiB"; both fsync, as every atomic
// write does). Measured (load ~5): 780-819 ms = 3.1-3.8x the fill; OBJ
// 270-315 ms (98 MiB), GLB 39-44 ms (26.5 MiB).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "core/mesh/mesh_export.hpp"
#include "core/mesh/terrain_mesh.hpp"
#include "core/nodes/sources/diamond_square.hpp"

namespace terrain {
namespace {

using Clock = std::chrono::steady_clock;

// Diamond-square 4097, default parameters, seed 1: rough everywhere, so no
// flat region makes the simplifier's work easy.
const Heightfield& map4097() {
  static const Heightfield field = [] {
    DiamondSquareParams params;
    params.size = 4097;
    return generateDiamondSquare(params, 1, RunControl{Execution{}, nullptr, {}});
  }();
  return field;
}

const TerrainMesh& mesh1M() {
  static const TerrainMesh mesh =
      buildTerrainMesh(map4097(), World{}, MeshOptions{1'000'000, 0.0}, Execution{});
  return mesh;
}

// BM_FillBaseline/4097/4097's work, best of 3, in ms.
double fillMs() {
  double best = 1e30;
  for (int i = 0; i < 3; ++i) {
    const auto start = Clock::now();
    std::vector<float> v(map4097().size());
    std::fill(v.begin(), v.end(), 1.0f);
    benchmark::DoNotOptimize(v.data());
    benchmark::ClobberMemory();
    best = std::min(best, std::chrono::duration<double, std::milli>(Clock::now() - start).count());
  }
  return best;
}

void simplify(benchmark::State& state, const Execution& exec) {
  const Heightfield& field = map4097();
  double ms = 0.0;
  std::size_t triangles = 0;
  for (auto _ : state) {
    const auto start = Clock::now();
    const TerrainMesh mesh = buildTerrainMesh(field, World{}, MeshOptions{1'000'000, 0.0}, exec);
    ms += std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    triangles = mesh.triangleCount();
    benchmark::DoNotOptimize(mesh.indices.data());
  }
  const double fill = fillMs();
  state.counters["triangles"] = static_cast<double>(triangles);
  state.counters["fill_ms"] = fill;
  state.counters["x_fill"] = ms / static_cast<double>(state.iterations()) / fill;
}

void BM_MeshSimplify4097To1M(benchmark::State& state) {
  simplify(state, Execution{});
}
BENCHMARK(BM_MeshSimplify4097To1M)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

// One thread, to show what the second core buys.
void BM_MeshSimplify4097To1MOneThread(benchmark::State& state) {
  simplify(state, Execution{1});
}
BENCHMARK(BM_MeshSimplify4097To1MOneThread)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

// The full-resolution grid of a 1025 map (2 million triangles): no simplifier.
void BM_MeshFull1025(benchmark::State& state) {
  DiamondSquareParams params;
  params.size = 1025;
  const Heightfield field = generateDiamondSquare(params, 1, RunControl{Execution{}, nullptr, {}});
  for (auto _ : state) {
    const TerrainMesh mesh = buildTerrainMesh(field, World{}, MeshOptions{}, Execution{});
    benchmark::DoNotOptimize(mesh.indices.data());
  }
}
BENCHMARK(BM_MeshFull1025)->Unit(benchmark::kMillisecond)->UseRealTime();

template <class Write>
void writeMesh(benchmark::State& state, const char* name, Write write) {
  const TerrainMesh& mesh = mesh1M();
  const std::string path = (std::filesystem::temp_directory_path() / name).string();
  for (auto _ : state) write(path, mesh);
  state.counters["MiB"] = static_cast<double>(std::filesystem::file_size(path)) / (1 << 20);
  state.counters["triangles"] = static_cast<double>(mesh.triangleCount());
  std::filesystem::remove(path);
}

void BM_MeshWriteObj1M(benchmark::State& state) {
  writeMesh(state, "terrain_bench_mesh.obj",
            [](const std::string& path, const TerrainMesh& mesh) { writeObj(path, mesh); });
}
BENCHMARK(BM_MeshWriteObj1M)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_MeshWriteGlb1M(benchmark::State& state) {
  writeMesh(state, "terrain_bench_mesh.glb",
            [](const std::string& path, const TerrainMesh& mesh) { writeGlb(path, mesh); });
}
BENCHMARK(BM_MeshWriteGlb1M)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace terrain
