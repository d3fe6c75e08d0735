// x86-64 with AVX-512 (F, BW, VL) and VPCLMULQDQ: eight K words per zmm register, and
// BLAKE2s on sixteen messages at once.
#include <cstddef>
#include <cstdint>

#include "kernels.h"
#include "target.h"

#if LEANVM_X86
#include <immintrin.h>

LEANVM_GCC12_QUIET_BEGIN
LEANVM_TARGET_BEGIN("avx512f,avx512bw,avx512vl,vpclmulqdq,pclmul")
#include "blake2s_lanes.h"
#include "field_lanes.h"
#include "gf64.h"
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
LEANVM_GCC12_QUIET_END

#else
namespace leanvm {
const FieldKernels* const AVX512_FIELD = nullptr;
const HashKernels* const AVX512_HASH = nullptr;
}  // namespace leanvm
#endif
