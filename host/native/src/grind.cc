// Nonces are handed out in batches of BATCH consecutive candidates, in order, from one counter
// the threads share; a thread stops at its batch's first pass, or once a pass below the next
// batch is known, so the answer is the scalar search's at every thread count (the batch holding
// the smallest pass is handed out before any batch above it, and is hashed whole). The work is
// the smallest pass's position plus at most a batch a thread, where rounds split among the
// threads hashed on to a round's end (a quarter more on average at the protocol's bits).
#include "grind.h"

#include <algorithm>
#include <atomic>

#include "memory.h"
#include "threads.h"

namespace leanvm {
namespace {

/** Candidates a thread hashes per level call: their blocks and digests stay in L1/L2. */
constexpr uint64_t BATCH = 512;
constexpr uint64_t NONE = ~uint64_t{0};

}  // namespace

bool smallestNonce(const HashKernels& h, const uint32_t base[8], uint32_t tag, int bits, uint64_t& nonce) {
  const uint64_t mask = bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  std::atomic<uint64_t> next{0}, best{NONE};
  const size_t n = threads();
  parallelFor(n, 1, [&](size_t from, size_t to) {
    if (from == to) return;
    Scratch<uint32_t> blocks(16 * BATCH), digests(8 * BATCH);
    for (size_t i = 0; i < BATCH; i++) {
      std::copy(base, base + 8, &blocks[16 * i]);
      blocks[16 * i + 14] = tag;
    }
    for (;;) {
      const uint64_t at = next.fetch_add(BATCH, std::memory_order_relaxed);
      // Past the last whole batch of the 2^64 (the counter wraps after it), or above a pass.
      if (at > NONE - BATCH || at >= best.load(std::memory_order_relaxed)) return;
      for (uint64_t i = 0; i < BATCH; i++) {
        blocks[16 * i + 8] = static_cast<uint32_t>(at + i);
        blocks[16 * i + 9] = static_cast<uint32_t>((at + i) >> 32);
      }
      h.level(blocks.data(), BATCH, digests.data());
      for (uint64_t i = 0; i < BATCH; i++) {
        const uint64_t word = digests[8 * i] | uint64_t{digests[8 * i + 1]} << 32;
        if ((word & mask) == 0) {
          uint64_t seen = best.load();
          while (at + i < seen && !best.compare_exchange_weak(seen, at + i)) {
          }
          return;  // every later candidate of this thread is larger
        }
      }
    }
  });
  nonce = best.load();
  return nonce != NONE;
}

}  // namespace leanvm
