// Bytes -> the import's raster readers (readRasterHeader, readRaster,
// readRasterWindow: what an import node does with a file), through GDAL's
// GeoTIFF, ASCII grid, PNG and VRT drivers and our raw readers (issue 37).
// The first byte picks the file's kind, the rest is the file. A VRT may name
// "part.asc", a small grid written beside it, or anything else: every file
// it names is checked before GDAL opens it. InputError / IoError are the
// contract for a bad file; anything else that escapes is a bug and crashes,
// and so does a read that returns a sample that is not a finite number, or
// a file GDAL lists that the checks before it did not approve.
#include <cpl_conv.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <string_view>

#include "core/base/error.hpp"
#include "core/io/raster_files.hpp"
#include "core/io/raster_input.hpp"
#include "tests/fuzz/fuzz_support.hpp"

namespace {

// Every code path is reached by small rasters; larger ones are read for
// their header only, so ASan's quarantine of freed reads stays small.
constexpr std::int64_t kMaxFuzzSamples = std::int64_t{1} << 16;

// The kinds of file, by the first byte: 0 dem.tif, 1 dem.vrt, 2 dem.asc,
// 3 dem.png, 4 dem.r16, 5 dem.r32.
constexpr std::array<std::string_view, 6> kNames = {"dem.tif", "dem.vrt", "dem.asc",
                                                    "dem.png", "dem.r16", "dem.r32"};

// A refusal is the contract, but not the last line of defence's: GDAL
// listing a file the checks did not approve means they read the VRT apart
// from GDAL, a bug even though the read was stopped.
template <typename F>
void expectInputOrIoError(F&& read) {
  try {
    read();
  } catch (const terrain::UnapprovedRasterFile&) {
    __builtin_trap();
  } catch (const terrain::InputError&) {
  } catch (const terrain::IoError&) {
  }
}

void checkRead(const terrain::Raster& r) {
  for (const float v : r.values) {
    if (!std::isfinite(v)) __builtin_trap();  // no-data must be filled, inf never kept
  }
}

}  // namespace

// Freed reads held back by ASan count in the resident memory run_fuzzers.sh
// caps (512 MiB): a smaller quarantine keeps GDAL's buffers under it.
extern "C" const char* __asan_default_options() {
  return "quarantine_size_mb=32";
}

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  CPLSetConfigOption("GDAL_CACHEMAX", "8");  // MiB
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  using terrain::fuzz::ScratchFile;
  static ScratchFile tif("dem.tif"), vrt("dem.vrt"), asc("dem.asc"), png("dem.png"), r16("dem.r16"),
      r32("dem.r32");
  static const std::array<ScratchFile*, kNames.size()> files = {&tif, &vrt, &asc, &png, &r16, &r32};
  const std::size_t kind = data[0] % kNames.size();
  terrain::fuzz::ScratchFile& file = *files[kind];
  // The part a VRT seed names, beside it.
  static const bool partWritten = [] {
    const std::filesystem::path folder = std::filesystem::path(files[1]->write({})).parent_path();
    std::ofstream(folder / "part.asc") << "ncols 4\nnrows 4\nxllcorner 0\nyllcorner 0\n"
                                          "cellsize 30\n1 2 3 4\n5 6 7 8\n9 10 11 12\n"
                                          "13 14 15 16\n";
    return true;
  }();
  (void)partWritten;
  const std::string& path = file.write(std::span<const std::uint8_t>(data + 1, size - 1));
  expectInputOrIoError([&] {
    const terrain::Raster header = terrain::readRasterHeader(path);
    if (std::int64_t{header.width} * header.height > kMaxFuzzSamples) return;
    const terrain::Raster whole = terrain::readRaster(path);
    checkRead(whole);
    if (const auto part = terrain::readRasterWindow(path, 0, 0, std::min(whole.width, 3),
                                                    std::min(whole.height, 3))) {
      checkRead(*part);
    }
  });
  return 0;
}
