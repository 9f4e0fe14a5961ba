// The one latest-request-wins worker under the window's generation and its
// seed gallery: the newest request wins, a superseded run is cancelled, a
// result taken is not waited for again.
#include "app/latest_request_worker.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
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
