#pragma once
// The window's export, off the UI thread: one job's plan is carried out by
// the same code as `terrain-explorer export` (core/export/export_plan.hpp),
// while the UI keeps drawing and shows progress.
// Cancel stops the file being written at its next write (its temporary is
// removed, the file it would replace is left as it was: see
// core/io/atomic_file.hpp's WriteCancelScope) and writes nothing after it;
// files finished before the cancel stay, and the outcome names them.
// One job at a time; the destructor cancels a running job and joins it.
#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/document/document.hpp"
#include "core/export/export_plan.hpp"
#include "core/look/color.hpp"
#include "core/look/image.hpp"

namespace terrain::app {

// Everything one export needs, held by value (or shared, never changed), so
// the window may change its document or show a new terrain meanwhile.
struct ExportJob {
  Document doc;                              // the document on screen
  std::shared_ptr<const Heightfield> field;  // its terrain, already computed
  ColorRamp ramp = ColorRamp::grayscale();   // the look's ramp, loaded
  // The files, the sidecar and the engine size (core/export/export_plan.hpp):
  // the terrain is generated again only when the one on screen is not the
  // size the source makes for the engine size.
  ExportPlan plan;
  // The rendered view for the plan's view output (made on the UI thread,
  // which owns GL).
  RgbImage view;
  Execution exec;
  // The window's names were chosen free (window_export.cpp): a file made
  // under one since (another window's export racing for it) is kept, and
  // this job's write of it fails (core/io/atomic_file.hpp's NoReplaceScope).
  bool keepExisting = false;
  // The engine's package is Godot's: its import script, written after the
  // files it names (core/export/engine_package.hpp).
  std::optional<std::string> terrain3dScript;
};

struct ExportProgress {
  float fraction = 0.0f;  // 0..1 of the whole job
  std::string what;       // "generating at 1025", "heightmap (16-bit PNG), 2 of 5"
  std::size_t file = 0;   // the file being written, 0-based (of files)
  std::size_t files = 0;
  std::size_t fileBytes = 0;  // written so far of that file
  bool generating = false;    // the engine size's terrain is being generated
};

struct ExportOutcome {
  bool ok = false;
  bool cancelled = false;
  std::vector<std::string> written;  // complete files, in the order written
  std::string message;               // for the status line: what was written, or why not
};

class ExportWorker {
 public:
  // onProgress runs on the export's thread at each step (each write of a
  // file, so it must be cheap; it may call cancel()); onFinished after the
  // outcome is ready (e.g. to wake the UI's event wait).
  explicit ExportWorker(std::function<void(const ExportProgress&)> onProgress = {},
                        std::function<void()> onFinished = {});
  ~ExportWorker();
  ExportWorker(const ExportWorker&) = delete;
  ExportWorker& operator=(const ExportWorker&) = delete;

  // Starts the job on a thread of its own; false (and nothing starts) while
  // another runs.
  bool start(ExportJob job);
  // Asks the running job to stop at its next write or checkpoint.
  void cancel();
  // A cancel was asked for the running job (it may not have stopped yet).
  bool cancelRequested() const { return cancel_.cancelled(); }
  bool running() const;
  // Where the running (or last) job is.
  std::optional<ExportProgress> progress() const;
  // The finished job's outcome, once; nullopt while running or when taken.
  std::optional<ExportOutcome> takeOutcome();
  // Blocks until the running job (if any) ends.
  void wait();

 private:
  void run(ExportJob job);
  ExportOutcome write(ExportJob& job);
  PlannedTerrain makeTerrain(const ExportJob& job, std::size_t files);
  void report(ExportProgress p);

  std::function<void(const ExportProgress&)> onProgress_;
  std::function<void()> onFinished_;
  mutable std::mutex mutex_;
  CancelToken cancel_;
  std::atomic<bool> running_{false};
  std::optional<ExportProgress> progress_;
  std::optional<ExportOutcome> outcome_;
  std::thread thread_;
};

}  // namespace terrain::app
