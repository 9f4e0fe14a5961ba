#include "core/base/parallel.hpp"

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace terrain {
namespace {

// Workers wait for a batch of chunks, take them one by one, and the caller
// takes chunks too; the caller returns once every chunk of its batch is done.
// A second caller meanwhile runs its own batch alone (run()).
class WorkerPool {
 public:
  explicit WorkerPool(int workers) {
    for (int i = 0; i < workers; ++i) threads_.emplace_back([this] { workerLoop(); });
  }
  ~WorkerPool() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (auto& t : threads_) t.join();
  }
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int workerCount() const { return static_cast<int>(threads_.size()); }

  void run(std::int64_t chunkCount, const std::function<void(std::int64_t)>& chunk) {
    // One batch at a time. A caller that finds the pool busy with another
    // thread's batch (the window's frame while the worker generates) runs
    // its chunks itself, in order: waiting, it could wait behind many of
    // the other run's batches (the mutex is not fair). The chunks are the
    // same, so the results are too; a chunk that throws ends the rest.
    std::unique_lock batchLock(batchMutex_, std::try_to_lock);
    if (!batchLock.owns_lock()) {
      for (std::int64_t i = 0; i < chunkCount; ++i) chunk(i);
      return;
    }
    {
      std::lock_guard lock(mutex_);
      job_ = &chunk;
      next_ = 0;
      total_ = chunkCount;
      pending_ = chunkCount;
      error_ = nullptr;
      ++generation_;
    }
    wake_.notify_all();
    drain();
    spinWhile([this] { return pending_.load(std::memory_order_acquire) != 0; });
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return pending_ == 0; });
    job_ = nullptr;
    if (error_) std::rethrow_exception(error_);
  }

 private:
  void drain() {
    for (;;) {
      const std::function<void(std::int64_t)>* job = nullptr;
      std::int64_t index = 0;
      {
        std::lock_guard lock(mutex_);
        if (job_ == nullptr || next_ >= total_) return;
        job = job_;
        index = next_++;
      }
      try {
        (*job)(index);
      } catch (...) {
        std::lock_guard lock(mutex_);
        if (!error_) error_ = std::current_exception();
      }
      std::lock_guard lock(mutex_);
      if (--pending_ == 0) done_.notify_all();
    }
  }

  // Waking a sleeping thread takes tens of microseconds, as long as a
  // whole batch on a preview-sized map (a stream-power step runs eight
  // back to back): a thread that is done spins a little first.
  template <class Condition>
  static void spinWhile(const Condition& busy) {
    const auto until = std::chrono::steady_clock::now() + kSpin;
    while (busy() && std::chrono::steady_clock::now() < until) std::this_thread::yield();
  }

  void workerLoop() {
    std::uint64_t seen = 0;
    for (;;) {
      spinWhile([&] {
        return generation_.load(std::memory_order_acquire) == seen &&
               !stopping_.load(std::memory_order_acquire);
      });
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
        if (stopping_) return;
        seen = generation_;
      }
      drain();
    }
  }

  std::vector<std::thread> threads_;
  std::mutex batchMutex_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  static constexpr std::chrono::microseconds kSpin{200};

  const std::function<void(std::int64_t)>* job_ = nullptr;
  std::int64_t next_ = 0;
  std::int64_t total_ = 0;
  // Written under mutex_; atomic so that a spinning thread may read them.
  std::atomic<std::int64_t> pending_ = 0;
  std::atomic<std::uint64_t> generation_ = 0;
  std::exception_ptr error_;
  std::atomic<bool> stopping_ = false;
};

// The CPUs this process may run on, read once: a tile farm's scheduler
// (taskset, a Slurm job's cpuset) gives a process fewer than the machine
// has, and hardware_concurrency() would count them all (by reading and
// parsing a /sys file, at every start).
int hardwareThreads() {
  static const int threads = [] {
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    int n = ::sched_getaffinity(0, sizeof allowed, &allowed) == 0 ? CPU_COUNT(&allowed) : 0;
    if (n <= 0) n = static_cast<int>(std::thread::hardware_concurrency());
    return std::clamp(n, 1, 64);
  }();
  return threads;
}

WorkerPool& pool() {
  static WorkerPool instance(hardwareThreads() - 1);
  return instance;
}

}  // namespace

int resolvedThreadCount(const Execution& exec) {
  return exec.threads <= 0 ? hardwareThreads() : std::min(exec.threads, hardwareThreads());
}

void parallelFor(const Execution& exec, std::int64_t first, std::int64_t last,
                 std::int64_t minChunk,
                 const std::function<void(std::int64_t, std::int64_t)>& body) {
  const std::int64_t count = last - first;
  if (count <= 0) return;
  minChunk = std::max<std::int64_t>(minChunk, 1);
  const std::int64_t threads = resolvedThreadCount(exec);
  const std::int64_t chunks = std::clamp<std::int64_t>(count / minChunk, 1, threads);
  if (chunks == 1) {
    body(first, last);
    return;
  }
  const std::function<void(std::int64_t)> chunk = [&](std::int64_t i) {
    body(first + count * i / chunks, first + count * (i + 1) / chunks);
  };
  pool().run(chunks, chunk);
}

}  // namespace terrain
