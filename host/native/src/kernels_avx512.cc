// x86-64 with AVX-512 (F, BW, VL) and VPCLMULQDQ: eight K words per zmm register (avx512_k.h),
// products' high words folded by shifts and a table, and BLAKE2s on sixteen messages at once.
#include <cstddef>
#include <cstdint>

#include "kernels.h"
#include "target.h"

#if LEANVM_X86
#include <immintrin.h>

LEANVM_GCC12_QUIET_BEGIN
LEANVM_TARGET_BEGIN("avx512f,avx512bw,avx512vl,vpclmulqdq,pclmul")
#include "avx512_k.h"
#include "blake2s_lanes.h"
#include "field_lanes.h"
#include "gf64.h"

namespace leanvm {
namespace {

/** hi·x^64 = hi·g with g = (1 + x)(1 + x^3) (gf64.h): hh = hi·(1 + x) by a doubling, then
 * hh ⊕ hh≪3 and the spill by VPSHUFB, folded in one ternary-logic XOR. */
struct ShiftFold {
  static __m512i times64(__m512i hi) {
    const __m512i spill = _mm512_broadcast_i32x4(_mm_loadu_si128(reinterpret_cast<const __m128i*>(SPILL)));
    const __m512i hh = _mm512_xor_si512(hi, _mm512_add_epi64(hi, hi));
    return _mm512_ternarylogic_epi64(hh, _mm512_slli_epi64(hh, 3), _mm512_shuffle_epi8(spill, _mm512_srli_epi64(hi, 60)),
                                     0x96);
  }
};

/** Sixteen messages per zmm register of u32 lanes. */
struct Avx512Lanes {
  static constexpr size_t W = 16;
  using T = __m512i;
  static T set1(uint32_t x) { return _mm512_set1_epi32(static_cast<int>(x)); }
  static T add(T a, T b) { return _mm512_add_epi32(a, b); }
  static T xor_(T a, T b) { return _mm512_xor_si512(a, b); }
  template <int n>
  static T rotr(T x) { return _mm512_ror_epi32(x, n); }

  /** r[j] = row j (16 words) → r[k] = word k of every row: 32-bit, 64-bit, then two 128-bit
   * lane stages. */
  static void transpose16(T r[16]) {
    T t[16], u[16];
    for (int i = 0; i < 8; i++) {
      t[2 * i] = _mm512_unpacklo_epi32(r[2 * i], r[2 * i + 1]);
      t[2 * i + 1] = _mm512_unpackhi_epi32(r[2 * i], r[2 * i + 1]);
    }
    // u[4g + c]: rows 4g..4g+3 of columns c, c+4, c+8, c+12 (one per 128-bit lane).
    for (int g = 0; g < 4; g++) {
      u[4 * g + 0] = _mm512_unpacklo_epi64(t[4 * g], t[4 * g + 2]);
      u[4 * g + 1] = _mm512_unpackhi_epi64(t[4 * g], t[4 * g + 2]);
      u[4 * g + 2] = _mm512_unpacklo_epi64(t[4 * g + 1], t[4 * g + 3]);
      u[4 * g + 3] = _mm512_unpackhi_epi64(t[4 * g + 1], t[4 * g + 3]);
    }
    for (int c = 0; c < 4; c++) {
      const T v = _mm512_shuffle_i32x4(u[c], u[4 + c], 0x44), w = _mm512_shuffle_i32x4(u[8 + c], u[12 + c], 0x44);
      const T v2 = _mm512_shuffle_i32x4(u[c], u[4 + c], 0xee), w2 = _mm512_shuffle_i32x4(u[8 + c], u[12 + c], 0xee);
      r[c] = _mm512_shuffle_i32x4(v, w, 0x88);
      r[c + 4] = _mm512_shuffle_i32x4(v, w, 0xdd);
      r[c + 8] = _mm512_shuffle_i32x4(v2, w2, 0x88);
      r[c + 12] = _mm512_shuffle_i32x4(v2, w2, 0xdd);
    }
  }
  static void loadTransposed(const uint32_t* p, size_t stride, T m[16]) {
    for (int j = 0; j < 16; j++) m[j] = _mm512_loadu_si512(p + j * stride);
    transpose16(m);
  }
  static void storeDigests(const T h[8], uint32_t* out) {
    T r[16];
    for (int k = 0; k < 8; k++) r[k] = h[k];
    for (int k = 8; k < 16; k++) r[k] = _mm512_setzero_si512();
    transpose16(r);
    for (int j = 0; j < 16; j++) _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 8 * j), _mm512_castsi512_si256(r[j]));
  }
};

}  // namespace

static const FieldKernels FIELD = fieldKernels<Avx512K<ShiftFold>>("VPCLMULQDQ (8 words per zmm)");
static const HashKernels HASH = hashKernels<Avx512Lanes>("16 lanes (AVX-512)");
const FieldKernels* const AVX512_FIELD = &FIELD;
const HashKernels* const AVX512_HASH = &HASH;

}  // namespace leanvm
LEANVM_TARGET_END
LEANVM_GCC12_QUIET_END

#else
namespace leanvm {
const FieldKernels* const AVX512_FIELD = nullptr;
const HashKernels* const AVX512_HASH = nullptr;
}  // namespace leanvm
#endif
