#pragma once
// The one random source of core: counter-based, so a value is a pure
// function of (seed, stream, position). No state, no call order, no
// std:: distributions: the same bits on every machine and thread count.
#include <cstdint>

namespace terrain {

// SplitMix64's finaliser: a bijective 64-bit mixer with full avalanche.
constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Packs a 2D lattice position into one counter; coordinates < 2^32.
constexpr std::uint64_t latticeIndex(std::uint64_t x, std::uint64_t y) {
  return (y << 32) | x;
}

// One independent stream of random values, e.g. one refinement level of a
// generator. Cheap to build; values are looked up by index.
class RandomStream {
 public:
  constexpr RandomStream(std::uint64_t seed, std::uint64_t stream)
      : key_(mix64(seed ^ mix64(stream + 0x632be59bd9b4e019ULL))) {}

  constexpr std::uint64_t bits(std::uint64_t index) const {
    return mix64(key_ + index * 0x9e3779b97f4a7c15ULL);
  }
  // Uniform in [0, 1), 53 significant bits.
  constexpr double uniform(std::uint64_t index) const {
    return static_cast<double>(bits(index) >> 11) * 0x1.0p-53;
  }
  // Uniform in [-1, 1), 24 significant bits: exact in float.
  constexpr float signedUnit(std::uint64_t index) const {
    return static_cast<float>(static_cast<std::int64_t>(bits(index) >> 40) - (1LL << 23)) *
           0x1.0p-23f;
  }
  // Uniform integer in [0, n) by multiply-high (bias below 2^-32 for n < 2^32).
  constexpr std::uint32_t below(std::uint64_t index, std::uint32_t n) const {
    return static_cast<std::uint32_t>(((bits(index) >> 32) * n) >> 32);
  }
  // A fair coin per index; 64 coins per hash for the hot loops that want them.
  constexpr bool coin(std::uint64_t index) const { return (bits(index >> 6) >> (index & 63)) & 1U; }

 private:
  std::uint64_t key_;
};

}  // namespace terrain
