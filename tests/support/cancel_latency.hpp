#pragma once
// Issue 7's cancel figure, shared by the worker test and the benchmark: while
// the window's worker generates a 16385 x 16385 diamond-square (about a
// second per level at the end, 1 GiB), a designer changes a value; how long
// until the new request's run starts?
#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <thread>

#include "app/generation_worker.hpp"
#include "core/document/document.hpp"
#include "core/nodes/registry.hpp"

namespace terrain::testing {

inline Document diamondSquareOfSide(int side, std::uint64_t seed) {
  Document doc = defaultDocument("diamond-square");
  doc.graph = chainGraph({chainOf(doc.graph).source, {}});
  doc.seed = seed;
  const SourceStage& source = sourceStage(chainSource(doc.graph).type);
  chainSource(doc.graph).values[source.sizeIndex()] = side;
  return doc;
}

struct CancelSample {
  double latencyMs = 0.0;  // the small request's post -> its run's start
  float bigAt = 0.0f;      // how far the big run had got when the small one was posted, 0..1
};

// Posts the big map, waits until its progress reaches `at` (0..1 of the
// run), posts a 129 map and waits for it. Throws std::runtime_error when the
// big run never reports progress (10 minutes: a hung worker).
inline CancelSample measureCancelLatency(app::GenerationWorker& worker, float at,
                                         std::uint64_t seed) {
  using Clock = std::chrono::steady_clock;
  worker.request(diamondSquareOfSide(static_cast<int>(kMaxMapSide), seed));
  const auto deadline = Clock::now() + std::chrono::minutes(10);
  std::optional<PipelineProgress> progress;
  while (!(progress = worker.progress()) || progress->fraction < at) {
    if (Clock::now() > deadline) throw std::runtime_error("the big run never got there");
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  const std::uint64_t id = worker.request(diamondSquareOfSide(129, seed));
  const std::optional<app::GenerationResult> result = worker.waitFor(id);
  if (!result || result->id != id) throw std::runtime_error("the small request got no result");
  CancelSample sample;
  sample.latencyMs =
      std::chrono::duration<double, std::milli>(result->startedAt - result->requestedAt).count();
  sample.bigAt = progress->fraction;
  return sample;
}

}  // namespace terrain::testing
