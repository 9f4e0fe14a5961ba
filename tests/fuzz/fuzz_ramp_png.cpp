// Bytes -> the colour-ramp PNG loader (ColorRamp::fromPng, as `export --ramp
// FILE.png` and the window's settings use it), then the PNG readers under it.
// InputError / IoError are the contract for a bad file; anything else that
// escapes (std::bad_alloc, std::invalid_argument, ...) is a bug and crashes.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/base/error.hpp"
#include "core/io/png_io.hpp"
#include "core/look/color.hpp"
#include "tests/fuzz/fuzz_support.hpp"

namespace {

// The generic readers default to 2^28 pixels (1 GiB of RGBA rows), over
// run_fuzzers.sh's -malloc_limit_mb; a million pixels still reaches every
// code path (libpng's own side limit is also a million).
constexpr std::int64_t kMaxGenericPixels = std::int64_t{1} << 20;

std::uint32_t crc32(const std::uint8_t* data, std::size_t size) {
  static const auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t n = 0; n < 256; ++n) {
      std::uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = (c & 1U) != 0 ? 0xEDB88320U ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xFFFFFFFFU;
  for (std::size_t i = 0; i < size; ++i) c = table[(c ^ data[i]) & 0xFFU] ^ (c >> 8);
  return c ^ 0xFFFFFFFFU;
}

// A copy whose chunk CRCs are all correct, so mutated headers and pixel data
// get past libpng's CRC check and reach the decoder (random bytes almost
// never carry a matching CRC). Stops at the first chunk that runs off the end.
std::vector<std::uint8_t> withValidCrcs(std::span<const std::uint8_t> bytes) {
  std::vector<std::uint8_t> out(bytes.begin(), bytes.end());
  std::size_t at = 8;  // after the signature
  while (at + 12 <= out.size()) {
    const std::size_t length = (std::size_t{out[at]} << 24) | (std::size_t{out[at + 1]} << 16) |
                               (std::size_t{out[at + 2]} << 8) | std::size_t{out[at + 3]};
    if (length > out.size() - at - 12) break;
    const std::uint32_t crc = crc32(out.data() + at + 4, length + 4);  // type + data
    std::uint8_t* field = out.data() + at + 8 + length;
    field[0] = static_cast<std::uint8_t>(crc >> 24);
    field[1] = static_cast<std::uint8_t>(crc >> 16);
    field[2] = static_cast<std::uint8_t>(crc >> 8);
    field[3] = static_cast<std::uint8_t>(crc);
    at += 12 + length;
  }
  return out;
}

// What the exporter and the renderer do with a loaded ramp.
void useRamp(const terrain::ColorRamp& ramp) {
  for (float h : {0.0f, 0.29f, 0.3f, 0.5f, 1.0f}) (void)ramp.colorAt(h, 0.3f);
  const terrain::ColorLookup lookup(ramp, 0.3f, 64);
  for (float h : {0.0f, 0.3f, 0.7f, 1.0f}) (void)lookup(h);
}

template <typename F>
void expectInputOrIoError(F&& load) {
  try {
    load();
  } catch (const terrain::InputError&) {
  } catch (const terrain::IoError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static terrain::fuzz::ScratchFile scratch("ramp.png");
  const std::span<const std::uint8_t> bytes(data, size);

  // The real path: a file on disk, bytes as given (CRC errors included).
  const std::string& path = scratch.write(bytes);
  expectInputOrIoError([&] { useRamp(terrain::ColorRamp::fromPng(path)); });

  // With the CRCs repaired, so the decoder sees the mutations: in memory,
  // and the heightmap reader (which takes a path) from the file.
  const std::vector<std::uint8_t> fixed = withValidCrcs(bytes);
  scratch.write(fixed);
  expectInputOrIoError([&] { (void)terrain::readPngGray16(path, kMaxGenericPixels); });
  expectInputOrIoError([&] { useRamp(terrain::ColorRamp::fromPngData(fixed, "fuzz")); });
  expectInputOrIoError([&] {
    const terrain::RgbImage image = terrain::readPngRgb8(fixed, "fuzz", {}, kMaxGenericPixels);
    if (image.pixels.size() !=
        static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 3) {
      __builtin_trap();  // a reader returned an image whose size lies
    }
  });
  return 0;
}
