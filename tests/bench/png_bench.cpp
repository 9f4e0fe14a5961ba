// The 16-bit heightmap PNG of a 4097^2 diamond-square map (seed 42):
// libpng as the exporter used it before (zlib level 1, Sub/Up/Paeth chosen
// per row by libpng), kept here as the baseline, against
// core/io/png_write.cpp's bands of rows compressed in parallel. Both write the
// same pixels to a file in /tmp through the atomic writer.
// BM_HeightmapPng4097Ratio times both in each iteration and reports the
// speed-up and the size ratio of the same run.
#include <benchmark/benchmark.h>
#include <png.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/export/heightmap_files.hpp"
#include "core/io/atomic_file.hpp"
#include "core/nodes/registry.hpp"

namespace terrain {
namespace {

const Heightfield& map4097() {
  static const Heightfield field = [] {
    Document doc = defaultDocument("diamond-square");
    const SourceStage& source = sourceStage("diamond-square");
    chainSource(doc.graph).values[source.sizeIndex()] = 4097;
    doc.seed = 42;
    return runPipeline(doc);
  }();
  return field;
}

std::string benchPath(const char* name) {
  return (std::filesystem::temp_directory_path() / name).string();
}

// libpng's errors end the benchmark (this is not product code).
[[noreturn]] void libpngFailed(png_structp /*png*/, png_const_charp message) {
  std::fprintf(stderr, "libpng: %s\n", message);
  std::abort();
}

// The exporter's previous writer: libpng, zlib level 1, filters Sub, Up
// and Paeth chosen per row by libpng's heuristic.
void writeHeightmapLibpng(const std::string& path, const Heightfield& field) {
  writeFileAtomically(path, [&](AtomicFile& file) {
    png_structp png =
        png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, libpngFailed, nullptr);
    png_infop info = png_create_info_struct(png);
    png_set_write_fn(
        png, &file,
        [](png_structp p, png_bytep data, png_size_t bytes) {
          try {  // no exception may cross libpng's C frames
            static_cast<AtomicFile*>(png_get_io_ptr(p))->write(data, bytes);
          } catch (const std::exception& e) {
            libpngFailed(p, e.what());
          }
        },
        [](png_structp) {});
    png_set_IHDR(png, info, static_cast<png_uint_32>(field.width),
                 static_cast<png_uint_32>(field.height), 16, PNG_COLOR_TYPE_GRAY,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 1);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB | PNG_FILTER_UP | PNG_FILTER_PAETH);
    png_write_info(png, info);
    std::vector<std::uint8_t> row(static_cast<std::size_t>(field.width) * 2);
    for (int y = 0; y < field.height; ++y) {
      const float* src = field.heights.data() + field.index(0, y);
      for (std::size_t x = 0; x < row.size() / 2; ++x) {
        const std::uint16_t v = heightToGray16(src[x]);
        row[2 * x] = static_cast<std::uint8_t>(v >> 8);
        row[2 * x + 1] = static_cast<std::uint8_t>(v & 0xFF);
      }
      png_write_row(png, row.data());
    }
    png_write_end(png, nullptr);
    png_destroy_write_struct(&png, &info);
  });
}

double secondsOf(const std::function<void()>& f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void BM_HeightmapPng4097Libpng(benchmark::State& state) {
  const Heightfield& field = map4097();
  const std::string path = benchPath("bench_libpng.png");
  for (auto _ : state) writeHeightmapLibpng(path, field);
  state.counters["bytes"] = static_cast<double>(std::filesystem::file_size(path));
  std::filesystem::remove(path);
}
BENCHMARK(BM_HeightmapPng4097Libpng)->Unit(benchmark::kMillisecond)->UseRealTime();

// Arg: threads (0 = every hardware thread).
void BM_HeightmapPng4097(benchmark::State& state) {
  const Heightfield& field = map4097();
  const std::string path = benchPath("bench_new.png");
  const Execution exec{static_cast<int>(state.range(0))};
  for (auto _ : state) writeHeightmapPng(path, field, exec);
  state.counters["bytes"] = static_cast<double>(std::filesystem::file_size(path));
  std::filesystem::remove(path);
}
BENCHMARK(BM_HeightmapPng4097)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_HeightmapPng4097Ratio(benchmark::State& state) {
  const Heightfield& field = map4097();
  const std::string oldPath = benchPath("bench_ratio_libpng.png");
  const std::string newPath = benchPath("bench_ratio_new.png");
  double oldSeconds = 0.0;
  double newSeconds = 0.0;
  for (auto _ : state) {
    oldSeconds += secondsOf([&] { writeHeightmapLibpng(oldPath, field); });
    newSeconds += secondsOf([&] { writeHeightmapPng(newPath, field); });
  }
  const auto n = static_cast<double>(state.iterations());
  state.counters["libpng_ms"] = 1000.0 * oldSeconds / n;
  state.counters["new_ms"] = 1000.0 * newSeconds / n;
  state.counters["speedup"] = oldSeconds / newSeconds;
  state.counters["size_ratio"] = static_cast<double>(std::filesystem::file_size(newPath)) /
                                 static_cast<double>(std::filesystem::file_size(oldPath));
  std::filesystem::remove(oldPath);
  std::filesystem::remove(newPath);
}
BENCHMARK(BM_HeightmapPng4097Ratio)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

}  // namespace
}  // namespace terrain
