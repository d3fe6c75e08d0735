// x86-64 with AVX-512 (F, BW, VL) and VPCLMULQDQ: eight K words per zmm register, and
// BLAKE2s on sixteen messages at once.
#include <cstddef>
#include <cstdint>

#include "kernels.h"
#include "target.h"

#if LEANVM_X86
#include <immintrin.h>

// GCC 12's AVX-512 headers seed "undefined" registers from themselves and then warn about it
// (GCC bug 105593, fixed in 12.3): silenced for this file only.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

LEANVM_TARGET_BEGIN("avx512f,avx512bw,avx512vl,vpclmulqdq,pclmul")
#include "blake2s_lanes.h"
#include "field_lanes.h"
#include "gf64.h"

namespace leanvm {
namespace {

/** Word indices that de-interleave 8 E elements (24 words in three registers) into limb
 * registers and back, for two VPERMT2Q steps each: entries 0–7 pick from the first operand,
 * 8–15 from the second. */
struct LimbIndex {
  int64_t at[8];
};

/** Gather step 1, limb l of element e is word 3e + l: words 0–15 lie in the first two
 * registers. Step 2 keeps those and takes words 16–23 from the third. */
constexpr LimbIndex gatherAB(int l) {
  LimbIndex x{};
  for (int e = 0; e < 8; e++) x.at[e] = 3 * e + l < 16 ? 3 * e + l : 0;
  return x;
}
constexpr LimbIndex gatherC(int l) {
  LimbIndex x{};
  for (int e = 0; e < 8; e++) x.at[e] = 3 * e + l < 16 ? e : 8 + 3 * e + l - 16;
  return x;
}
/** Scatter, word g = 8r + p of output register r being limb g % 3 of element g / 3: step 1
 * takes limbs 0 and 1, step 2 limb 2. */
constexpr LimbIndex scatter01(int r) {
  LimbIndex x{};
  for (int p = 0; p < 8; p++) x.at[p] = (8 * r + p) % 3 == 2 ? 0 : 8 * ((8 * r + p) % 3) + (8 * r + p) / 3;
  return x;
}
constexpr LimbIndex scatter2(int r) {
  LimbIndex x{};
  for (int p = 0; p < 8; p++) x.at[p] = (8 * r + p) % 3 == 2 ? 8 + (8 * r + p) / 3 : p;
  return x;
}

constexpr LimbIndex GATHER_AB[3] = {gatherAB(0), gatherAB(1), gatherAB(2)};
constexpr LimbIndex GATHER_C[3] = {gatherC(0), gatherC(1), gatherC(2)};
constexpr LimbIndex SCATTER_01[3] = {scatter01(0), scatter01(1), scatter01(2)};
constexpr LimbIndex SCATTER_2[3] = {scatter2(0), scatter2(1), scatter2(2)};

inline __m512i indexVector(const LimbIndex& x) { return _mm512_loadu_si512(x.at); }

struct Avx512K {
  static constexpr size_t W = 8;
  using V = __m512i;
  using C = __m512i;
  struct P {
    __m512i e, o;
  };

  static __mmask8 mask(size_t n) { return static_cast<__mmask8>((1u << n) - 1); }
  static V load(const uint64_t* p) { return _mm512_loadu_si512(p); }
  static V load(const uint64_t* p, size_t n) { return _mm512_maskz_loadu_epi64(mask(n), p); }
  static void store(uint64_t* p, V v) { _mm512_storeu_si512(p, v); }
  static void store(uint64_t* p, V v, size_t n) { _mm512_mask_storeu_epi64(p, mask(n), v); }
  static V zero() { return _mm512_setzero_si512(); }
  /** 8×8 words: pairs within 128-bit lanes, then two rounds of 128-bit lane selection. */
  static void transpose(V x[8]) {
    V t[8];
    for (int i = 0; i < 4; i++) {
      t[2 * i] = _mm512_unpacklo_epi64(x[2 * i], x[2 * i + 1]);      // columns 0 2 4 6 of rows 2i, 2i+1
      t[2 * i + 1] = _mm512_unpackhi_epi64(x[2 * i], x[2 * i + 1]);  // columns 1 3 5 7
    }
    for (int odd = 0; odd < 2; odd++) {
      const V a = _mm512_shuffle_i64x2(t[odd], t[2 + odd], 0x88), b = _mm512_shuffle_i64x2(t[4 + odd], t[6 + odd], 0x88);
      const V c = _mm512_shuffle_i64x2(t[odd], t[2 + odd], 0xdd), d = _mm512_shuffle_i64x2(t[4 + odd], t[6 + odd], 0xdd);
      x[odd] = _mm512_shuffle_i64x2(a, b, 0x88);
      x[4 + odd] = _mm512_shuffle_i64x2(a, b, 0xdd);
      x[2 + odd] = _mm512_shuffle_i64x2(c, d, 0x88);
      x[6 + odd] = _mm512_shuffle_i64x2(c, d, 0xdd);
    }
  }
  static V add(V a, V b) { return _mm512_xor_si512(a, b); }
  static P mulWide(V a, V b) { return {_mm512_clmulepi64_epi128(a, b, 0x00), _mm512_clmulepi64_epi128(a, b, 0x11)}; }
  static P add(P a, P b) { return {_mm512_xor_si512(a.e, b.e), _mm512_xor_si512(a.o, b.o)}; }
  /** acc ⊕ lo ⊕ hi·g (gf64.h): hh = hi·(1 + x) by a doubling, then hh ⊕ hh≪3 and the spill
   * by VPSHUFB, folded in two ternary-logic XORs. */
  static V reduceInto(V acc, P p) {
    const __m512i spill = _mm512_broadcast_i32x4(_mm_loadu_si128(reinterpret_cast<const __m128i*>(SPILL)));
    const __m512i lo = _mm512_unpacklo_epi64(p.e, p.o), hi = _mm512_unpackhi_epi64(p.e, p.o);
    const __m512i hh = _mm512_xor_si512(hi, _mm512_add_epi64(hi, hi));
    const __m512i r = _mm512_ternarylogic_epi64(acc, lo, hh, 0x96);
    return _mm512_ternarylogic_epi64(r, _mm512_slli_epi64(hh, 3), _mm512_shuffle_epi8(spill, _mm512_srli_epi64(hi, 60)),
                                     0x96);
  }
  static V reduce(P p) { return reduceInto(_mm512_setzero_si512(), p); }
  static C constant(uint64_t t) { return _mm512_set1_epi64(static_cast<long long>(t)); }
  static V addMul(V u, V v, C t) {
    return reduceInto(u, {_mm512_clmulepi64_epi128(v, t, 0x00), _mm512_clmulepi64_epi128(v, t, 0x01)});
  }
  static void load3(const uint64_t* p, size_t n, V& c0, V& c1, V& c2) {
    const size_t words = 3 * n;
    const V a = load(p, words < 8 ? words : 8);
    const V b = words > 8 ? load(p + 8, words < 16 ? words - 8 : 8) : _mm512_setzero_si512();
    const V c = words > 16 ? load(p + 16, words - 16) : _mm512_setzero_si512();
    V* limb[3] = {&c0, &c1, &c2};
    for (int l = 0; l < 3; l++) {
      *limb[l] = _mm512_permutex2var_epi64(_mm512_permutex2var_epi64(a, indexVector(GATHER_AB[l]), b),
                                              indexVector(GATHER_C[l]), c);
    }
  }
  static void store3(uint64_t* p, size_t n, V c0, V c1, V c2) {
    const size_t words = 3 * n;
    for (int r = 0; r < 3 && 8 * static_cast<size_t>(r) < words; r++) {
      const V v = _mm512_permutex2var_epi64(
          _mm512_permutex2var_epi64(c0, indexVector(SCATTER_01[r]), c1), indexVector(SCATTER_2[r]), c2);
      const size_t left = words - 8 * r;
      store(p + 8 * r, v, left < 8 ? left : 8);
    }
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

static const FieldKernels FIELD = fieldKernels<Avx512K>("VPCLMULQDQ (8 words per zmm)");
static const HashKernels HASH = hashKernels<Avx512Lanes>("16 lanes (AVX-512)");
const FieldKernels* const AVX512_FIELD = &FIELD;
const HashKernels* const AVX512_HASH = &HASH;

}  // namespace leanvm
LEANVM_TARGET_END

#else
namespace leanvm {
const FieldKernels* const AVX512_FIELD = nullptr;
const HashKernels* const AVX512_HASH = nullptr;
}  // namespace leanvm
#endif
