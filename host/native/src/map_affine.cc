// The affine form takes 64 values at a time, byte-sliced: register i holds byte i of each,
// so output byte j of all 64 is the XOR over i of block (j, i) applied to register i, one
// VGF2P8AFFINEQB each. Values go into that layout and back by byte permutes (VBMI) within
// groups of 8 values and 8 × 8 word transposes across the groups; a last partial block is
// mapped in a zero-padded copy.
#include "target.h"

#include "map_affine.h"

namespace leanvm {

std::vector<uint64_t> affineBlocks(const uint64_t* tables) {
  std::vector<uint64_t> blocks(576, 0);
  for (int i = 0; i < 24; i++) {
    for (int b = 0; b < 8; b++) {
      // The image of input bit b of byte i: table i's row for the byte 1 << b.
      const uint64_t* image = tables + 3 * (256 * i + (1 << b));
      for (int j = 0; j < 24; j++) {
        const unsigned out = (image[j / 8] >> (8 * (j % 8))) & 255;
        for (int o = 0; o < 8; o++) blocks[24 * j + i] |= uint64_t{(out >> o) & 1u} << (8 * (7 - o) + b);
      }
    }
  }
  return blocks;
}

}  // namespace leanvm

#if LEANVM_X86
#include <immintrin.h>

// GCC 12's AVX-512 headers seed "undefined" registers from themselves and then warn about it
// (GCC bug 105593, fixed in 12.3): silenced for this file only.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

LEANVM_TARGET_BEGIN("avx512f,avx512bw,avx512vbmi,gfni")
#include "zmm_transpose.h"

namespace leanvm {
namespace {

/** Values per block: 64, one per byte of a register. */
constexpr size_t BLOCK = 64;

/** The byte indices of a group's permute: entry p of out register r comes from byte
 * at[r][p] of the group's 192 bytes (its three registers), in each direction. */
struct GroupIndex {
  uint8_t at[3][64];
};

/** In: register r's word b, byte v = byte 8r + b of value v (at 24v + 8r + b). */
constexpr GroupIndex slicing() {
  GroupIndex x{};
  for (int r = 0; r < 3; r++) {
    for (int b = 0; b < 8; b++) {
      for (int v = 0; v < 8; v++) x.at[r][8 * b + v] = static_cast<uint8_t>(24 * v + 8 * r + b);
    }
  }
  return x;
}
/** Out: byte 24v + 8r + b of the group = register r's word b, byte v. */
constexpr GroupIndex unslicing() {
  GroupIndex x{};
  for (int r = 0; r < 3; r++) {
    for (int b = 0; b < 8; b++) {
      for (int v = 0; v < 8; v++) {
        const int out = 24 * v + 8 * r + b;
        x.at[out / 64][out % 64] = static_cast<uint8_t>(64 * r + 8 * b + v);
      }
    }
  }
  return x;
}
constexpr GroupIndex SLICE = slicing(), UNSLICE = unslicing();

/** out[r] = the bytes of in[0..3) (192) that idx.at[r] picks: two permutes each. */
inline void permute192(const __m512i in[3], const GroupIndex& idx, __m512i out[3]) {
  for (int r = 0; r < 3; r++) {
    const __m512i i = _mm512_loadu_si512(idx.at[r]);
    // Bytes 0–127 from in[0], in[1]; those at 128–191 (index bit 7) from in[2].
    const __m512i lo = _mm512_permutex2var_epi8(in[0], i, in[1]);
    out[r] = _mm512_mask_permutexvar_epi8(lo, _mm512_movepi8_mask(i), i, in[2]);
  }
}

/** 64 values at e (24 bytes each) ↔ 24 registers, byte i of value 8g + v at register i,
 * byte 8g + v. */
inline void slice(const uint64_t* e, __m512i s[24]) {
  __m512i byGroup[3][8];
  for (int g = 0; g < 8; g++) {
    const uint64_t* group = e + 24 * g;
    const __m512i in[3] = {_mm512_loadu_si512(group), _mm512_loadu_si512(group + 8), _mm512_loadu_si512(group + 16)};
    __m512i out[3];
    permute192(in, SLICE, out);
    for (int r = 0; r < 3; r++) byGroup[r][g] = out[r];
  }
  for (int r = 0; r < 3; r++) {
    transposeWords8(byGroup[r]);
    for (int b = 0; b < 8; b++) s[8 * r + b] = byGroup[r][b];
  }
}
inline void unslice(__m512i s[24], uint64_t* e) {
  for (int r = 0; r < 3; r++) transposeWords8(s + 8 * r);
  for (int g = 0; g < 8; g++) {
    const __m512i in[3] = {s[g], s[8 + g], s[16 + g]};
    __m512i out[3];
    permute192(in, UNSLICE, out);
    for (int r = 0; r < 3; r++) _mm512_storeu_si512(e + 24 * g + 8 * r, out[r]);
  }
}

}  // namespace

void mapByAffine(const uint64_t* blocks, uint64_t* buf, size_t from, size_t to) {
  for (size_t v = from; v < to; v += BLOCK) {
    const size_t words = to - v < BLOCK ? 3 * (to - v) : 3 * BLOCK;
    alignas(64) uint64_t padded[3 * BLOCK];
    uint64_t* e = buf + 3 * v;
    if (words < 3 * BLOCK) {
      for (size_t w = 0; w < 3 * BLOCK; w++) padded[w] = w < words ? e[w] : 0;
      e = padded;
    }
    __m512i s[24], y[24];
    slice(e, s);
    for (int j = 0; j < 24; j++) {
      const uint64_t* row = blocks + 24 * j;
      y[j] = _mm512_setzero_si512();
      for (int i = 0; i < 24; i++) {
        const __m512i block = _mm512_set1_epi64(static_cast<long long>(row[i]));
        y[j] = _mm512_xor_si512(y[j], _mm512_gf2p8affine_epi64_epi8(s[i], block, 0));
      }
    }
    unslice(y, e);
    for (size_t w = 0; e == padded && w < words; w++) buf[3 * v + w] = padded[w];
  }
}

}  // namespace leanvm
LEANVM_TARGET_END
#endif
