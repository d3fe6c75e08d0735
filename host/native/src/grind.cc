// Nonces are tried in rounds of ROUND consecutive candidates, split among the threads; each
// range reports its smallest pass and the round the smallest of those, so the answer is the
// scalar search's at every thread count. A round is ~1 ms of hashing per thread: about one
// round per 2^17 expected tries at the protocol's bits.
#include "grind.h"

#include <algorithm>
#include <atomic>

#include "memory.h"
#include "threads.h"

namespace leanvm {
namespace {

constexpr uint64_t ROUND = uint64_t{1} << 16;
/** Candidates a thread hashes per level call: their blocks and digests stay in L1/L2. */
constexpr size_t BATCH = 512;

}  // namespace

bool smallestNonce(const HashKernels& h, const uint32_t base[8], uint32_t tag, int bits, uint64_t& nonce) {
  const uint64_t mask = bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  for (uint64_t start = 0;; start += ROUND) {
    std::atomic<uint64_t> best{~uint64_t{0}};
    parallelFor(ROUND, BATCH, [&](size_t from, size_t to) {
      Scratch<uint32_t> blocks(16 * BATCH), digests(8 * BATCH);
      for (size_t i = 0; i < BATCH; i++) {
        std::copy(base, base + 8, &blocks[16 * i]);
        blocks[16 * i + 14] = tag;
      }
      for (size_t at = from; at < to; at += BATCH) {
        const size_t count = std::min(BATCH, to - at);
        for (size_t i = 0; i < count; i++) {
          const uint64_t n = start + at + i;
          blocks[16 * i + 8] = static_cast<uint32_t>(n);
          blocks[16 * i + 9] = static_cast<uint32_t>(n >> 32);
        }
        h.level(blocks.data(), count, digests.data());
        for (size_t i = 0; i < count; i++) {
          const uint64_t word = digests[8 * i] | uint64_t{digests[8 * i + 1]} << 32;
          if ((word & mask) == 0) {
            uint64_t seen = best.load();
            const uint64_t n = start + at + i;
            while (n < seen && !best.compare_exchange_weak(seen, n)) {
            }
            return;  // later candidates of this range are larger
          }
        }
      }
    });
    if (best.load() != ~uint64_t{0}) {
      nonce = best.load();
      return true;
    }
    if (start + ROUND == 0) return false;  // wrapped: all 2^64 tried
  }
}

}  // namespace leanvm
