#include "app/export_worker.hpp"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <optional>
#include <utility>

#include "core/base/error.hpp"
#include "core/document/pipeline.hpp"
#include "core/export/engine_package.hpp"
#include "core/export/engine_size.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/png_io.hpp"
#include "core/nodes/registry.hpp"
#include "core/nodes/stage.hpp"

namespace terrain::app {
namespace {

// A job that generates its terrain again (an engine size the map on screen
// is not) spends this share of its bar on that; the files share the rest.
constexpr float kGenerateShare = 0.5f;

// Bytes a file will hold when its layout says so exactly (raw samples, no
// header); 0 when only the writer knows (compressed, text): such a file
// moves the bar when it is done.
std::size_t expectedBytes(const OutputRequest& out, const OutputInput& in) {
  if (out.format->layout == nullptr) return 0;
  const FileLayout layout = out.format->layout(in, out.options);
  if (layout.container != "raw") return 0;
  return Heightfield::cellCount(in.field.width, in.field.height) *
         static_cast<std::size_t>(layout.channels) * static_cast<std::size_t>(layout.bitDepth) / 8;
}

// The progress line's name of a plan's file.
std::string fileTitle(const ExportPlan& plan, std::size_t index) {
  if (index < plan.outputs.size()) return std::string(plan.outputs[index].format->title);
  return index == plan.outputs.size() && plan.sidecar ? "sidecar" : "project";
}

// "3 files in /exports: a.png, a.r16, a.png.json" when they share a
// directory (the window's always do), else the paths.
std::string joined(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  const fs::path dir = paths.empty() ? fs::path() : fs::path(paths.front()).parent_path();
  const bool together = std::ranges::all_of(
      paths, [&](const std::string& p) { return fs::path(p).parent_path() == dir; });
  std::string out;
  if (together && paths.size() > 1) {
    out.append(std::to_string(paths.size())).append(" files in ").append(dir.string()).append(": ");
  }
  bool first = true;
  for (const std::string& p : paths) {
    out.append(first ? "" : ", ")
        .append(together && paths.size() > 1 ? fs::path(p).filename().string() : p);
    first = false;
  }
  return out;
}

}  // namespace

ExportWorker::ExportWorker(std::function<void(const ExportProgress&)> onProgress,
                           std::function<void()> onFinished)
    : onProgress_(std::move(onProgress)), onFinished_(std::move(onFinished)) {}

ExportWorker::~ExportWorker() {
  cancel();  // closing the window stops the export at its next write
  if (thread_.joinable()) thread_.join();
}

bool ExportWorker::start(ExportJob job) {
  if (running_.load()) return false;
  if (thread_.joinable()) thread_.join();  // the last job's thread, already done
  {
    std::lock_guard lock(mutex_);
    outcome_.reset();
    progress_ = ExportProgress{0.0f, "starting", 0, plannedFileCount(job.plan), 0, false};
  }
  cancel_.reset();
  running_.store(true);
  thread_ = std::thread([this, j = std::move(job)]() mutable { run(std::move(j)); });
  return true;
}

void ExportWorker::cancel() {
  if (running_.load()) cancel_.cancel();
}

bool ExportWorker::running() const {
  return running_.load();
}

std::optional<ExportProgress> ExportWorker::progress() const {
  std::lock_guard lock(mutex_);
  return progress_;
}

std::optional<ExportOutcome> ExportWorker::takeOutcome() {
  std::lock_guard lock(mutex_);
  std::optional<ExportOutcome> out = std::move(outcome_);
  outcome_.reset();
  return out;
}

void ExportWorker::wait() {
  if (thread_.joinable()) thread_.join();
}

void ExportWorker::report(ExportProgress p) {
  p.fraction = std::clamp(p.fraction, 0.0f, 1.0f);
  {
    std::lock_guard lock(mutex_);
    progress_ = p;
  }
  if (onProgress_) onProgress_(p);
}

void ExportWorker::run(ExportJob job) {
  ExportOutcome outcome;
  try {
    outcome = write(job);
  } catch (const Cancelled&) {  // while generating the engine size's terrain
    outcome.cancelled = true;
    outcome.message = "export cancelled: nothing written";
  } catch (const std::exception& e) {
    outcome.message = e.what();
  } catch (...) {
    outcome.message = "unexpected error";
  }
  {
    std::lock_guard lock(mutex_);
    outcome_ = std::move(outcome);
  }
  running_.store(false);
  if (onFinished_) onFinished_();
}

ExportOutcome ExportWorker::write(ExportJob& job) {
  if (!job.field) throw InputError("nothing to export yet");
  const ExportPlan& plan = job.plan;
  const std::size_t files = plannedFileCount(plan);
  // Where the files' share of the bar starts: after the generation, if any.
  const float filesFrom = plansGeneration(plan, job.doc, true) ? kGenerateShare : 0.0f;
  const PlannedTerrain terrain = makeTerrain(job, files);
  OutputInput input{terrain.doc, *terrain.field, job.ramp, job.exec};
  input.engineFit = terrain.engineFit;
  input.outputNode = plan.outputNode;  // the sidecar names the node written
  input.view = &job.view;

  ExportOutcome outcome;
  std::size_t current = 0;
  const auto fileShare = (1.0f - filesFrom) / static_cast<float>(std::max<std::size_t>(files, 1));
  PlanEvents events;
  events.cancel = &cancel_;
  events.writing = [&](std::size_t index, std::size_t bytes) {
    current = index;
    const std::string what =
        fileTitle(plan, index) + ", " + std::to_string(index + 1) + " of " + std::to_string(files);
    const std::size_t expected =
        index < plan.outputs.size() ? expectedBytes(plan.outputs[index], input) : 0;
    const float within =
        expected > 0 ? static_cast<float>(bytes) / static_cast<float>(expected) : 0.0f;
    report({filesFrom + fileShare * (static_cast<float>(index) + std::min(within, 1.0f)), what,
            index, files, bytes, false});
  };
  events.written = [&](std::size_t, const std::string& path) { outcome.written.push_back(path); };
  try {
    std::optional<NoReplaceScope> keepExisting;
    if (job.keepExisting) keepExisting.emplace();
    writePlan(plan, job.doc, input, events);
    if (job.terrain3dScript) {  // Godot's: names the files just written
      writeTerrain3dScript(*job.terrain3dScript, plan.outputs, input);
      outcome.written.push_back(*job.terrain3dScript);
    }
  } catch (const Cancelled&) {
    outcome.cancelled = true;
    outcome.message = outcome.written.empty()
                          ? "export cancelled: nothing written"
                          : "export cancelled (already written: " + joined(outcome.written) + ")";
    report({filesFrom + fileShare * static_cast<float>(current), "cancelled", current, files, 0,
            false});
    return outcome;
  } catch (const std::exception& e) {
    outcome.message = e.what();
    if (!outcome.written.empty()) outcome.message += " (written: " + joined(outcome.written) + ")";
    return outcome;
  }
  report({1.0f, "done", files, files, 0, false});
  outcome.ok = true;
  outcome.message = "wrote " + joined(outcome.written);
  if (!terrain.engineFit.empty()) outcome.message += " (" + terrain.engineFit + ")";
  return outcome;
}

// The terrain on screen, or generated again at the engine size (the first
// share of the bar), then fitted.
PlannedTerrain ExportWorker::makeTerrain(const ExportJob& job, std::size_t files) {
  std::string what;
  if (plansGeneration(job.plan, job.doc, true)) {  // an engine size, or a node of the graph
    const Document sized = job.plan.engineSize != nullptr
                               ? documentForSide(job.doc, job.plan.engineSize->side)
                               : job.doc;
    what = "generating at " + std::to_string(documentSize(sized));
    report({0.0f, what, 0, files, 0, true});
  }
  const PipelineControl control{
      job.exec, &cancel_, [&](const PipelineProgress& p) {
        const float stage =
            (static_cast<float>(p.index) + p.fraction) / static_cast<float>(std::max(p.count, 1));
        report({kGenerateShare * stage, what + ": " + p.stage, 0, files, 0, true});
      }};
  if (job.plan.engineSize != nullptr && !plansGeneration(job.plan, job.doc, true)) {
    // No generation: the bar says what the job does before its first file
    // rather than "starting" (a fit of a large map is seconds).
    const EngineSize& size = *job.plan.engineSize;
    report({0.0f,
            std::string(job.plan.fit == FitMode::Crop ? "cropping" : "resampling") + " to " +
                std::string(size.engine) + " " + std::to_string(size.side),
            0, files, 0, false});
  }
  return planTerrain(job.plan, job.doc, job.field, control);
}

}  // namespace terrain::app
