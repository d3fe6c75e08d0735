// The AVX-512 lane type of K words (field_lanes.h's interface) for the files that include it
// inside an AVX-512 + VPCLMULQDQ region (target.h): kernels_avx512.cc and kernels_avx512_gfni.cc.
#pragma once
#include "zmm_transpose.h"

namespace leanvm {
namespace {

// Eight E elements are 24 words in three registers: word w = 3e + l (limb l of element e) in
// register w / 8, lane w % 8. For each limb and lane exactly one register holds a word of that
// limb there (8 ≡ 2 mod 3), so a limb is first blended from the three registers with constant
// masks; that leaves element (8r + j − l) / 3 in lane j. Limbs 1 and 2 are then permuted into
// limb 0's element order. Products are lane by lane, so that order, the same for every operand
// and undone by store3, need not be the elements' own: two one-source permutes a load or a
// store instead of six two-source ones.

/** The register whose lane j holds a word of limb l. */
constexpr int regOf(int l, int j) { return (8 * 0 + j) % 3 == l ? 0 : (8 * 1 + j) % 3 == l ? 1 : 2; }

/** Lanes whose limb-l word comes from register r. */
constexpr __mmask8 fromReg(int l, int r) {
  unsigned m = 0;
  for (int j = 0; j < 8; j++) m |= (regOf(l, j) == r ? 1u : 0u) << j;
  return static_cast<__mmask8>(m);
}

/** Lanes of register r that hold limb-l words. */
constexpr __mmask8 limbLanes(int r, int l) {
  unsigned m = 0;
  for (int j = 0; j < 8; j++) m |= ((8 * r + j) % 3 == l ? 1u : 0u) << j;
  return static_cast<__mmask8>(m);
}

/** The element limb 0 leaves in lane j. */
constexpr int elementAt(int j) { return (8 * regOf(0, j) + j) / 3; }

struct LaneIndex {
  int64_t at[8];
};

/** Blended limb l's lane holding the element limb 0 has in lane j: (3·E(j) + l) mod 8. */
constexpr LaneIndex toLimb0Order(int l) {
  LaneIndex x{};
  for (int j = 0; j < 8; j++) x.at[j] = (3 * elementAt(j) + l) % 8;
  return x;
}

/** The inverse of toLimb0Order(l). */
constexpr LaneIndex fromLimb0Order(int l) {
  LaneIndex x{};
  for (int j = 0; j < 8; j++) x.at[(3 * elementAt(j) + l) % 8] = j;
  return x;
}

constexpr LaneIndex TO_LIMB0[3] = {toLimb0Order(0), toLimb0Order(1), toLimb0Order(2)};
constexpr LaneIndex FROM_LIMB0[3] = {fromLimb0Order(0), fromLimb0Order(1), fromLimb0Order(2)};

/** The lane limb 0 leaves element e (< 8) in. */
constexpr int laneOf(int e) {
  int lane = 0;
  for (int j = 0; j < 8; j++) lane = elementAt(j) == e ? j : lane;
  return lane;
}

/** unzip's two-source lanes: pair E(j)'s value `second` (0, 1), element 2E(j) + second of lo ‖ hi. */
constexpr LaneIndex pairOrder(int second) {
  LaneIndex x{};
  for (int j = 0; j < 8; j++) {
    const int e = 2 * elementAt(j) + second;
    x.at[j] = 8 * (e / 8) + laneOf(e % 8);
  }
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
