#pragma once
// A monotone priority queue of cells keyed by height, for the priority-flood
// passes (the lake fill of core/hydrology/depression_fill.cpp, the water bodies of
// core/hydrology/water.cpp): both pop cells in the order of their heights.
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

namespace terrain {

// Float heights as unsigned keys in the same order (-0 as +0), for the
// radix heap.
inline std::uint32_t orderKey(float height) {
  if (height == 0.0f) height = 0.0f;
  std::uint32_t bits = 0;
  std::memcpy(&bits, &height, sizeof bits);
  return (bits & 0x80000000U) != 0 ? ~bits : bits | 0x80000000U;
}

// A monotone priority queue (Ahuja et al. 1990): every key pushed is at
// least the last key popped, which priority-flood guarantees. A bucket per
// highest differing bit from the last key popped; a pop empties the lowest
// non-empty bucket into the ones below. No comparisons of a binary heap,
// and amortised O(1) per cell in practice.
class RadixHeap {
 public:
  bool empty() const { return size_ == 0; }
  void push(std::uint32_t key, std::int32_t cell) {
    buckets_[bucketOf(key)].push_back({key, cell});
    ++size_;
  }
  std::int32_t pop() {
    std::uint32_t key = 0;
    return pop(key);
  }
  // The same, giving the cell's key too (saves reading it back elsewhere).
  std::int32_t pop(std::uint32_t& key) {
    if (buckets_[0].empty()) refill();
    const Item item = buckets_[0].back();
    buckets_[0].pop_back();
    --size_;
    key = item.key;
    return item.cell;
  }

 private:
  struct Item {
    std::uint32_t key;
    std::int32_t cell;
  };
  std::size_t bucketOf(std::uint32_t key) const {
    return key == last_ ? 0 : static_cast<std::size_t>(32 - std::countl_zero(key ^ last_));
  }
  void refill() {
    std::size_t b = 1;
    while (buckets_[b].empty()) ++b;
    std::vector<Item>& bucket = buckets_[b];
    std::uint32_t low = bucket.front().key;
    for (const Item& item : bucket) low = std::min(low, item.key);
    last_ = low;
    for (const Item& item : bucket) buckets_[bucketOf(item.key)].push_back(item);
    bucket.clear();
  }

  std::array<std::vector<Item>, 33> buckets_;
  std::uint32_t last_ = 0;
  std::size_t size_ = 0;
};

}  // namespace terrain
