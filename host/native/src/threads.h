// The worker pool every threaded kernel shares: created once, resized by setThreads. Work is
// split into contiguous ranges, one per thread; each range's output is disjoint from the
// others', so results are the same bytes at every thread count.
#pragma once
#include <cstddef>
#include <functional>

namespace leanvm {

/** Threads that take part in a parallel loop (the calling one included); at least 1. The
 * default is every hardware thread. */
void setThreads(size_t n);
size_t threads();

/**
 * Runs body(begin, end) over disjoint ranges covering [0, n), at most one per thread, each
 * boundary a multiple of `grain` (at least 1): ranges below a grain's work are not worth a
 * wake-up. Returns when every range is done; then rethrows the first exception a range threw.
 * Callers on other threads wait their turn. Not reentrant: body must not call it.
 */
void parallelFor(size_t n, size_t grain, const std::function<void(size_t begin, size_t end)>& body);

}  // namespace leanvm
