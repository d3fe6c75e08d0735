// One job at a time (a second caller, on another thread, waits for the first's): the caller publishes it under the lock with a new generation number,
// runs range 0 itself, and waits until every worker it enlisted has finished its range. An
// exception in any range is kept (the first one) and rethrown on the calling thread once
// every range is done, so the caller's error handling sees it and no thread unwinds past
// its own stack. A worker that cannot be started (its stack refused) leaves the pool with
// the ones it has, and the caller gets an AllocationFailure.
#include "threads.h"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#if defined(__unix__) || defined(__APPLE__)
#include <pthread.h>
#endif

#include "memory.h"

namespace leanvm {
namespace {

/** Bytes of a new thread's stack: the system's default (8 MiB if it does not say). */
size_t stackBytes() {
  size_t bytes = size_t{8} << 20;
#if defined(__unix__) || defined(__APPLE__)
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) == 0) {
    size_t s = 0;
    if (pthread_attr_getstacksize(&attr, &s) == 0 && s > 0) bytes = s;
    pthread_attr_destroy(&attr);
  }
#endif
  return bytes;
}

class Pool {
 public:
  ~Pool() { resize(1); }

  size_t size() {
    std::lock_guard<std::mutex> lock(m_);
    return workers_.size() + 1;
  }

  void resize(size_t n) {
    std::lock_guard<std::mutex> job(job_);
    {
      std::lock_guard<std::mutex> lock(m_);
      if (n == workers_.size() + 1) return;
      stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : workers_) t.join();
    workers_.clear();
    stop_ = false;
    // A worker starts from the current generation: one it has not seen yet is a job for it,
    // however late the thread gets going.
    for (size_t i = 1; i < n; i++) {
      const size_t stack = stackBytes();
      admit("a worker thread's stack", stack);
      try {
        workers_.emplace_back([this, i, seen = generation_] { work(i, seen); });
      } catch (const std::system_error& e) {
        throw AllocationFailure("a worker thread's stack", stack, e.code().value());
      }
    }
  }

  void run(size_t n, size_t grain, const std::function<void(size_t, size_t)>& body) {
    std::lock_guard<std::mutex> job(job_);
    const size_t units = (n + grain - 1) / grain;
    const size_t parts = std::min(units, workers_.size() + 1);
    if (parts <= 1) {
      if (n > 0) body(0, n);
      return;
    }
    {
      std::lock_guard<std::mutex> lock(m_);
      body_ = &body;
      n_ = n;
      grain_ = grain;
      units_ = units;
      parts_ = parts;
      pending_ = parts - 1;
      generation_++;
    }
    wake_.notify_all();
    runPart(0);
    std::unique_lock<std::mutex> lock(m_);
    done_.wait(lock, [this] { return pending_ == 0; });
    body_ = nullptr;
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
  }

 private:
  void runPart(size_t i) {
    const size_t begin = std::min(n_, grain_ * (units_ * i / parts_));
    const size_t end = std::min(n_, grain_ * (units_ * (i + 1) / parts_));
    try {
      (*body_)(begin, end);
    } catch (...) {
      std::lock_guard<std::mutex> lock(m_);
      if (!error_) error_ = std::current_exception();
    }
  }

  void work(size_t index, size_t seen) {
    std::unique_lock<std::mutex> lock(m_);
    for (;;) {
      wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
      if (index >= parts_) continue;
      lock.unlock();
      runPart(index);
      lock.lock();
      if (--pending_ == 0) done_.notify_one();
    }
  }

  /** Held by the job running (or the resize), so callers on two threads take turns. */
  std::mutex job_;
  std::mutex m_;
  std::condition_variable wake_, done_;
  std::vector<std::thread> workers_;
  bool stop_ = false;
  size_t generation_ = 0;
  const std::function<void(size_t, size_t)>* body_ = nullptr;
  size_t n_ = 0, grain_ = 1, units_ = 0, parts_ = 0, pending_ = 0;
  std::exception_ptr error_;
};

Pool& pool() {
  static Pool p;
  static std::once_flag sized;
  std::call_once(sized, [] {
    // The default: as many of every hardware thread as start (setThreads reports a failure).
    try {
      p.resize(std::max(1u, std::thread::hardware_concurrency()));
    } catch (const AllocationFailure&) {
    }
  });
  return p;
}

}  // namespace

void setThreads(size_t n) { pool().resize(n < 1 ? 1 : n); }

size_t threads() { return pool().size(); }

void parallelFor(size_t n, size_t grain, const std::function<void(size_t, size_t)>& body) {
  pool().run(n, grain < 1 ? 1 : grain, body);
}

}  // namespace leanvm
