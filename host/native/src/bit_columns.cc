// The skip pass is the path's skipSums where it has one (skip_bytes.h), else its skipLanes
// (skip_lanes.h) with the weights added into bins keyed by lane byte, which each thread
// resolves into sums at its end. The bins, the entries' and the block fold's table rows are E
// values as e_rows.h lays them out for the active path; on AVX-512 with GFNI the entries are
// instead one affine map of each word pair (map_affine.h) and the block fold takes an affine
// form too (fold_affine.h). Threads take disjoint runs of groups (skip pass, entries) or of
// positions (block fold); the skip pass's sums are per thread, XORed into the caller's under
// a lock (exact, in any order).
#include "bit_columns.h"

#include <algorithm>
#include <cstring>
#include <mutex>

#include "dispatch.h"
#include "e_rows.h"
#include "map_affine.h"
#include "memory.h"
#include "threads.h"
#if LEANVM_X86
#include <immintrin.h>

#include "fold_affine.h"
#endif

namespace leanvm {
namespace {

/** Groups a thread takes at least (a group is about a microsecond). */
constexpr size_t GROUP_GRAIN = 256;

/** lt64[(256k + β)·8 + p]: plane p of the Λ image of byte β at byte position k. */
Scratch<uint64_t> widen(const uint32_t* lt) {
  Scratch<uint64_t> t(8 * 256 * 8);
  for (size_t row = 0; row < 8 * 256; row++) {
    for (int p = 0; p < 8; p++) t[8 * row + p] = lt[16 * row + p] | uint64_t{lt[16 * row + 8 + p]} << 32;
  }
  return t;
}

/** The 8×8 bit matrix whose row r is byte r of x, transposed in place (bit c of row r ↔ bit r
 * of row c): three rounds of swapping off-diagonal blocks (Hacker's Delight 7–3). W: a word,
 * or a vector of words (GCC/Clang extension, taken by reference as e_rows.h says), one matrix
 * each. */
template <class W>
inline void transpose8x8(W& x) {
  W t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAull;
  x ^= t ^ (t << 7);
  t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCull;
  x ^= t ^ (t << 14);
  t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ull;
  x ^= t ^ (t << 28);
}

/** Bin keys: 8 bytes of each lane word; a key's bins are its 256 byte values' E sums. */
constexpr size_t SKIP_KEYS = 8 * SKIP_LANE_WORDS;
/** Groups per batch: their lane words (SKIP_LANE_WORDS × 8 bytes each) stay in L2. */
constexpr size_t BATCH = 2048;
/** Words from a lane word of a batch's group to the next lane word: a batch, and a cache line
 * more, so a group's 28 lane words fall in different L1 sets (a power-of-two stride would
 * put them all in one). */
constexpr size_t LANE_STRIDE = BATCH + 8;
/** Keys a pass over a batch adds into: their bins (4 × 256 rows) stay in L1, and the four
 * adds of a group are independent (consecutive groups' adds to one bin would chain). */
constexpr size_t KEYS_PER_PASS = 4;

/** The weights of groups [g0, g0 + n) into lo (3n words), hi its scratch: one product each. */
void batchWeights(const FieldKernels& k, const SkipWeights& weights, size_t g0, size_t n, uint64_t* lo, uint64_t* hi) {
  for (size_t i = 0; i < n; i++) {
    const size_t g = g0 + i;
    std::copy_n(weights.lo + 3 * (g % weights.nLo), 3, lo + 3 * i);
    std::copy_n(weights.hi + 3 * (g / weights.nLo), 3, hi + 3 * i);
  }
  k.mulE(lo, hi, lo, n);
}

/** sums += the bins' sums: key 8w + q's bins summed over the bytes with bit i set are the
 * weights of lane 8q + i's plane w bit, and φ8 is linear, so sums[64s + λ] = Σ_w φ8(t^p(w))·
 * (that lane sum) over the set's words w (E, O, I: plane p = w − 8s; D: pair j = w − 24 at
 * p = 2j), the products one batch. */
template <class Row>
LEANVM_ALWAYS_INLINE void binSums(const FieldKernels& k, const Row* bins, uint64_t* sums) {
  Scratch<uint64_t> lanes(3 * 8 * SKIP_KEYS), phi(lanes.size());
  for (size_t key = 0; key < SKIP_KEYS; key++) {
    const size_t w = key / 8, p = w < 24 ? w % 8 : 2 * (w - 24);
    for (size_t i = 0; i < 8; i++) {
      Row lane{};
      for (size_t beta = 1u << i; beta < 256; beta = (beta + 1) | (1u << i)) lane ^= bins[256 * key + beta];
      storeRow(&lanes[3 * (8 * key + i)], lane);
      std::fill_n(&phi[3 * (8 * key + i)], 3, PHI8_BASIS[p]);
    }
  }
  k.mulK(lanes.data(), phi.data(), lanes.data(), lanes.size());
  for (size_t key = 0; key < SKIP_KEYS; key++) {
    const size_t set = std::min<size_t>(key / 64, 3);
    for (size_t i = 0; i < 8; i++) {
      for (int l = 0; l < 3; l++) sums[3 * (64 * set + 8 * (key % 8) + i) + l] ^= lanes[3 * (8 * key + i) + l];
    }
  }
}

/** One thread's groups [from, to) into its sums: a batch's lane words and weights first, then
 * the weights into the thread's bins (rows of type Row, key by key), and the bins' sums. */
template <class Row>
LEANVM_ALWAYS_INLINE void binGroups(const FieldKernels& k, const uint64_t* lt64, const uint64_t* a, const uint64_t* b,
                                    const uint64_t* c, const SkipWeights& weights, size_t from, size_t to,
                                    uint64_t* sums) {
  Rows<Row> own(SKIP_KEYS * 256), w(BATCH);
  Scratch<uint64_t> lanes(SKIP_LANE_WORDS * LANE_STRIDE), lo(3 * BATCH), hi(3 * BATCH);
  // Byte q of lane word w of group i is byte 8(w·LANE_STRIDE + i) + q: bin key 8w + q.
  const uint8_t* bytes = reinterpret_cast<const uint8_t*>(lanes.data());
  for (size_t g0 = from; g0 < to; g0 += BATCH) {
    const size_t n = std::min(BATCH, to - g0);
    k.skipLanes(lt64, a + 8 * g0, b + 8 * g0, c + 8 * g0, n, lanes.data(), LANE_STRIDE);
    batchWeights(k, weights, g0, n, lo.data(), hi.data());
    for (size_t i = 0; i < n; i++) loadRow(w[i], lo.data() + 3 * i);
    for (size_t key = 0; key < SKIP_KEYS; key += KEYS_PER_PASS) {
      Row* keys = own.data() + 256 * key;
      const uint8_t* by = bytes + 8 * (key / 8) * LANE_STRIDE + key % 8;
      for (size_t i = 0; i < n; i++) {
        for (size_t t = 0; t < KEYS_PER_PASS; t++) keys[256 * t + by[8 * i + t]] ^= w[i];
      }
    }
  }
  binSums(k, own.data(), sums);
}

/** out[x] for x in [from, to): 16 rows of `rows` (t0's 8 tables, then t1's). */
template <class Row>
LEANVM_ALWAYS_INLINE void entries(const uint64_t* col, const Row* rows, size_t from, size_t to, uint64_t* out) {
  for (size_t x = from; x < to; x++) {
    const uint8_t* w0 = reinterpret_cast<const uint8_t*>(col + 2 * x);
    const uint64_t d = col[2 * x] ^ col[2 * x + 1];
    Row acc = rows[w0[0]];
    for (int k = 1; k < 8; k++) acc ^= rows[256 * k + w0[k]];
    for (int k = 0; k < 8; k++) acc ^= rows[256 * (8 + k) + ((d >> (8 * k)) & 255)];
    storeRow(out + 3 * x, acc);
  }
}

/** Groups of eight blocks a pass over a thread's positions takes: their subset-sum tables
 * stay in L1, and a position's sum over them in a register, added into the thread's rows (in
 * L2) once a pass rather than once a group. */
constexpr size_t FOLD_TABLES = 4;

/** w[t] byte b ↔ w[b] byte t: three rounds of swapping off-diagonal blocks of bytes. */
inline void transposeBytes8(uint64_t w[8]) {
  constexpr uint64_t KEEP[3] = {0x00000000FFFFFFFFull, 0x0000FFFF0000FFFFull, 0x00FF00FF00FF00FFull};
  for (int r = 0; r < 3; r++) {
    const int d = 4 >> r, shift = 8 * d;
    for (int t = 0; t < 8; t++) {
      if (t & d) continue;
      const uint64_t a = w[t], b = w[t + d];
      w[t] = (a & KEEP[r]) | ((b << shift) & ~KEEP[r]);
      w[t + d] = ((a >> shift) & KEEP[r]) | (b & ~KEEP[r]);
    }
  }
}

/** The positions' bytes, portably: bytes[p] holds, at bit t, bit p of w[t] (w: word i of a
 * group's eight blocks; bytes[p] indexes the group's table at position 64i + p). */
struct PortableBytes {
  static void of(uint64_t w[8], uint8_t bytes[64]) {
    transposeBytes8(w);  // word b: byte b of each block's word, block t's at byte t
    for (int b = 0; b < 8; b++) {
      transpose8x8(w[b]);
      std::memcpy(bytes + 8 * b, &w[b], 8);
    }
  }
};

/** sub[β]: the sum of the weights of group g's blocks whose bit in β is set. Each row is the
 * sum of an earlier row and a weight held in a register (a weight loaded into a row in memory
 * and read back whole would wait on a store that cannot be forwarded). */
template <class Row>
LEANVM_ALWAYS_INLINE void subsetSums(const uint64_t* eq, size_t blocks, size_t g, Row* sub) {
  const size_t in = std::min<size_t>(8, blocks - 8 * g);
  Row weight[8] = {};
  for (size_t k = 0; k < in; k++) loadRow(weight[k], eq + 3 * (8 * g + k));
  sub[0] = Row{};
  for (size_t beta = 1; beta < 256; beta++) {
    sub[beta] = sub[beta & (beta - 1)];
    sub[beta] ^= weight[__builtin_ctzll(beta)];
  }
}

/** zv's positions 64·[from, to) += the blocks weighted by eq, eight blocks (a group) at a
 * time: the eight bits at a position index the group's subset sums. The thread's positions
 * are summed in rows, FOLD_TABLES groups a pass, then added into zv. */
template <class Row, class Bytes>
LEANVM_ALWAYS_INLINE void foldRange(const uint64_t* z, size_t blocks, const uint64_t* eq, size_t from, size_t to,
                                    uint64_t* zv) {
  Rows<Row> subs(256 * FOLD_TABLES), sums(64 * (to - from));
  const size_t groups = (blocks + 7) / 8;
  for (size_t g0 = 0; g0 < groups; g0 += FOLD_TABLES) {
    const size_t n = std::min(FOLD_TABLES, groups - g0);
    for (size_t k = 0; k < n; k++) subsetSums(eq, blocks, g0 + k, subs.data() + 256 * k);
    for (size_t i = from; i < to; i++) {
      alignas(64) uint8_t bytes[FOLD_TABLES][64];
      // A pass past the tile's groups reads their byte 0, the zero row of their tables.
      if (n < FOLD_TABLES) std::memset(bytes[n], 0, 64 * (FOLD_TABLES - n));
      for (size_t k = 0; k < n; k++) {
        uint64_t w[8];
        for (size_t t = 0; t < 8; t++) {
          const size_t block = 8 * (g0 + k) + t;
          w[t] = block < blocks ? z[block * BLOCK_WORDS + i] : 0;
        }
        Bytes::of(w, bytes[k]);
      }
      Row* out = sums.data() + 64 * (i - from);
      for (size_t p = 0; p < 64; p++) {
        Row acc = subs[bytes[0][p]];
        for (size_t k = 1; k < FOLD_TABLES; k++) acc ^= subs[256 * k + bytes[k][p]];
        out[p] ^= acc;
      }
    }
  }
  for (size_t j = 0; j < 64 * (to - from); j++) addRow(zv + 3 * (64 * from + j), sums[j]);
}

// The kernels on portable rows, and below on wide rows compiled for AVX2.
void binGroupsPortable(const FieldKernels& k, const uint64_t* lt64, const uint64_t* a, const uint64_t* b, const uint64_t* c,
                       const SkipWeights& weights, size_t from, size_t to, uint64_t* sums) {
  binGroups<Row3>(k, lt64, a, b, c, weights, from, to, sums);
}
void entriesPortable(const uint64_t* col, const Row3* rows, size_t from, size_t to, uint64_t* out) {
  entries(col, rows, from, to, out);
}
void foldPortable(const uint64_t* z, size_t blocks, const uint64_t* eq, size_t from, size_t to, uint64_t* zv) {
  foldRange<Row3, PortableBytes>(z, blocks, eq, from, to, zv);
}

}  // namespace
}  // namespace leanvm

#if LEANVM_X86
LEANVM_TARGET_BEGIN("avx2")
namespace leanvm {
namespace {

void binGroupsWide(const FieldKernels& k, const uint64_t* lt64, const uint64_t* a, const uint64_t* b, const uint64_t* c,
                   const SkipWeights& weights, size_t from, size_t to, uint64_t* sums) {
  binGroups<Row4>(k, lt64, a, b, c, weights, from, to, sums);
}
void entriesWide(const uint64_t* col, const Row4* rows, size_t from, size_t to, uint64_t* out) {
  entries(col, rows, from, to, out);
}
/** The positions' bytes as PortableBytes has them, in vectors: the eight words' bytes
 * transposed by unpacking (byte b of w[t] to byte 8b + t), then the bits of each word. */
struct UnpackedBytes {
  typedef uint64_t Words4 __attribute__((vector_size(32)));
  static void of(const uint64_t w[8], uint8_t bytes[64]) {
    __m128i x[8];
    for (int t = 0; t < 8; t++) x[t] = _mm_cvtsi64_si128(static_cast<long long>(w[t]));
    __m128i pairs[4], quads[4];
    for (int j = 0; j < 4; j++) pairs[j] = _mm_unpacklo_epi8(x[2 * j], x[2 * j + 1]);
    for (int j = 0; j < 2; j++) {
      quads[j] = _mm_unpacklo_epi16(pairs[2 * j], pairs[2 * j + 1]);      // bytes 0–3 of four words
      quads[2 + j] = _mm_unpackhi_epi16(pairs[2 * j], pairs[2 * j + 1]);  // bytes 4–7
    }
    for (int h = 0; h < 2; h++) {
      // Words 4h .. 4h + 4 of the transposed bytes, from the quads of bytes 4h .. 4h + 4.
      Words4 v = (Words4)_mm256_set_m128i(_mm_unpackhi_epi32(quads[2 * h], quads[2 * h + 1]),
                                          _mm_unpacklo_epi32(quads[2 * h], quads[2 * h + 1]));
      transpose8x8(v);
      std::memcpy(bytes + 32 * h, &v, 32);
    }
  }
};

void foldWide(const uint64_t* z, size_t blocks, const uint64_t* eq, size_t from, size_t to, uint64_t* zv) {
  foldRange<Row4, UnpackedBytes>(z, blocks, eq, from, to, zv);
}

}  // namespace
}  // namespace leanvm
LEANVM_TARGET_END
#endif

namespace leanvm {

void skipSums(const FieldKernels& k, const uint32_t* lt, const uint64_t* a, const uint64_t* b, const uint64_t* c, size_t groups,
              const SkipWeights& weights, uint64_t* sums) {
  const Scratch<uint64_t> lt64 = widen(lt);
  // A thread's groups into its own sums: the path's form, or bins of the active path's rows.
  const auto groupSums = [&](size_t from, size_t to, uint64_t* own) {
    if (k.skipSums != nullptr) {
      k.skipSums(lt64.data(), a, b, c, from, to, weights.lo, weights.nLo, weights.hi, own);
      return;
    }
#if LEANVM_X86
    if (wideRows()) {
      binGroupsWide(k, lt64.data(), a, b, c, weights, from, to, own);
      return;
    }
#endif
    binGroupsPortable(k, lt64.data(), a, b, c, weights, from, to, own);
  };
  std::mutex m;
  parallelFor(groups, GROUP_GRAIN, [&](size_t from, size_t to) {
    Scratch<uint64_t> own(SKIP_SUM_WORDS);
    groupSums(from, to, own.data());
    std::lock_guard<std::mutex> lock(m);
    for (size_t i = 0; i < SKIP_SUM_WORDS; i++) sums[i] ^= own[i];
  });
}

void zerocheckEntries(const uint64_t* col, size_t count, const uint64_t* t0, const uint64_t* t1, uint64_t* out) {
  Scratch<uint64_t> tables(t0, t0 + 3 * 8 * 256);
  tables.insert(tables.end(), t1, t1 + 3 * 8 * 256);
#if LEANVM_X86
  if (activePath().affine) {
    // T0(w0) + T1(w0 ⊕ w1) = (T0 + T1)(w0) + T1(w1): one linear map of the pair's 16 bytes.
    Scratch<uint64_t> images = tableImages(tables.data(), 16);
    for (size_t i = 0; i < 3 * 64; i++) images[i] ^= images[3 * 64 + i];
    const Scratch<uint64_t> blocks = affineBlocks(images);
    parallelFor((count + 63) / 64, 4096 / 64,
                [&](size_t from, size_t to) { pairsByAffine(blocks.data(), col, out, 64 * from, std::min(count, 64 * to)); });
    return;
  }
  if (wideRows()) {
    const Rows<Row4> rows = rowsOf<Row4>(tables.data(), 16 * 256);
    parallelFor(count, 4096, [&](size_t from, size_t to) { entriesWide(col, rows.data(), from, to, out); });
    return;
  }
#endif
  const Rows<Row3> rows = rowsOf<Row3>(tables.data(), 16 * 256);
  parallelFor(count, 4096, [&](size_t from, size_t to) { entriesPortable(col, rows.data(), from, to, out); });
}

void foldBlocks(const uint64_t* z, size_t blocks, const uint64_t* eq, uint64_t* zv) {
#if LEANVM_X86
  if (activePath().affine) {
    parallelFor(BLOCK_WORDS, 8, [&](size_t from, size_t to) { foldAffine(z, blocks, eq, from, to, zv); });
    return;
  }
  if (wideRows()) {
    parallelFor(BLOCK_WORDS, 16, [&](size_t from, size_t to) { foldWide(z, blocks, eq, from, to, zv); });
    return;
  }
#endif
  parallelFor(BLOCK_WORDS, 16, [&](size_t from, size_t to) { foldPortable(z, blocks, eq, from, to, zv); });
}

}  // namespace leanvm
