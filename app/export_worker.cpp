#include "app/export_worker.hpp"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <utility>

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/export/sidecar.hpp"
#include "core/pipeline.hpp"
#include "core/png_io.hpp"
#include "core/registry.hpp"
#include "core/stage.hpp"

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
    progress_ = ExportProgress{0.0f, "starting", 0, job.outputs.size(), 0, false};
  }
  cancel_.store(false);
  running_.store(true);
  thread_ = std::thread([this, j = std::move(job)]() mutable { run(std::move(j)); });
  return true;
}

void ExportWorker::cancel() {
  if (running_.load()) cancel_.store(true);
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
  const std::size_t files = job.outputs.size() + (job.viewPath.empty() ? 0 : 1);
  float filesFrom = 0.0f;  // where the files' share of the bar starts

  // An engine size: the terrain on screen when the source makes that size
  // from this document, else generated again at it; then fitted.
  std::shared_ptr<const Heightfield> field = job.field;
  Document doc = job.doc;
  std::string engineFit;
  if (job.engineSize != nullptr) {
    const Document sized = documentForSide(job.doc, job.engineSize->side);
    if (sized != job.doc) {
      const int sizedSide = sourceStage(sized.source.key).size(sized.source.values);
      filesFrom = kGenerateShare;
      const std::string what = "generating at " + std::to_string(sizedSide);
      report({0.0f, what, 0, files, 0, true});
      const PipelineControl control{
          job.exec, &cancel_, [&](const PipelineProgress& p) {
            const float stage = (static_cast<float>(p.index) + p.fraction) /
                                static_cast<float>(std::max(p.count, 1));
            report({kGenerateShare * stage, what + ": " + p.stage, 0, files, 0, true});
          }};
      field = std::make_shared<const Heightfield>(runPipeline(sized, control));
    }
    const int generated = field->width;
    FittedMap fitted = fitToSide(*field, job.doc.world, job.engineSize->side, job.fit);
    field = std::make_shared<const Heightfield>(std::move(fitted.field));
    doc.world = fitted.world;
    engineFit = describeFit(*job.engineSize, generated, job.fit);
  }
  const OutputInput input{doc, *field, job.ramp, job.exec, 1280, 400, engineFit};

  ExportOutcome outcome;
  std::size_t index = 0;
  const auto fileShare = (1.0f - filesFrom) / static_cast<float>(std::max<std::size_t>(files, 1));
  const auto writeOne = [&](std::string_view title, const std::string& path, std::size_t expected,
                            const std::function<void()>& writeFile) {
    if (cancel_.load()) throw Cancelled{};
    const float from = filesFrom + fileShare * static_cast<float>(index);
    std::string what(title);
    what.append(", ")
        .append(std::to_string(index + 1))
        .append(" of ")
        .append(std::to_string(files));
    report({from, what, index, files, 0, false});
    std::size_t bytes = 0;
    const WriteCancelScope scope(&cancel_, [&](std::size_t n) {
      bytes += n;
      const float within =
          expected > 0 ? static_cast<float>(bytes) / static_cast<float>(expected) : 0.0f;
      report({from + fileShare * std::min(within, 1.0f), what, index, files, bytes, false});
    });
    writeFile();
    outcome.written.push_back(path);
    ++index;
  };

  try {
    for (const OutputRequest& out : job.outputs) {
      writeOne(out.format->title, out.path, expectedBytes(out, input),
               [&] { out.format->write(out.path, input, out.options); });
    }
    if (!job.viewPath.empty()) {
      writeOne("current view", job.viewPath, 0, [&] { writePngRgb8(job.viewPath, job.view); });
    }
    if (job.sidecar && !job.outputs.empty()) {
      if (const auto sidecar = sidecarPathFor(job.outputs)) {
        if (cancel_.load()) throw Cancelled{};
        const WriteCancelScope scope(&cancel_);
        writeSidecar(*sidecar, input, job.outputs);
        outcome.written.push_back(*sidecar);
      }
    }
  } catch (const Cancelled&) {
    outcome.cancelled = true;
    outcome.message = outcome.written.empty()
                          ? "export cancelled: nothing written"
                          : "export cancelled (already written: " + joined(outcome.written) + ")";
    report(
        {filesFrom + fileShare * static_cast<float>(index), "cancelled", index, files, 0, false});
    return outcome;
  } catch (const std::exception& e) {
    outcome.message = e.what();
    if (!outcome.written.empty()) outcome.message += " (written: " + joined(outcome.written) + ")";
    return outcome;
  }
  report({1.0f, "done", files, files, 0, false});
  outcome.ok = true;
  outcome.message = "wrote " + joined(outcome.written);
  if (!engineFit.empty()) outcome.message += " (" + engineFit + ")";
  return outcome;
}

}  // namespace terrain::app
