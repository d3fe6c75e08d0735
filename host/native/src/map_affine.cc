// The affine form takes 64 values at a time, byte-sliced: register i holds byte i of each,
// so output byte j of all 64 is the XOR over i of block (j, i) applied to register i, one
// VGF2P8AFFINEQB each. Values go into that layout and back by byte permutes (VBMI) within
// groups of 8 values and 8 × 8 word transposes across the groups; a last partial block is
// mapped in zero-padded copies.
#include "target.h"

#include "map_affine.h"

#include <algorithm>

namespace leanvm {

Scratch<uint64_t> affineBlocks(const Scratch<uint64_t>& images) {
  const size_t nIn = images.size() / 24;
  Scratch<uint64_t> blocks(24 * nIn, 0);
  for (size_t i = 0; i < nIn; i++) {
    for (int b = 0; b < 8; b++) {
      const uint64_t* image = images.data() + 3 * (8 * i + b);
      for (size_t j = 0; j < 24; j++) {
        const unsigned out = (image[j / 8] >> (8 * (j % 8))) & 255;
        for (int o = 0; o < 8; o++) blocks[nIn * j + i] |= uint64_t{(out >> o) & 1u} << (8 * (7 - o) + b);
      }
    }
  }
  return blocks;
}

Scratch<uint64_t> tableImages(const uint64_t* tables, size_t nTables) {
  Scratch<uint64_t> images(24 * nTables);
  for (size_t t = 0; t < nTables; t++) {
    for (int b = 0; b < 8; b++) std::copy_n(tables + 3 * (256 * t + (1 << b)), 3, images.data() + 3 * (8 * t + b));
  }
  return images;
}

}  // namespace leanvm

#if LEANVM_X86
#include <immintrin.h>

LEANVM_GCC12_QUIET_BEGIN
LEANVM_TARGET_BEGIN("avx512f,avx512bw,avx512vbmi,gfni")
#include "zmm_transpose.h"

namespace leanvm {
namespace {

/** Values per block: 64, one per byte of a register. */
constexpr size_t BLOCK = 64;

/** The byte indices of a group's permute for values of R words: entry p of out register r
 * comes from byte at[r][p] of the group's 64R bytes (its R registers). */
template <int R>
struct GroupIndex {
  uint8_t at[R][64];
};

/** In: register r's word b, byte v = byte 8r + b of value v (at 8Rv + 8r + b). */
template <int R>
constexpr GroupIndex<R> slicing() {
  GroupIndex<R> x{};
  for (int r = 0; r < R; r++) {
    for (int b = 0; b < 8; b++) {
      for (int v = 0; v < 8; v++) x.at[r][8 * b + v] = static_cast<uint8_t>(8 * R * v + 8 * r + b);
    }
  }
  return x;
}
/** Out (E values, R = 3): byte 24v + 8r + b of the group = register r's word b, byte v. */
constexpr GroupIndex<3> unslicing() {
  GroupIndex<3> x{};
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
constexpr GroupIndex<2> SLICE2 = slicing<2>();
constexpr GroupIndex<3> SLICE3 = slicing<3>(), UNSLICE = unslicing();

/** out[r] = the bytes of in[0..R) that idx.at[r] picks. */
template <int R>
inline void permute(const __m512i in[R], const GroupIndex<R>& idx, __m512i out[R]) {
  for (int r = 0; r < R; r++) {
    const __m512i i = _mm512_loadu_si512(idx.at[r]);
    // Bytes 0–127 from in[0], in[1]; those at 128–191 (index bit 7) from in[2].
    const __m512i lo = _mm512_permutex2var_epi8(in[0], i, in[1]);
    out[r] = R == 2 ? lo : _mm512_mask_permutexvar_epi8(lo, _mm512_movepi8_mask(i), i, in[R - 1]);
  }
}

/** 64 values of R words at e ↔ 8R registers, byte i of value 8g + v at register i, byte 8g + v. */
template <int R>
inline void slice(const uint64_t* e, const GroupIndex<R>& idx, __m512i s[8 * R]) {
  __m512i byGroup[R][8];
  for (int g = 0; g < 8; g++) {
    __m512i in[R], out[R];
    for (int r = 0; r < R; r++) in[r] = _mm512_loadu_si512(e + 8 * R * g + 8 * r);
    permute<R>(in, idx, out);
    for (int r = 0; r < R; r++) byGroup[r][g] = out[r];
  }
  for (int r = 0; r < R; r++) {
    transposeWords8(byGroup[r]);
    for (int b = 0; b < 8; b++) s[8 * r + b] = byGroup[r][b];
  }
}
inline void unslice(__m512i s[24], uint64_t* e) {
  for (int r = 0; r < 3; r++) transposeWords8(s + 8 * r);
  for (int g = 0; g < 8; g++) {
    const __m512i in[3] = {s[g], s[8 + g], s[16 + g]};
    __m512i out[3];
    permute<3>(in, UNSLICE, out);
    for (int r = 0; r < 3; r++) _mm512_storeu_si512(e + 24 * g + 8 * r, out[r]);
  }
}

/** out[v] = the map (8R input bytes) of the R words at in + Rv, for v in [from, to). In and
 * out may be the same values (R = 3): a block is read whole before it is written. */
template <int R>
inline void mapValues(const uint64_t* blocks, const uint64_t* in, uint64_t* out, size_t from, size_t to,
                       const GroupIndex<R>& idx) {
  constexpr int IN = 8 * R;
  for (size_t v = from; v < to; v += BLOCK) {
    const size_t n = std::min(BLOCK, to - v);
    alignas(64) uint64_t padded[R * BLOCK], paddedOut[3 * BLOCK];
    const uint64_t* x = in + R * v;
    uint64_t* y = out + 3 * v;
    if (n < BLOCK) {
      for (size_t w = 0; w < R * BLOCK; w++) padded[w] = w < R * n ? x[w] : 0;
      x = padded;
      y = paddedOut;
    }
    __m512i s[IN], m[24];
    slice<R>(x, idx, s);
    // Eight output bytes at a time, their sums in registers while the inputs stream by (the
    // inputs and all 24 sums together would spill); two terms a step, one three-way XOR.
    for (int j0 = 0; j0 < 24; j0 += 8) {
      const auto term = [&](int i, int j) {
        return _mm512_gf2p8affine_epi64_epi8(s[i], _mm512_set1_epi64(static_cast<long long>(blocks[IN * (j0 + j) + i])), 0);
      };
      __m512i acc[8];
      for (int j = 0; j < 8; j++) acc[j] = _mm512_xor_si512(term(0, j), term(1, j));
#pragma GCC unroll 16
      for (int i = 2; i < IN; i += 2) {
        for (int j = 0; j < 8; j++) acc[j] = _mm512_ternarylogic_epi64(acc[j], term(i, j), term(i + 1, j), 0x96);
      }
      for (int j = 0; j < 8; j++) m[j0 + j] = acc[j];
    }
    unslice(m, y);
    if (n < BLOCK) std::copy_n(paddedOut, 3 * n, out + 3 * v);
  }
}

}  // namespace

void mapByAffine(const uint64_t* blocks, uint64_t* buf, size_t from, size_t to) {
  mapValues<3>(blocks, buf, buf, from, to, SLICE3);
}

void pairsByAffine(const uint64_t* blocks, const uint64_t* in, uint64_t* out, size_t from, size_t to) {
  mapValues<2>(blocks, in, out, from, to, SLICE2);
}

}  // namespace leanvm
LEANVM_TARGET_END
LEANVM_GCC12_QUIET_END
#endif
