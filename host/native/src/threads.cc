// One job at a time (a second caller, on another thread, waits for the first's): the caller publishes it under the lock with a new generation number,
// runs range 0 itself, and waits until every worker it enlisted has finished its range. Each
// waits by watching first and sleeping only after SPIN (below). An
// exception in any range is kept (the first one) and rethrown on the calling thread once
// every range is done, so the caller's error handling sees it and no thread unwinds past
// its own stack. A worker that cannot be started (its stack refused) leaves the pool with
// the ones it has, and the caller gets an AllocationFailure.
#include "threads.h"

#include <algorithm>
#include <atomic>
#include <chrono>
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
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#include "memory.h"

namespace leanvm {
namespace {

/** A spin-wait's pause: the core's hint that this thread only watches memory. */
inline void relax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

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

/** How long a worker waits for the next job, and the caller for its workers, before sleeping:
 * a prover's kernels come in runs of calls a few microseconds of JavaScript apart, and waking
 * a sleeping thread costs far more than that on a virtual machine (an interrupt to the other
 * CPU, then its scheduling), so each thread watches a little while first. */
constexpr std::chrono::microseconds SPIN{100};

/** Spins until ready() or SPIN has passed; whether ready() held. */
template <class Ready>
bool spinFor(Ready ready) {
  const auto until = std::chrono::steady_clock::now() + SPIN;
  for (;;) {
    for (int i = 0; i < 64; i++) {
      if (ready()) return true;
      relax();
    }
    if (std::chrono::steady_clock::now() >= until) return ready();
    // With more threads than free cores, a watcher lets a working thread have its core.
    std::this_thread::yield();
  }
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
        workers_.emplace_back([this, i, seen = generation_.load()] { work(i, seen); });
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
    bool sleeping;
    {
      // The job's fields are published by the generation's release; a sleeping worker is
      // woken, a watching one sees it change.
      std::lock_guard<std::mutex> lock(m_);
      body_ = &body;
      n_ = n;
      grain_ = grain;
      units_ = units;
      parts_ = parts;
      pending_.store(parts - 1, std::memory_order_relaxed);
      generation_.fetch_add(1, std::memory_order_release);
      sleeping = sleepers_ > 0;
    }
    if (sleeping) wake_.notify_all();
    runPart(0);
    if (!spinFor([this] { return pending_.load(std::memory_order_acquire) == 0; })) {
      std::unique_lock<std::mutex> lock(m_);
      callerWaits_ = true;
      done_.wait(lock, [this] { return pending_.load(std::memory_order_acquire) == 0; });
      callerWaits_ = false;
    }
    std::lock_guard<std::mutex> lock(m_);
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
    const auto changed = [&] { return stop_.load(std::memory_order_acquire) || generation_.load(std::memory_order_acquire) != seen; };
    for (;;) {
      if (!spinFor(changed)) {
        std::unique_lock<std::mutex> lock(m_);
        sleepers_++;
        wake_.wait(lock, changed);
        sleepers_--;
      }
      if (stop_.load(std::memory_order_acquire)) return;
      bool enlisted;
      {
        // Read together under the lock: a worker left out of one job may be looking while the
        // caller publishes the next.
        std::lock_guard<std::mutex> lock(m_);
        seen = generation_.load(std::memory_order_relaxed);
        enlisted = index < parts_;
      }
      if (!enlisted) continue;
      runPart(index);
      if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        // The caller may have gone to sleep: it holds m_ from its last look until it waits.
        std::lock_guard<std::mutex> lock(m_);
        if (callerWaits_) done_.notify_one();
      }
    }
  }

  /** Held by the job running (or the resize), so callers on two threads take turns. */
  std::mutex job_;
  std::mutex m_;
  std::condition_variable wake_, done_;
  std::vector<std::thread> workers_;
  std::atomic<bool> stop_{false};
  std::atomic<size_t> generation_{0}, pending_{0};
  /** Under m_: workers asleep on wake_, and whether the caller sleeps on done_. */
  size_t sleepers_ = 0;
  bool callerWaits_ = false;
  const std::function<void(size_t, size_t)>* body_ = nullptr;
  size_t n_ = 0, grain_ = 1, units_ = 0, parts_ = 0;
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
