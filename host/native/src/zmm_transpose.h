// The 8 × 8 transpose of the words of eight zmm registers, for the AVX-512 regions of the
// files that include it inside one (target.h): its code compiles for that region.
#pragma once

namespace leanvm {
namespace {

/** x[i] word j ↔ x[j] word i: pairs within 128-bit lanes, then two rounds of 128-bit lane
 * selection. */
inline void transposeWords8(__m512i x[8]) {
  __m512i t[8];
  for (int i = 0; i < 4; i++) {
    t[2 * i] = _mm512_unpacklo_epi64(x[2 * i], x[2 * i + 1]);      // columns 0 2 4 6 of rows 2i, 2i+1
    t[2 * i + 1] = _mm512_unpackhi_epi64(x[2 * i], x[2 * i + 1]);  // columns 1 3 5 7
  }
  for (int odd = 0; odd < 2; odd++) {
    const __m512i a = _mm512_shuffle_i64x2(t[odd], t[2 + odd], 0x88), b = _mm512_shuffle_i64x2(t[4 + odd], t[6 + odd], 0x88);
    const __m512i c = _mm512_shuffle_i64x2(t[odd], t[2 + odd], 0xdd), d = _mm512_shuffle_i64x2(t[4 + odd], t[6 + odd], 0xdd);
    x[odd] = _mm512_shuffle_i64x2(a, b, 0x88);
    x[4 + odd] = _mm512_shuffle_i64x2(a, b, 0xdd);
    x[2 + odd] = _mm512_shuffle_i64x2(c, d, 0x88);
    x[6 + odd] = _mm512_shuffle_i64x2(c, d, 0xdd);
  }
}

}  // namespace
}  // namespace leanvm
