// The window's export worker: writes in the background with progress, and a
// cancel (or closing the window) leaves no temporary behind and never
// destroys a file it would have replaced.
#include "app/export_worker.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <future>
#include <iterator>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "core/document/pipeline.hpp"
#include "core/export/engine_size.hpp"
#include "core/export/outputs.hpp"
#include "core/export/raw16.hpp"
#include "core/export/sidecar.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/files.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain::app {
namespace {

using namespace std::chrono_literals;

using terrain::testing::readAll;

void writeBytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

class ExportWorkerTest : public testing::ScratchDirTest {
 protected:
  // A job for a diamond-square map of `size` on screen, writing `formats`
  // as <dir>/t<suffix>.
  ExportJob job(int size, const std::vector<std::string_view>& formats) const {
    ExportJob j;
    j.doc = testing::docWith("diamond-square", {{"size", size}}, 5);
    j.field = std::make_shared<const Heightfield>(runPipeline(j.doc));
    for (const std::string_view key : formats) {
      const OutputFormat* format = findOutputFormat(key);
      j.plan.outputs.push_back(
          {format, path(std::string("t").append(format->fileSuffix)), format->options.defaults});
    }
    j.plan.sidecar = sidecarPathFor(j.plan.outputs);
    return j;
  }

  std::vector<std::string> hiddenEntries() const {
    std::vector<std::string> hidden;
    for (const std::string& name : entries()) {
      if (name.starts_with(".")) hidden.push_back(name);
    }
    return hidden;
  }
};

TEST_F(ExportWorkerTest, WritesInTheBackgroundAndItsProgressClimbsToOne) {
  // The first report waits until the test has seen start() return: the
  // export runs on its own thread, not on the caller's.
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::vector<float> fractions;  // on the export's thread only
  ExportWorker worker([&](const ExportProgress& p) {
    if (fractions.empty()) released.wait();
    fractions.push_back(p.fraction);
  });
  ExportJob j = job(257, {"heightmap", "r16", "raw", "color"});
  const OutputInput input{j.doc, *j.field, j.ramp, {}};
  ASSERT_TRUE(worker.start(j));
  EXPECT_TRUE(worker.running());
  EXPECT_FALSE(worker.start(j)) << "a second export while one runs";
  EXPECT_FALSE(worker.takeOutcome().has_value());
  release.set_value();
  worker.wait();
  EXPECT_FALSE(worker.running());

  const auto outcome = worker.takeOutcome();
  ASSERT_TRUE(outcome.has_value());
  EXPECT_TRUE(outcome->ok) << outcome->message;
  EXPECT_FALSE(outcome->cancelled);
  ASSERT_EQ(outcome->written.size(), 5u) << "four files and the sidecar";
  EXPECT_EQ(outcome->written.back(), path("t-height16.png.json"));
  EXPECT_NE(outcome->message.find("5 files in " + dir_.string() + ": t-height16.png, t-height.r16"),
            std::string::npos)
      << outcome->message;
  // The same bytes as the table's writers give on the calling thread.
  for (const OutputRequest& out : j.plan.outputs) {
    const std::string direct = path(std::string("direct").append(out.format->fileSuffix));
    out.format->write(direct, input, out.options);
    EXPECT_EQ(readAll(out.path), readAll(direct)) << out.path;
  }
  ASSERT_TRUE(worker.progress().has_value());
  EXPECT_EQ(worker.progress()->fraction, 1.0f);
  ASSERT_GE(fractions.size(), 5u);
  EXPECT_TRUE(std::is_sorted(fractions.begin(), fractions.end()));
  EXPECT_EQ(fractions.back(), 1.0f);
  // Within the raw files the bar moves by bytes written, not only per file.
  EXPECT_GT(std::count_if(fractions.begin(), fractions.end(),
                          [](float f) { return f > 0.25f && f < 1.0f; }),
            2);
  EXPECT_TRUE(hiddenEntries().empty());
  EXPECT_FALSE(worker.takeOutcome().has_value()) << "an outcome is taken once";
}

TEST_F(ExportWorkerTest, CancelMidFileLeavesNoTemporaryAndKeepsTheFileItWouldReplace) {
  ExportJob j = job(513, {"heightmap", "r16", "raw"});
  const std::string old = "the designer's earlier r16, not to be lost";
  writeBytes(path("t-height.r16"), old);
  ExportWorker* self = nullptr;
  // Cancel as soon as the second file has bytes in its temporary.
  ExportWorker worker([&](const ExportProgress& p) {
    if (p.file == 1 && p.fileBytes > 0) self->cancel();
  });
  self = &worker;
  ASSERT_TRUE(worker.start(j));
  worker.wait();
  const auto outcome = worker.takeOutcome();
  ASSERT_TRUE(outcome.has_value());
  EXPECT_FALSE(outcome->ok);
  EXPECT_TRUE(outcome->cancelled);
  EXPECT_EQ(outcome->written, std::vector<std::string>{path("t-height16.png")});
  EXPECT_NE(outcome->message.find("cancelled"), std::string::npos) << outcome->message;
  EXPECT_NE(outcome->message.find("t-height16.png"), std::string::npos) << outcome->message;
  EXPECT_EQ(readAll(path("t-height.r16")), old);
  EXPECT_EQ(entries(), (std::vector<std::string>{"t-height.r16", "t-height16.png"}))
      << "no temporary, no later file, no sidecar";
  EXPECT_LT(worker.progress()->fraction, 1.0f);

  // The next export after a cancel runs in full.
  ExportWorker again;
  ASSERT_TRUE(again.start(j));
  again.wait();
  EXPECT_TRUE(again.takeOutcome()->ok);
  EXPECT_EQ(readAll(path("t-height.r16")).size(), 513u * 513u * 2u);
}

TEST_F(ExportWorkerTest, ClosingWhileExportingCancelsAndJoins) {
  ExportJob j = job(513, {"r16", "obj"});
  const std::string old = "an earlier mesh";
  writeBytes(path("t-mesh.obj"), old);
  const ExportWorker* raw = nullptr;
  std::promise<void> writing;
  bool signalled = false;
  // Hold the first file's writer until the destructor has asked to cancel.
  auto worker = std::make_unique<ExportWorker>([&](const ExportProgress& p) {
    if (p.fileBytes == 0 || signalled) return;
    signalled = true;
    writing.set_value();
    while (!raw->cancelRequested()) std::this_thread::sleep_for(1ms);
  });
  raw = worker.get();
  ASSERT_TRUE(worker->start(j));
  writing.get_future().wait();
  const auto start = std::chrono::steady_clock::now();
  worker.reset();  // the window closes: cancel, join
  EXPECT_LT(std::chrono::steady_clock::now() - start, 5s);
  EXPECT_TRUE(hiddenEntries().empty());
  EXPECT_EQ(entries(), std::vector<std::string>{"t-mesh.obj"}) << "the r16 was discarded";
  EXPECT_EQ(readAll(path("t-mesh.obj")), old);
}

TEST_F(ExportWorkerTest, AnEngineSizeFitsTheMapOnScreenOrGeneratesItAgain) {
  // On screen at 1025: unreal-1009 crops it, no generation.
  {
    std::vector<ExportProgress> seen;
    ExportWorker worker([&](const ExportProgress& p) { seen.push_back(p); });
    ExportJob j = job(1025, {"r16"});
    j.plan.engineSize = &engineSize("unreal-1009");
    const Heightfield shown = *j.field;
    ASSERT_TRUE(worker.start(j));
    worker.wait();
    const auto outcome = worker.takeOutcome();
    ASSERT_TRUE(outcome && outcome->ok) << (outcome ? outcome->message : "");
    EXPECT_TRUE(std::none_of(seen.begin(), seen.end(),
                             [](const ExportProgress& p) { return p.generating; }));
    // The bar names the fit before the first file (issue 38: a large
    // export read "starting" until its first file).
    ASSERT_FALSE(seen.empty());
    EXPECT_EQ(seen.front().what, "cropping to Unreal 1009");
    const FittedMap fitted = fitToSide(shown, j.doc.world, 1009, FitMode::Crop);
    writeRaw16(path("expected.r16"), fitted.field, false);
    EXPECT_EQ(readAll(path("t-height.r16")), readAll(path("expected.r16")));
    const std::string sidecar = readAll(path("t-height.r16.json"));
    EXPECT_NE(sidecar.find("unreal-1009: generated at 1025, cropped"), std::string::npos)
        << sidecar;
    EXPECT_NE(sidecar.find("\"width\": 1009"), std::string::npos) << sidecar;
  }
  // On screen at 129: unity-257 needs the map generated again at 257.
  {
    std::vector<ExportProgress> seen;
    ExportWorker worker([&](const ExportProgress& p) { seen.push_back(p); });
    ExportJob j = job(129, {"r16"});
    j.plan.engineSize = &engineSize("unity-257");
    j.plan.fit = FitMode::Resample;
    ASSERT_TRUE(worker.start(j));
    worker.wait();
    const auto outcome = worker.takeOutcome();
    ASSERT_TRUE(outcome && outcome->ok) << (outcome ? outcome->message : "");
    EXPECT_TRUE(std::any_of(seen.begin(), seen.end(),
                            [](const ExportProgress& p) { return p.generating; }));
    const Heightfield generated = runPipeline(documentForSide(j.doc, 257));
    writeRaw16(path("expected.r16"), generated, false);
    EXPECT_EQ(readAll(path("t-height.r16")), readAll(path("expected.r16")));
    EXPECT_NE(readAll(path("t-height.r16.json")).find("unity-257: generated at 257, kept"),
              std::string::npos);
  }
}

TEST_F(ExportWorkerTest, AFailedWriteSaysWhyAndWhatWasWritten) {
  ExportJob j = job(65, {"heightmap", "r16"});
  j.plan.outputs[1].path = path("missing/t.r16");
  ExportWorker worker;
  ASSERT_TRUE(worker.start(j));
  worker.wait();
  const auto outcome = worker.takeOutcome();
  ASSERT_TRUE(outcome.has_value());
  EXPECT_FALSE(outcome->ok);
  EXPECT_FALSE(outcome->cancelled);
  EXPECT_NE(outcome->message.find("missing/t.r16"), std::string::npos) << outcome->message;
  EXPECT_NE(outcome->message.find(std::string("written: ").append(path("t-height16.png"))),
            std::string::npos)
      << outcome->message;
  EXPECT_TRUE(hiddenEntries().empty());
}

// The window's names are chosen free; a file another export makes under
// one before this job writes it is kept, and the job says which it could
// not write (before: replaced, the other window's export lost).
TEST_F(ExportWorkerTest, AWindowsJobNeverReplacesAFileMadeUnderItsNameMeanwhile) {
  ExportJob j = job(65, {"heightmap", "r16"});
  j.keepExisting = true;
  const std::string other = "another window's r16, made after the names were chosen";
  writeBytes(path("t-height.r16"), other);
  ExportWorker worker;
  ASSERT_TRUE(worker.start(j));
  worker.wait();
  const auto outcome = worker.takeOutcome();
  ASSERT_TRUE(outcome.has_value());
  EXPECT_FALSE(outcome->ok);
  EXPECT_NE(outcome->message.find(path("t-height.r16") + "': it exists; it was not replaced"),
            std::string::npos)
      << outcome->message;
  EXPECT_EQ(readAll(path("t-height.r16")), other);
  EXPECT_EQ(outcome->written, std::vector<std::string>{path("t-height16.png")});
  EXPECT_TRUE(hiddenEntries().empty());
}

}  // namespace
}  // namespace terrain::app
