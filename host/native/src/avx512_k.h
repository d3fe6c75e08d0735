// The AVX-512 lane type of K words (field_lanes.h's interface) for the files that include it
// inside an AVX-512 + VPCLMULQDQ region (target.h): kernels_avx512.cc and kernels_avx512_gfni.cc.
#pragma once
#include "e_lanes.h"
#include "zmm_transpose.h"

namespace leanvm {
namespace {

/** Eight E elements in three registers (e_lanes.h). */
using E8 = ELanes<8>;

/** Lanes whose limb-l word comes from register r. */
constexpr __mmask8 fromReg(int l, int r) {
  unsigned m = 0;
  for (int j = 0; j < 8; j++) m |= (E8::regOf(l, j) == r ? 1u : 0u) << j;
  return static_cast<__mmask8>(m);
}

/** Lanes of register r that hold limb-l words. */
constexpr __mmask8 limbLanes(int r, int l) {
  unsigned m = 0;
  for (int j = 0; j < 8; j++) m |= (E8::limbIn(r, j) == l ? 1u : 0u) << j;
  return static_cast<__mmask8>(m);
}

struct LaneIndex {
  int64_t at[8];
};

/** Blended limb l into limb 0's element order. */
constexpr LaneIndex toLimb0Order(int l) {
  LaneIndex x{};
  for (int j = 0; j < 8; j++) x.at[j] = E8::toLimb0(l, j);
  return x;
}

/** The inverse of toLimb0Order(l). */
constexpr LaneIndex fromLimb0Order(int l) {
  LaneIndex x{};
  for (int j = 0; j < 8; j++) x.at[E8::toLimb0(l, j)] = j;
  return x;
}

constexpr LaneIndex TO_LIMB0[3] = {toLimb0Order(0), toLimb0Order(1), toLimb0Order(2)};
constexpr LaneIndex FROM_LIMB0[3] = {fromLimb0Order(0), fromLimb0Order(1), fromLimb0Order(2)};

/** unzip's two-source lanes: the first (0) or second (1) values of pairs. */
constexpr LaneIndex pairOrder(int second) {
  LaneIndex x{};
  for (int j = 0; j < 8; j++) x.at[j] = E8::pairSource(second, j);
  return x;
}

constexpr LaneIndex PAIR_VALUE[2] = {pairOrder(0), pairOrder(1)};

inline __m512i indexVector(const LaneIndex& x) { return _mm512_loadu_si512(x.at); }

/** Eight K words per zmm. Fold::times64(hi) is hi·x^64 mod p for eight high words of
 * products: the one place the two AVX-512 paths differ (kernels_avx512.cc by shifts and a
 * table, kernels_avx512_gfni.cc by affine byte maps). */
template <class Fold>
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
  /** 8×8 words (zmm_transpose.h). */
  static void transpose(V x[8]) { transposeWords8(x); }
  static V add(V a, V b) { return _mm512_xor_si512(a, b); }
  static P mulWide(V a, V b) { return {_mm512_clmulepi64_epi128(a, b, 0x00), _mm512_clmulepi64_epi128(a, b, 0x11)}; }
  static P add(P a, P b) { return {_mm512_xor_si512(a.e, b.e), _mm512_xor_si512(a.o, b.o)}; }
  /** acc ⊕ lo ⊕ hi·x^64 mod p, the high words' fold from Fold. */
  static V reduceInto(V acc, P p) {
    const __m512i lo = _mm512_unpacklo_epi64(p.e, p.o), hi = _mm512_unpackhi_epi64(p.e, p.o);
    return _mm512_ternarylogic_epi64(acc, lo, Fold::times64(hi), 0x96);
  }
  static V reduce(P p) { return reduceInto(_mm512_setzero_si512(), p); }
  static C constant(uint64_t t) { return _mm512_set1_epi64(static_cast<long long>(t)); }
  static V addMul(V u, V v, C t) {
    return reduceInto(u, {_mm512_clmulepi64_epi128(v, t, 0x00), _mm512_clmulepi64_epi128(v, t, 0x01)});
  }
  static void load3(const uint64_t* p, size_t n, V& c0, V& c1, V& c2) {
    const size_t words = 3 * n;
    const V reg[3] = {load(p, words < 8 ? words : 8),
                      words > 8 ? load(p + 8, words < 16 ? words - 8 : 8) : _mm512_setzero_si512(),
                      words > 16 ? load(p + 16, words - 16) : _mm512_setzero_si512()};
    V* limb[3] = {&c0, &c1, &c2};
    for (int l = 0; l < 3; l++) {
      const V t = _mm512_mask_blend_epi64(fromReg(l, 2), _mm512_mask_blend_epi64(fromReg(l, 1), reg[0], reg[1]), reg[2]);
      *limb[l] = l == 0 ? t : _mm512_permutexvar_epi64(indexVector(TO_LIMB0[l]), t);
    }
  }
  /** Elements [0, 8) and [8, 16) → the first and the second values of pairs [0, 8): a two-source
   * permute each. */
  static void unzip(V& lo, V& hi) {
    const V first = _mm512_permutex2var_epi64(lo, indexVector(PAIR_VALUE[0]), hi);
    hi = _mm512_permutex2var_epi64(lo, indexVector(PAIR_VALUE[1]), hi);
    lo = first;
  }
  static void store3(uint64_t* p, size_t n, V c0, V c1, V c2) {
    const size_t words = 3 * n;
    const V t[3] = {c0, _mm512_permutexvar_epi64(indexVector(FROM_LIMB0[1]), c1),
                    _mm512_permutexvar_epi64(indexVector(FROM_LIMB0[2]), c2)};
    for (int r = 0; r < 3 && 8 * static_cast<size_t>(r) < words; r++) {
      const V v = _mm512_mask_blend_epi64(limbLanes(r, 2), _mm512_mask_blend_epi64(limbLanes(r, 1), t[0], t[1]), t[2]);
      const size_t left = words - 8 * r;
      store(p + 8 * r, v, left < 8 ? left : 8);
    }
  }
};

}  // namespace
}  // namespace leanvm
