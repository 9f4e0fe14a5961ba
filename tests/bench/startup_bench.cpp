// Whole-process cost of a headless export against the floor (issue 9): a
// plain C program that allocates, fills, writes and fsyncs the same bytes
// (tests/bench/floor/export_floor.c). A tile farm starts thousands of these,
// so the ratio of the medians is the figure: target at most 1.5.
// - BM_ExportRawProcess (--no-sidecar) against BM_ExportFloorProcess: one
//   file, the map's bytes.
// - BM_ExportRawSidecarProcess, the default export, which also writes the
//   JSON sidecar beside the raw file, against BM_ExportFloorSidecarProcess,
//   the floor writing and fsyncing the same two files' bytes.
#include <benchmark/benchmark.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

extern char** environ;

namespace terrain {
namespace {

void runToEnd(std::vector<std::string> args) {
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0) {
    throw std::runtime_error("cannot start " + args[0]);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw std::runtime_error(args[0] + " failed");
  }
}

std::string outputPath(const char* name) {
  return (std::filesystem::temp_directory_path() / name).string();
}

void BM_ExportFloorProcess(benchmark::State& state) {
  const std::string side = std::to_string(state.range(0));
  const std::string path = outputPath("terrain-bench-floor.r32");
  for (auto _ : state) runToEnd({TERRAIN_EXPORT_FLOOR_BIN, side, path});
  std::filesystem::remove(path);
}

std::vector<std::string> exportArgs(const std::string& side, const std::string& path,
                                    bool sidecar) {
  std::vector<std::string> args{TERRAIN_EXPLORER_BIN,
                                "export",
                                "--generator",
                                "diamond-square",
                                "--size",
                                side,
                                "--raw",
                                path,
                                "--quiet"};
  if (!sidecar) args.emplace_back("--no-sidecar");
  return args;
}

void exportRaw(benchmark::State& state, bool sidecar) {
  const std::string side = std::to_string(state.range(0));
  const std::string path = outputPath("terrain-bench-export.r32");
  const std::vector<std::string> args = exportArgs(side, path, sidecar);
  for (auto _ : state) runToEnd(args);
  std::filesystem::remove(path);
  std::filesystem::remove(path + ".json");
}

void BM_ExportFloorSidecarProcess(benchmark::State& state) {
  const std::string side = std::to_string(state.range(0));
  // The sidecar's size, from one export of the same map.
  const std::string probe = outputPath("terrain-bench-probe.r32");
  runToEnd(exportArgs(side, probe, true));
  const std::string sidecarBytes = std::to_string(std::filesystem::file_size(probe + ".json"));
  std::filesystem::remove(probe);
  std::filesystem::remove(probe + ".json");
  const std::string path = outputPath("terrain-bench-floor.r32");
  for (auto _ : state) {
    runToEnd({TERRAIN_EXPORT_FLOOR_BIN, side, path, path + ".json", sidecarBytes});
  }
  std::filesystem::remove(path);
  std::filesystem::remove(path + ".json");
}

void BM_ExportRawProcess(benchmark::State& state) {
  exportRaw(state, false);
}

void BM_ExportRawSidecarProcess(benchmark::State& state) {
  exportRaw(state, true);
}

BENCHMARK(BM_ExportFloorProcess)->Arg(65)->Arg(1025)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ExportRawProcess)->Arg(65)->Arg(1025)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ExportFloorSidecarProcess)
    ->Arg(65)
    ->Arg(1025)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_ExportRawSidecarProcess)
    ->Arg(65)
    ->Arg(1025)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace terrain
