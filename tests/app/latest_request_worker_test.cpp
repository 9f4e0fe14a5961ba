// The one latest-request-wins worker under the window's generation and its
// seed gallery: the newest request wins, a superseded run is cancelled, a
// result taken is not waited for again, an early result comes before the
// final one and is not mistaken for it.
#include "app/latest_request_worker.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

namespace terrain::app {
namespace {

using namespace std::chrono_literals;

// Work that runs until cancelled when asked for -1, else returns its input.
int slowUnlessPositive(const int& request, const RequestTimes&, const CancelToken& cancel) {
  while (request < 0) {
    cancel.checkpoint();
    std::this_thread::sleep_for(1ms);
  }
  return request * 10;
}

TEST(LatestRequestWorker, ANewRequestCancelsTheRunningOneAndWins) {
  LatestRequestWorker<int, int> worker(&slowUnlessPositive);
  const std::uint64_t endless = worker.request(-1);
  std::this_thread::sleep_for(20ms);  // it is running now
  const std::uint64_t newest = worker.request(4);
  EXPECT_GT(newest, endless);
  const auto finished = worker.waitFor(newest);
  ASSERT_TRUE(finished.has_value());
  EXPECT_EQ(finished->times.id, newest);
  EXPECT_EQ(finished->result, 40);
  EXPECT_LE(finished->times.requestedAt, finished->times.startedAt);
  EXPECT_FALSE(worker.pending());
}

TEST(LatestRequestWorker, OnlyTheNewestOfAQuickRunOfRequestsIsKept) {
  LatestRequestWorker<int, int> worker(&slowUnlessPositive);
  worker.request(-1);
  worker.request(2);
  const std::uint64_t last = worker.request(3);
  const auto finished = worker.waitFor(last);
  ASSERT_TRUE(finished.has_value());
  EXPECT_EQ(finished->result, 30);
  EXPECT_FALSE(worker.take().has_value()) << "an older result is never handed out after a newer";
}

TEST(LatestRequestWorker, WaitingForAResultTakenAlreadyReturnsAtOnce) {
  std::atomic<int> finishedCount{0};
  LatestRequestWorker<int, int> worker(&slowUnlessPositive, [&] { ++finishedCount; });
  const std::uint64_t id = worker.request(1);
  while (finishedCount.load() == 0) std::this_thread::sleep_for(1ms);
  ASSERT_TRUE(worker.take().has_value());
  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(worker.waitFor(id).has_value());
  EXPECT_LT(std::chrono::steady_clock::now() - start, 1s);
}

// Work that hands out request + 1 early, then waits for the test to let it
// return request * 10.
struct TwoResults {
  LatestRequestWorker<int, int>* worker = nullptr;
  std::mutex mutex;
  std::condition_variable released;
  bool finish = false;

  int run(const int& request, const RequestTimes& times, const CancelToken& cancel) {
    worker->handOutEarly(times, request + 1);
    std::unique_lock lock(mutex);
    while (!finish) {
      released.wait_for(lock, 1ms);
      cancel.checkpoint();
    }
    return request * 10;
  }
  void release() {
    {
      std::lock_guard lock(mutex);
      finish = true;
    }
    released.notify_all();
  }
};

TEST(LatestRequestWorker, AnEarlyResultIsTakenFirstAndTheFinalOneStillFollows) {
  TwoResults work;
  std::atomic<int> handedOut{0};
  LatestRequestWorker<int, int> worker(
      [&](const int& r, const RequestTimes& t, const CancelToken& c) { return work.run(r, t, c); },
      [&] { ++handedOut; });
  work.worker = &worker;
  const std::uint64_t id = worker.request(3);
  while (handedOut.load() == 0) std::this_thread::sleep_for(1ms);
  const auto early = worker.take();
  ASSERT_TRUE(early.has_value());
  EXPECT_TRUE(early->early);
  EXPECT_EQ(early->times.id, id);
  EXPECT_EQ(early->result, 4);
  EXPECT_TRUE(worker.pending()) << "the final result is still to come";
  EXPECT_FALSE(worker.take().has_value()) << "the early result is handed out once";
  work.release();
  const auto final = worker.waitFor(id);
  ASSERT_TRUE(final.has_value());
  EXPECT_FALSE(final->early);
  EXPECT_EQ(final->result, 30);
  EXPECT_FALSE(worker.pending());
  EXPECT_FALSE(worker.waitFor(id).has_value()) << "taken already";
}

// A draft, then the map before its instances: each early result is taken
// in turn, a later one replaces an earlier one not taken, and the final
// one follows.
TEST(LatestRequestWorker, SeveralEarlyResultsAreTakenInTurnThenTheFinalOne) {
  std::atomic<int> step{0};
  std::atomic<int> handedOut{0};
  LatestRequestWorker<int, int>* self = nullptr;
  LatestRequestWorker<int, int> worker(
      [&](const int& r, const RequestTimes& t, const CancelToken& c) {
        for (int k = 1; k <= 3; ++k) {
          while (step.load() < k) {
            std::this_thread::sleep_for(1ms);
            c.checkpoint();
          }
          if (k < 3) self->handOutEarly(t, r + k);
        }
        return r * 10;
      },
      [&] { ++handedOut; });
  self = &worker;
  const std::uint64_t id = worker.request(3);
  step = 1;
  while (handedOut.load() < 1) std::this_thread::sleep_for(1ms);
  const auto first = worker.take();
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->result, 4);
  step = 2;
  while (handedOut.load() < 2) std::this_thread::sleep_for(1ms);
  const auto second = worker.take();
  ASSERT_TRUE(second.has_value()) << "a second early result of the same request";
  EXPECT_TRUE(second->early);
  EXPECT_EQ(second->result, 5);
  EXPECT_FALSE(worker.take().has_value()) << "each is handed out once";
  step = 3;
  const auto final = worker.waitFor(id);
  ASSERT_TRUE(final.has_value());
  EXPECT_FALSE(final->early);
  EXPECT_EQ(final->result, 30);
}

TEST(LatestRequestWorker, WaitingForAResultSkipsItsEarlyOne) {
  TwoResults work;
  LatestRequestWorker<int, int> worker(
      [&](const int& r, const RequestTimes& t, const CancelToken& c) { return work.run(r, t, c); });
  work.worker = &worker;
  const std::uint64_t id = worker.request(5);
  std::optional<LatestRequestWorker<int, int>::Finished> got;
  std::atomic<bool> returned{false};
  std::thread waiter([&] {
    got = worker.waitFor(id);
    returned = true;
  });
  std::this_thread::sleep_for(50ms);  // the early result is out; the waiter still waits
  EXPECT_FALSE(returned.load());
  work.release();
  waiter.join();
  ASSERT_TRUE(got.has_value());
  EXPECT_FALSE(got->early);
  EXPECT_EQ(got->result, 50);
}

TEST(LatestRequestWorker, ClosingStopsARunThatWouldNeverEnd) {
  const auto start = std::chrono::steady_clock::now();
  {
    LatestRequestWorker<int, int> worker(&slowUnlessPositive);
    worker.request(-1);
    std::this_thread::sleep_for(10ms);
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);
}

}  // namespace
}  // namespace terrain::app
