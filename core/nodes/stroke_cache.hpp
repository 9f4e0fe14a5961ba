#pragma once
// A brush node's last run, all but its last stroke applied: while a stroke
// is being drawn every mouse move changes only the last stroke, so the
// next run starts from here and applies that one stroke, whatever the
// number before it (the same bits as applying them all: the strokes apply
// in order). A few entries per node type, the newest first, so the seed
// gallery's small runs of the same node do not push out the stroke's; each
// holds its input, so the input is never moved out from under it (takePort
// copies a shared value).
#include <algorithm>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>

#include "core/graph/node_type.hpp"
#include "core/strokes/strokes.hpp"

namespace terrain {

class StrokePrefixCache {
 public:
  // Maps larger than this are not kept (an export, not a stroke being drawn).
  static constexpr std::size_t kMaxCells = std::size_t{2049} * 2049;

  struct Key {
    PortValue input;
    StrokeGrid grid;
    double heightRange = 0.0;
    bool operator==(const Key& o) const {
      return input == o.input && grid.width == o.grid.width && grid.height == o.grid.height &&
             grid.originX == o.grid.originX && grid.originY == o.grid.originY &&
             grid.cellMetres == o.grid.cellMetres && grid.wraps == o.grid.wraps &&
             grid.worldMetres == o.grid.worldMetres && heightRange == o.heightRange;
    }
  };

  // The map with `strokes` but the last applied, when this is the run after
  // one with the same input, grid and earlier strokes; nullopt otherwise.
  std::optional<Heightfield> find(const Key& key, const Strokes& strokes) const {
    if (strokes.empty()) return std::nullopt;
    const std::lock_guard lock(mutex_);
    for (const Entry& e : held_) {
      if (e.key == key && e.prefix.size() == strokes.size() - 1 &&
          std::equal(e.prefix.begin(), e.prefix.end(), strokes.begin())) {
        return e.field;
      }
    }
    return std::nullopt;
  }

  // Keeps `field`, `strokes` but the last applied to `key.input`. Not for
  // a single stroke: before it the map is the input (or a blank mask), as
  // quickly made again as copied, and a copy held would be a map more at
  // the run's peak (issue 37: an 80,000-point stroke within 2x the map's).
  void keep(Key key, const Strokes& strokes, const Heightfield& field) {
    if (strokes.size() < 2 || field.size() > kMaxCells) return;
    Entry entry{std::move(key), Strokes(strokes.begin(), strokes.end() - 1), field};
    const std::lock_guard lock(mutex_);
    std::erase_if(held_, [&](const Entry& e) { return e.key == entry.key; });
    held_.push_front(std::move(entry));
    if (held_.size() > kEntries) held_.pop_back();
  }

 private:
  struct Entry {
    Key key;
    Strokes prefix;
    Heightfield field;
  };
  static constexpr std::size_t kEntries = 4;
  mutable std::mutex mutex_;
  std::deque<Entry> held_;
};

}  // namespace terrain
