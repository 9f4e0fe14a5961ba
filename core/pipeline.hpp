#pragma once
// Runs a document's stages: source, then each enabled modifier in order.
// Each stage's result is cached by its inputs (the source by seed and
// values; a modifier by everything before it and its own values), so
// changing a modifier never re-runs the source, and the look never
// regenerates anything.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/cancel.hpp"
#include "core/document.hpp"
#include "core/heightfield.hpp"
#include "core/stage.hpp"

namespace terrain {

struct PipelineProgress {
  std::string stage;      // the stage's title
  int index = 0;          // 0 = source, 1.. = modifiers
  int count = 1;          // stages in this run
  float fraction = 0.0f;  // of the whole run, 0..1
};

struct PipelineControl {
  Execution exec;
  const CancelToken* cancel = nullptr;
  std::function<void(const PipelineProgress&)> progress;
};

// The final heights. Throws InputError for an invalid document and
// Cancelled when control's flag is raised (within one stage checkpoint).
Heightfield runPipeline(const Document& doc, const PipelineControl& control = {});

// The same with a cache of every stage's result, for the window: a run
// that shares a prefix with the previous one starts where they differ.
class Pipeline {
 public:
  std::shared_ptr<const Heightfield> run(const Document& doc, const PipelineControl& control = {});
  // Stages actually run by the last run() (0 when all came from the cache).
  int stagesRunLastTime() const { return stagesRun_; }
  void clear() { cache_.clear(); }

 private:
  struct Entry {
    std::uint64_t seed = 0;
    World world;
    std::string key;
    ParamValues values;
    std::shared_ptr<const Heightfield> field;
  };
  std::vector<Entry> cache_;  // [0] the source, then the enabled modifiers
  int stagesRun_ = 0;
};

}  // namespace terrain
