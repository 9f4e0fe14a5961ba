#include "core/pipeline.hpp"

#include "core/registry.hpp"

namespace terrain {
namespace {

struct StageRun {
  const Stage* stage;
  const ModifierSettings* modifier;  // nullptr for the source
};

std::vector<StageRun> stagesOf(const Document& doc) {
  std::vector<StageRun> runs{{&sourceStage(doc.source.key), nullptr}};
  for (const ModifierSettings& m : doc.modifiers) {
    if (m.enabled) runs.push_back({&modifierStage(m.key), &m});
  }
  return runs;
}

RunControl stageControl(const PipelineControl& control, const std::vector<StageRun>& runs,
                        std::size_t index) {
  RunControl rc{control.exec, control.cancel, {}};
  if (control.progress) {
    const auto count = static_cast<int>(runs.size());
    const std::string title(runs[index].stage->title());
    rc.progress = [&control, title, index, count](float fraction) {
      const float whole = (static_cast<float>(index) + fraction) / static_cast<float>(count);
      control.progress({title, static_cast<int>(index), count, whole});
    };
  }
  return rc;
}

Heightfield runStage(const Document& doc, const StageRun& run, Heightfield input,
                     const RunControl& rc) {
  if (run.modifier == nullptr) {
    return static_cast<const SourceStage*>(run.stage)->generate(doc.seed, doc.source.values, rc);
  }
  return static_cast<const ModifierStage*>(run.stage)->apply(
      std::move(input), StageContext{doc.seed, doc.world}, run.modifier->values, rc);
}

}  // namespace

Heightfield runPipeline(const Document& doc, const PipelineControl& control) {
  validate(doc);
  const auto runs = stagesOf(doc);
  Heightfield field;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const RunControl rc = stageControl(control, runs, i);
    rc.checkpoint(0.0f);
    field = runStage(doc, runs[i], std::move(field), rc);
  }
  return field;
}

std::shared_ptr<const Heightfield> Pipeline::run(const Document& doc,
                                                 const PipelineControl& control) {
  validate(doc);
  const auto runs = stagesOf(doc);
  stagesRun_ = 0;
  // Keep the longest cached prefix whose every stage has the same inputs.
  std::size_t valid = 0;
  for (; valid < runs.size() && valid < cache_.size(); ++valid) {
    const Entry& e = cache_[valid];
    const bool isSource = runs[valid].modifier == nullptr;
    const ParamValues& values = isSource ? doc.source.values : runs[valid].modifier->values;
    // Every stage may draw from the seed, so a new seed runs them all;
    // modifiers measure in the world's metres, sources do not.
    const bool worldChanged = !isSource && e.world != doc.world;
    if (e.key != runs[valid].stage->key() || e.values != values || e.seed != doc.seed ||
        worldChanged) {
      break;
    }
  }
  cache_.resize(valid);
  for (std::size_t i = valid; i < runs.size(); ++i) {
    const RunControl rc = stageControl(control, runs, i);
    rc.checkpoint(0.0f);
    // A modifier takes its own copy: the cached input stays for the next run.
    Heightfield input = i > 0 ? *cache_[i - 1].field : Heightfield{};
    auto field = std::make_shared<const Heightfield>(runStage(doc, runs[i], std::move(input), rc));
    const bool isSource = runs[i].modifier == nullptr;
    cache_.push_back({doc.seed, doc.world, std::string(runs[i].stage->key()),
                      isSource ? doc.source.values : runs[i].modifier->values, std::move(field)});
    ++stagesRun_;
  }
  return cache_.back().field;
}

}  // namespace terrain
