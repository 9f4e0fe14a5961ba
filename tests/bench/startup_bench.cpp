// Whole-process cost of a headless export against the floor (issue 9): a
// plain C program that allocates, fills, writes and fsyncs the same bytes
// (tests/bench/floor/export_floor.c). A tile farm starts thousands of these,
// so the ratio is the figure: target at most 1.5.
// BM_ExportStartupRatio runs four programs in turn in every iteration, so a
// change in the machine's load falls on all of them alike, and reports the
// median of each and the ratios of the medians:
// - export_ms, `export --raw --no-sidecar`, against floor_ms: one file, the
//   map's bytes (ratio);
// - sidecar_ms, the default export, which also writes its JSON sidecar,
//   against floor2_ms, the floor writing and fsyncing the same two files'
//   bytes (sidecar_ratio).
// The outputs are replaced in every iteration after the first, as a re-run
// of a tile farm does.
#include <benchmark/benchmark.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <stdexcept>
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

double millisecondsOf(const std::vector<std::string>& args) {
  const auto start = std::chrono::steady_clock::now();
  runToEnd(args);
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

void BM_ExportStartupRatio(benchmark::State& state) {
  const std::string side = std::to_string(state.range(0));
  const std::string floorPath = outputPath("terrain-bench-floor.r32");
  const std::string exportPath = outputPath("terrain-bench-export.r32");
  const std::string sidecarPath = outputPath("terrain-bench-sidecar.r32");
  // The floor writes as many bytes as the export's sidecar has.
  runToEnd(exportArgs(side, sidecarPath, true));
  const std::string sidecarBytes =
      std::to_string(std::filesystem::file_size(sidecarPath + ".json"));
  const std::vector<std::vector<std::string>> programs = {
      {TERRAIN_EXPORT_FLOOR_BIN, side, floorPath},
      exportArgs(side, exportPath, false),
      {TERRAIN_EXPORT_FLOOR_BIN, side, floorPath, floorPath + ".json", sidecarBytes},
      exportArgs(side, sidecarPath, true)};
  std::vector<std::vector<double>> ms(programs.size());
  for (auto _ : state) {
    for (std::size_t i = 0; i < programs.size(); ++i) ms[i].push_back(millisecondsOf(programs[i]));
  }
  const double floor = median(ms[0]);
  const double plain = median(ms[1]);
  const double floor2 = median(ms[2]);
  const double sidecar = median(ms[3]);
  state.counters["floor_ms"] = floor;
  state.counters["export_ms"] = plain;
  state.counters["ratio"] = plain / floor;
  state.counters["floor2_ms"] = floor2;
  state.counters["sidecar_ms"] = sidecar;
  state.counters["sidecar_ratio"] = sidecar / floor2;
  for (const std::string& path : {floorPath, exportPath, sidecarPath}) {
    std::filesystem::remove(path);
    std::filesystem::remove(path + ".json");
  }
}

BENCHMARK(BM_ExportStartupRatio)
    ->Arg(65)
    ->Arg(1025)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(3.0);

}  // namespace
}  // namespace terrain
