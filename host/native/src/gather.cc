#include "gather.h"

#include <algorithm>
#include <atomic>

#include "threads.h"

namespace leanvm {
namespace {

/** Rows a thread takes at least: a gather is a few loads a row. */
constexpr size_t GRAIN = 1 << 14;

}  // namespace

size_t gatherPairs(uint32_t* dst, const uint32_t* src, size_t pairs, size_t n, const PairGather& g) {
  // The first row that reads out of range, over every thread's range.
  std::atomic<size_t> bad{n};
  const auto fail = [&](size_t i) {
    size_t seen = bad.load();
    while (i < seen && !bad.compare_exchange_weak(seen, i)) {
    }
  };
  parallelFor(n, GRAIN, [&](size_t from, size_t to) {
    for (size_t i = from; i < to; i++) {
      size_t k = g.step * i;
      if (g.word >= 0) k += g.rows[g.stride * i + static_cast<size_t>(g.word)];
      if (g.slot >= 0) {
        const size_t at = g.slotStride * g.rows[g.stride * i + g.pcWord] + static_cast<size_t>(g.slot);
        if (at >= g.codeLength) return fail(i);
        k += g.code[at];
      }
      const size_t j = g.scale * k + g.add;
      if (j >= pairs) return fail(i);
      dst[2 * i] = src[2 * j];
      dst[2 * i + 1] = src[2 * j + 1];
    }
  });
  return bad.load();
}

}  // namespace leanvm
