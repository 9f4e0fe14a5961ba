#pragma once
// A background thread that only ever works for the newest request: a new
// request replaces one not yet started and cancels the one running (at
// its next checkpoint, through a CancelToken), so a designer dragging a
// slider never waits for values they have left behind. Results carry their
// request's id; the newest finished one is kept until taken. A run may
// hand out an early result first (a draft to show meanwhile), which its
// final result then follows. The window's generation and its seed gallery
// are both one of these.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "core/base/cancel.hpp"

namespace terrain::app {

// One request as the work sees it.
struct RequestTimes {
  std::uint64_t id = 0;
  std::chrono::steady_clock::time_point requestedAt;
  // When the worker began it: startedAt - requestedAt is how long a
  // superseded run kept the thread (the cancel latency).
  std::chrono::steady_clock::time_point startedAt;
};

template <class Request, class Result>
class LatestRequestWorker {
 public:
  // Runs on the worker's thread; throws Cancelled once `cancel` is raised.
  using Work =
      std::function<Result(const Request&, const RequestTimes&, const CancelToken& cancel)>;

  struct Finished {
    RequestTimes times;
    Result result;
    bool early = false;  // handed out by the run before its final result
  };

  // onFinished runs on the worker's thread after each kept result (e.g. to
  // wake the UI's event wait); it must be cheap and thread-safe.
  explicit LatestRequestWorker(Work work, std::function<void()> onFinished = {})
      : work_(std::move(work)), onFinished_(std::move(onFinished)), thread_([this] { run(); }) {}

  ~LatestRequestWorker() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
      cancel_.cancel();  // closing ends a long run at once
    }
    wake_.notify_all();
    thread_.join();
  }
  LatestRequestWorker(const LatestRequestWorker&) = delete;
  LatestRequestWorker& operator=(const LatestRequestWorker&) = delete;

  // Replaces any request not yet started and cancels the running one;
  // returns the new request's id (increasing from 1).
  std::uint64_t request(Request request) {
    std::uint64_t id = 0;
    {
      std::lock_guard lock(mutex_);
      id = ++lastRequested_;
      next_ = std::move(request);
      nextTimes_ = {id, std::chrono::steady_clock::now(), {}};
      cancel_.cancel();
    }
    wake_.notify_one();
    return id;
  }

  // The newest finished result not yet taken, early or final (older ones
  // are dropped).
  std::optional<Finished> take() {
    std::lock_guard lock(mutex_);
    return takeLocked();
  }

  // Blocks until the final result of request `id`, or a newer request's
  // result (which may be early), is ready, then takes it; nullopt when it
  // was taken already or the worker is closing.
  std::optional<Finished> waitFor(std::uint64_t id) {
    std::unique_lock lock(mutex_);
    const auto answers = [&] {
      return ready_ && (ready_->times.id > id || (ready_->times.id == id && !ready_->early));
    };
    done_.wait(lock, [&] { return stopping_ || finalTaken(id) || answers(); });
    if (!answers()) return std::nullopt;
    return takeLocked();
  }

  // Called by the work, on the worker's thread: `result` is to be shown
  // until the run's final one. Dropped when a newer request's result is
  // ready. A run may hand out several (a draft, then its map before the
  // map's instances); each replaces the one before if it was not taken.
  void handOutEarly(const RequestTimes& times, Result result) {
    {
      std::lock_guard lock(mutex_);
      if (ready_ && ready_->times.id > times.id) return;
      ready_ = Finished{times, std::move(result), true};
    }
    done_.notify_all();
    if (onFinished_) onFinished_();
  }

  // The newest request's final result is not taken yet.
  bool pending() const {
    std::lock_guard lock(mutex_);
    return !finalTaken(lastRequested_);
  }
  std::uint64_t lastRequested() const {
    std::lock_guard lock(mutex_);
    return lastRequested_;
  }

 private:
  // Request `id`'s final result, or a newer request's result (early or
  // final), was taken.
  bool finalTaken(std::uint64_t id) const {
    return lastTaken_ > id || (lastTaken_ == id && !lastTakenEarly_);
  }

  std::optional<Finished> takeLocked() {
    // A ready result is one not taken yet (taking resets it), so an early
    // one of the request whose early result was taken is a later one.
    if (!ready_ || finalTaken(ready_->times.id)) return std::nullopt;
    lastTaken_ = ready_->times.id;
    lastTakenEarly_ = ready_->early;
    std::optional<Finished> out = std::move(ready_);
    ready_.reset();
    return out;
  }

  void run() {
    for (;;) {
      std::optional<Request> request;
      RequestTimes times;
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [this] { return stopping_ || next_.has_value(); });
        if (stopping_) return;
        request = std::move(next_);
        next_.reset();
        times = nextTimes_;
        cancel_.reset();
      }
      times.startedAt = std::chrono::steady_clock::now();
      std::optional<Result> result;
      try {
        result.emplace(work_(*request, times, cancel_));
      } catch (const Cancelled&) {
        continue;  // superseded or closing: a newer request (if any) is queued
      }
      {
        std::lock_guard lock(mutex_);
        // A newer request may be queued already; this is still the newest
        // finished result, so it replaces an older one not taken.
        if (!ready_ || ready_->times.id <= times.id) {
          ready_ = Finished{times, std::move(*result), false};
        }
      }
      done_.notify_all();
      if (onFinished_) onFinished_();
    }
  }

  Work work_;
  std::function<void()> onFinished_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  std::optional<Request> next_;
  RequestTimes nextTimes_;
  CancelToken cancel_;
  std::uint64_t lastRequested_ = 0;
  std::uint64_t lastTaken_ = 0;
  bool lastTakenEarly_ = false;  // what was taken of lastTaken_ was its early result
  std::optional<Finished> ready_;
  bool stopping_ = false;
  std::thread thread_;  // last: starts after the members above exist
};

}  // namespace terrain::app
