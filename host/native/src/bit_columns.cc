// The skip pass's per-group work is the path's skipLanes (skip_lanes.h). Threads take disjoint runs of groups (skip pass,
// entries) or of positions (block fold); the skip pass's bins are per thread, XORed into the
// caller's under a lock (exact, in any order).
#include "bit_columns.h"

#include <algorithm>
#include <mutex>
#include <vector>

#include "threads.h"

namespace leanvm {
namespace {

/** Groups a thread takes at least (a group is about a microsecond). */
constexpr size_t GROUP_GRAIN = 256;

/** lt64[(256k + β)·8 + p]: plane p of the Λ image of byte β at byte position k. */
std::vector<uint64_t> widen(const uint32_t* lt) {
  std::vector<uint64_t> t(8 * 256 * 8);
  for (size_t row = 0; row < 8 * 256; row++) {
    for (int p = 0; p < 8; p++) t[8 * row + p] = lt[16 * row + p] | uint64_t{lt[16 * row + 8 + p]} << 32;
  }
  return t;
}

/** The 8×8 bit matrix whose row r is byte r of x, transposed (bit c of row r ↔ bit r of
 * row c): three rounds of swapping off-diagonal blocks (Hacker's Delight 7–3). */
inline uint64_t transpose8x8(uint64_t x) {
  uint64_t t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAull;
  x ^= t ^ (t << 7);
  t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCull;
  x ^= t ^ (t << 14);
  t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ull;
  return x ^ t ^ (t << 28);
}

/** Groups per batch: their lane words (SKIP_LANE_WORDS × 8 bytes each) and weights stay in L2. */
constexpr size_t BATCH = 1024;

}  // namespace

void skipBins(const FieldKernels& k, const uint32_t* lt, const uint64_t* a, const uint64_t* b, const uint64_t* c, size_t groups,
              const uint64_t* W, uint64_t* bins) {
  // A batch's lane words first, then its weights into the bins key by key: one key's bins
  // (256 E values, 6 KiB) stay in L1 while every group of the batch adds into them.
  const std::vector<uint64_t> lt64 = widen(lt);
  std::mutex m;
  parallelFor(groups, GROUP_GRAIN, [&](size_t from, size_t to) {
    std::vector<uint64_t> own(SKIP_BIN_WORDS), lanes(SKIP_LANE_WORDS * BATCH);
    for (size_t g0 = from; g0 < to; g0 += BATCH) {
      const size_t n = std::min(BATCH, to - g0);
      k.skipLanes(lt64.data(), a + 8 * g0, b + 8 * g0, c + 8 * g0, n, lanes.data(), BATCH);
      for (size_t w = 0; w < SKIP_LANE_WORDS; w++) {
        for (size_t q = 0; q < 8; q++) {
          uint64_t* key = own.data() + 3 * 256 * (8 * w + q);
          const uint64_t* ws = W + 3 * g0;
          for (size_t i = 0; i < n; i++) {
            uint64_t* e = key + 3 * ((lanes[w * BATCH + i] >> (8 * q)) & 255);
            e[0] ^= ws[3 * i];
            e[1] ^= ws[3 * i + 1];
            e[2] ^= ws[3 * i + 2];
          }
        }
      }
    }
    std::lock_guard<std::mutex> lock(m);
    for (size_t i = 0; i < SKIP_BIN_WORDS; i++) bins[i] ^= own[i];
  });
}

void zerocheckEntries(const uint64_t* col, size_t count, const uint64_t* t0, const uint64_t* t1, uint64_t* out) {
  parallelFor(count, 4096, [&](size_t from, size_t to) {
    for (size_t x = from; x < to; x++) {
      const uint64_t w0 = col[2 * x], d = w0 ^ col[2 * x + 1];
      uint64_t acc[3] = {};
      for (int k = 0; k < 8; k++) {
        const uint64_t* e0 = t0 + 3 * (256 * k + ((w0 >> (8 * k)) & 255));
        const uint64_t* e1 = t1 + 3 * (256 * k + ((d >> (8 * k)) & 255));
        for (int l = 0; l < 3; l++) acc[l] ^= e0[l] ^ e1[l];
      }
      for (int l = 0; l < 3; l++) out[3 * x + l] = acc[l];
    }
  });
}

void foldBlocks(const uint64_t* z, size_t blocks, const uint64_t* eq, uint64_t* zv) {
  // Eight blocks at a time: sub[β] sums the weights of those whose bit in β is set, and the
  // eight bits at a position index it. Threads take disjoint runs of words (positions).
  parallelFor(BLOCK_WORDS, 16, [&](size_t from, size_t to) {
    std::vector<uint64_t> sub(3 * 256);
    for (size_t g = 0; g < blocks; g += 8) {
      for (size_t beta = 1; beta < 256; beta++) {
        const size_t k = __builtin_ctzll(beta), rest = beta & (beta - 1);
        for (int l = 0; l < 3; l++) sub[3 * beta + l] = sub[3 * rest + l] ^ (g + k < blocks ? eq[3 * (g + k) + l] : 0);
      }
      const size_t in = std::min<size_t>(8, blocks - g);
      for (size_t i = from; i < to; i++) {
        uint64_t w[8] = {};
        for (size_t k = 0; k < in; k++) w[k] = z[(g + k) * BLOCK_WORDS + i];
        for (int byte = 0; byte < 8; byte++) {
          // Byte `byte` of the eight words as the rows of an 8×8 bit matrix; transposed, its
          // byte q holds the eight blocks' bits at position 64i + 8·byte + q.
          uint64_t m = 0;
          for (size_t k = 0; k < 8; k++) m |= ((w[k] >> (8 * byte)) & 255) << (8 * k);
          m = transpose8x8(m);
          uint64_t* out = zv + 3 * (64 * i + 8 * byte);
          for (int q = 0; q < 8; q++) {
            const uint64_t* e = sub.data() + 3 * ((m >> (8 * q)) & 255);
            out[3 * q] ^= e[0];
            out[3 * q + 1] ^= e[1];
            out[3 * q + 2] ^= e[2];
          }
        }
      }
    }
  });
}

}  // namespace leanvm
