// The block fold (bit_columns.h foldBlocks) in affine form, for CPUs with AVX-512, VBMI and
// GFNI; bit_columns.cc includes it once. The fold is a product over F2: zv (positions × 192
// bits) = Zᵀ (positions × blocks) · eq (blocks × 192 bits). One GF2P8AFFINEQB multiplies an
// 8 × 8 block of it for 64 positions: the bytes x of 64 positions, bit t of each the position's
// bit in block 8g + t, times eq's byte c of those eight blocks as a matrix. So a position's
// E byte c is the XOR over groups g of one affine product, and 64 positions' 24 bytes are 24
// zmm sums that stay in registers over a tile of groups (the table form reads and writes a
// 32-byte row per position and group of eight). A thread takes a run of words (64 positions
// each) and all blocks.
#pragma once
#include <immintrin.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "bit_columns.h"
#include "memory.h"
#include "target.h"

LEANVM_GCC12_QUIET_BEGIN
LEANVM_TARGET_BEGIN("avx512f,avx512bw,avx512vbmi,gfni")
#include "zmm_transpose.h"

namespace leanvm {
namespace {

/** Groups of eight blocks a tile: its bytes x for the thread's words (64 bytes a group and
 * word, 128 KiB at most) stay in L2 while they are summed, its matrices in L1. */
constexpr size_t FOLD_TILE_GROUPS = 8;

/** The byte indices of byteColumns: out byte 8b + 7 − t is in byte 8t + b. */
struct ByteColumns {
  uint8_t at[64];
};
constexpr ByteColumns byteColumnIndex() {
  ByteColumns x{};
  for (int b = 0; b < 8; b++) {
    for (int t = 0; t < 8; t++) x.at[8 * b + 7 - t] = static_cast<uint8_t>(8 * t + b);
  }
  return x;
}
constexpr ByteColumns BYTE_COLUMNS = byteColumnIndex();

/** The 8 × 8 byte transpose with rows reversed: out word b, byte 7 − t = in word t, byte b. */
inline __m512i byteColumns(__m512i in) {
  return _mm512_permutexvar_epi8(_mm512_loadu_si512(BYTE_COLUMNS.at), in);
}

/** x: word t = word i of block t of a group (zero past the blocks). The positions' bytes:
 * byte 8b + q has, at bit t, bit 8b + q of word t. Each word b of byteColumns(x) is a matrix
 * whose byte 7 − t is byte b of word t; applied to the byte 1 << q, it gives bit q of each. */
inline __m512i positionBytes(__m512i x) {
  return _mm512_gf2p8affine_epi64_epi8(_mm512_set1_epi64(0x8040201008040201ll), byteColumns(x), 0);
}

/** x: word t = limb r of eq of block t of a group (zero past the blocks). Word b is the
 * matrix of E byte 8r + b: its byte 7 − k has, at bit t, bit 8b + k of word t (GF2P8AFFINEQB
 * takes output bit k from byte 7 − k). Applying byteColumns(x)'s word b to the byte
 * 1 << (7 − q) gives, at bit t, bit 7 − q of byte b of word t. */
inline __m512i groupMatrices(__m512i x) {
  return _mm512_gf2p8affine_epi64_epi8(_mm512_set1_epi64(0x0102040810204080ll), byteColumns(x), 0);
}

/** The tile's groups [g0, g0 + n)'s matrices: 24 words a group, limb r's eight at 24g + 8r. */
inline void tileMatrices(const uint64_t* eq, size_t blocks, size_t g0, size_t n, __m512i* mats) {
  for (size_t g = 0; g < n; g++) {
    const size_t b0 = 8 * (g0 + g), in = std::min<size_t>(8, blocks - b0);
    for (int r = 0; r < 3; r++) {
      alignas(64) uint64_t limbs[8] = {};
      for (size_t t = 0; t < in; t++) limbs[t] = eq[3 * (b0 + t) + r];
      mats[3 * g + r] = groupMatrices(_mm512_load_si512(limbs));
    }
  }
}

/** A tile: groups [g0, g0 + n), n = 0 past the last. */
struct FoldTile {
  size_t g0, n;
  /** Its blocks of the `blocks`. */
  size_t blocksIn(size_t blocks) const { return n == 0 ? 0 : std::min(8 * n, blocks - 8 * g0); }
};

/** The tile's bytes x for words [from, from + words) (a multiple of 8): word from + i's for
 * group g at xs[FOLD_TILE_GROUPS·i + g]. */
inline void tileBytes(const uint64_t* z, size_t blocks, const FoldTile& tile, size_t from, size_t words, __m512i* xs) {
  for (size_t g = 0; g < tile.n; g++) {
    const size_t b0 = 8 * (tile.g0 + g), in = std::min<size_t>(8, blocks - b0);
    for (size_t i = 0; i < words; i += 8) {
      // Eight words of each block, transposed: x[j] = word from + i + j of the eight blocks.
      __m512i x[8];
      for (size_t t = 0; t < 8; t++) {
        x[t] = t < in ? _mm512_loadu_si512(z + (b0 + t) * BLOCK_WORDS + from + i) : _mm512_setzero_si512();
      }
      transposeWords8(x);
      for (size_t j = 0; j < 8; j++) xs[FOLD_TILE_GROUPS * (i + j) + g] = positionBytes(x[j]);
    }
  }
}

/** Part `part` of `parts` of the tile's words [from, from + words) of z into cache: its lines
 * in memory order, an equal run a part. Inlined into its caller: GCC takes a function of
 * prefetches alone for pure and drops its calls. */
__attribute__((always_inline)) inline void prefetchPart(const uint64_t* z, size_t blocks, const FoldTile& tile, size_t from,
                                                       size_t words, size_t part, size_t parts) {
  const size_t lines = words / 8, all = tile.blocksIn(blocks) * lines;
  for (size_t l = all * part / parts; l < all * (part + 1) / parts; l++) {
    const size_t block = 8 * tile.g0 + l / lines;
    _mm_prefetch(reinterpret_cast<const char*>(z + block * BLOCK_WORDS + from + 8 * (l % lines)), _MM_HINT_T1);
  }
}

/** sums[24i + c] ^= Σ over the tile's n groups of byte c's matrix applied to word i's bytes,
 * two groups an XOR (a ternary one). The next tile's words of z are fetched meanwhile, a part
 * before each word, so that its loads from memory overlap these products. */
inline void tileSums(const __m512i* xs, const __m512i* mats, size_t n, size_t words, __m512i* sums, const uint64_t* z,
                     size_t blocks, const FoldTile& next, size_t from) {
  const uint64_t* m = reinterpret_cast<const uint64_t*>(mats);
  for (size_t i = 0; i < words; i++) {
    prefetchPart(z, blocks, next, from, words, i, words);
    const __m512i* x = xs + FOLD_TILE_GROUPS * i;
    __m512i acc[24];
#pragma GCC unroll 24
    for (int c = 0; c < 24; c++) acc[c] = sums[24 * i + c];
    size_t g = 0;
    for (; g + 2 <= n; g += 2) {
#pragma GCC unroll 24
      for (int c = 0; c < 24; c++) {
        const __m512i a = _mm512_gf2p8affine_epi64_epi8(x[g], _mm512_set1_epi64(m[24 * g + c]), 0);
        const __m512i b = _mm512_gf2p8affine_epi64_epi8(x[g + 1], _mm512_set1_epi64(m[24 * g + 24 + c]), 0);
        acc[c] = _mm512_ternarylogic_epi64(acc[c], a, b, 0x96);
      }
    }
    for (; g < n; g++) {
#pragma GCC unroll 24
      for (int c = 0; c < 24; c++) {
        acc[c] = _mm512_xor_si512(acc[c], _mm512_gf2p8affine_epi64_epi8(x[g], _mm512_set1_epi64(m[24 * g + c]), 0));
      }
    }
#pragma GCC unroll 24
    for (int c = 0; c < 24; c++) sums[24 * i + c] = acc[c];
  }
}

/** n zeroed registers' room on a 64-byte boundary, in `words`. */
inline __m512i* registers(Scratch<uint64_t>& words, size_t n) {
  words.assign(8 * n + 8, 0);
  return reinterpret_cast<__m512i*>((reinterpret_cast<uintptr_t>(words.data()) + 63) & ~uintptr_t{63});
}

/** zv's positions 64·[from, to) += the blocks weighted by eq; from and to multiples of 8. */
void foldAffine(const uint64_t* z, size_t blocks, const uint64_t* eq, size_t from, size_t to, uint64_t* zv) {
  const size_t groups = (blocks + 7) / 8, words = to - from;
  Scratch<uint64_t> sumWords, matWords, xWords;
  __m512i* sums = registers(sumWords, 24 * words);
  __m512i* mats = registers(matWords, 3 * FOLD_TILE_GROUPS);
  __m512i* xs = registers(xWords, FOLD_TILE_GROUPS * words);
  const auto tileAt = [&](size_t g0) { return FoldTile{g0, std::min(FOLD_TILE_GROUPS, groups - g0)}; };
  for (FoldTile tile = tileAt(0); tile.n > 0;) {
    const FoldTile next = tileAt(tile.g0 + tile.n);
    tileMatrices(eq, blocks, tile.g0, tile.n, mats);
    tileBytes(z, blocks, tile, from, words, xs);
    tileSums(xs, mats, tile.n, words, sums, z, blocks, next, from);
    tile = next;
  }
  // Byte p of sum 24i + c is byte c of position 64(from + i) + p's E value.
  const uint8_t* bytes = reinterpret_cast<const uint8_t*>(sums);
  for (size_t i = 0; i < words; i++) {
    for (size_t p = 0; p < 64; p++) {
      uint64_t* e = zv + 3 * (64 * (from + i) + p);
      for (size_t l = 0; l < 3; l++) {
        uint64_t w = 0;
        for (size_t b = 0; b < 8; b++) w |= uint64_t{bytes[64 * (24 * i + 8 * l + b) + p]} << (8 * b);
        e[l] ^= w;
      }
    }
  }
}

}  // namespace
}  // namespace leanvm
LEANVM_TARGET_END
LEANVM_GCC12_QUIET_END
