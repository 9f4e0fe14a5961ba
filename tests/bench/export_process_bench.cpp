// Issue 20's targets for the whole process (Alpine at 257 within 0.15 s, at
// 1025 within 1.5 s): the real terrain-explorer binary run from outside,
// writing a heightmap, as a script or a tile farm runs it; and its start-up
// alone (`export --help`: linking and loading its libraries, the registry,
// no terrain), the part of the 257 figure that no node's speed changes. Run
// beside BM_DropletsBaseline1025, a fixed single-threaded workload, to read
// them as ratios on a machine whose speed varies between days. Each time
// includes the benchmark process's own fork().
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "tests/support/app_process.hpp"
#include "tests/support/scratch_dir.hpp"

namespace terrain {
namespace {

// Times `args` run to the end, once per iteration, its stdout and stderr
// in `dir`; a failed run stops the benchmark with its stderr.
void timeProcess(benchmark::State& state, const testing::ScratchDir& dir,
                 const std::vector<std::string>& args) {
  for (auto _ : state) {
    const testing::AppRun run = testing::runApp(args, dir.path());
    if (run.status != 0) {
      const std::string how = run.signal != 0 ? "signal " + std::to_string(run.signal)
                                              : "exit " + std::to_string(run.status);
      state.SkipWithError((how + ": " + run.err).c_str());
      return;
    }
    state.SetIterationTime(run.seconds);
  }
}

void BM_ExportStartUp(benchmark::State& state) {
  const testing::ScratchDir dir;
  timeProcess(state, dir, {"export", "--help"});
}
BENCHMARK(BM_ExportStartUp)->Iterations(10)->UseManualTime()->Unit(benchmark::kMillisecond);

// Arg: the map's side.
void BM_AlpineExportProcess(benchmark::State& state) {
  const testing::ScratchDir dir;
  timeProcess(state, dir,
              {"export", "--preset", "alpine", "--size", std::to_string(state.range(0)),
               "--heightmap", (dir.path() / "alpine.png").string(), "--quiet"});
}
BENCHMARK(BM_AlpineExportProcess)
    ->Arg(257)
    ->Arg(1025)
    ->Iterations(5)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace terrain
