// x86-64 with AVX2 and VPCLMULQDQ but not AVX-512 (Zen 3, Intel's client cores): four K words
// per ymm register, two products per VPCLMULQDQ where PCLMULQDQ (kernels_pclmul.cc) makes one.
// The reduction is that file's, on ymm.
#include <cstddef>
#include <cstdint>

#include "kernels.h"
#include "target.h"

#if LEANVM_X86
#include <immintrin.h>

LEANVM_TARGET_BEGIN("avx2,vpclmulqdq,pclmul")
#include "e_lanes.h"
#include "field_lanes.h"
#include "gf64.h"

namespace leanvm {
namespace {

/** Four E elements in three registers (e_lanes.h). */
using E4 = ELanes<4>;

/** VPBLENDD's mask taking the lanes j with choose(j) from the second source. */
template <class F>
constexpr int blendMask(F choose) {
  int m = 0;
  for (int j = 0; j < 4; j++) m |= choose(j) ? 3 << (2 * j) : 0;
  return m;
}
/** VPERMQ's immediate putting lane from(j) in lane j. */
template <class F>
constexpr int permuteImm(F from) {
  int m = 0;
  for (int j = 0; j < 4; j++) m |= from(j) << (2 * j);
  return m;
}

/** Limb l from registers r0 (r1, r2 where regOf says), in blended order. */
template <int L>
inline __m256i blendLimb(__m256i r0, __m256i r1, __m256i r2) {
  constexpr int from1 = blendMask([](int j) { return E4::regOf(L, j) == 1; });
  constexpr int from2 = blendMask([](int j) { return E4::regOf(L, j) == 2; });
  return _mm256_blend_epi32(_mm256_blend_epi32(r0, r1, from1), r2, from2);
}

/** Blended limb l → limb 0's element order, and back. */
template <int L>
constexpr int TO_LIMB0 = permuteImm([](int j) { return E4::toLimb0(L, j); });
template <int L>
constexpr int FROM_LIMB0 = permuteImm([](int j) {
  int k = 0;
  for (int i = 0; i < 4; i++) k = E4::toLimb0(L, i) == j ? i : k;
  return k;
});

/** Register r from the blended-order limbs: lane j takes limb limbIn(r, j). */
template <int R>
inline __m256i blendRegister(__m256i c0, __m256i c1, __m256i c2) {
  constexpr int from1 = blendMask([](int j) { return E4::limbIn(R, j) == 1; });
  constexpr int from2 = blendMask([](int j) { return E4::limbIn(R, j) == 2; });
  return _mm256_blend_epi32(_mm256_blend_epi32(c0, c1, from1), c2, from2);
}

/** unzip's lanes: PICK_HI marks those taken from hi, FROM their lane in their source. */
template <int Second>
constexpr int PICK_HI = blendMask([](int j) { return E4::pairSource(Second, j) >= 4; });
template <int Second>
constexpr int FROM = permuteImm([](int j) { return E4::pairSource(Second, j) % 4; });

struct Avx2K {
  static constexpr size_t W = 4;
  using V = __m256i;
  using C = __m256i;
  /** Products of the even and of the odd words, each 128 bits. */
  struct P {
    __m256i e, o;
  };

  /** Lanes [0, n) set. */
  static __m256i mask(size_t n) {
    return _mm256_cmpgt_epi64(_mm256_set1_epi64x(static_cast<long long>(n)), _mm256_setr_epi64x(0, 1, 2, 3));
  }
  static V load(const uint64_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  static V load(const uint64_t* p, size_t n) {
    return _mm256_maskload_epi64(reinterpret_cast<const long long*>(p), mask(n));
  }
  static void store(uint64_t* p, V v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }
  static void store(uint64_t* p, V v, size_t n) { _mm256_maskstore_epi64(reinterpret_cast<long long*>(p), mask(n), v); }
  static V zero() { return _mm256_setzero_si256(); }
  /** 4×4 words: pairs within 128-bit lanes, then the lanes' halves. */
  static void transpose(V x[4]) {
    const V t0 = _mm256_unpacklo_epi64(x[0], x[1]), t1 = _mm256_unpackhi_epi64(x[0], x[1]);
    const V t2 = _mm256_unpacklo_epi64(x[2], x[3]), t3 = _mm256_unpackhi_epi64(x[2], x[3]);
    x[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    x[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    x[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    x[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
  }
  static V add(V a, V b) { return _mm256_xor_si256(a, b); }
  static P mulWide(V a, V b) { return {_mm256_clmulepi64_epi128(a, b, 0x00), _mm256_clmulepi64_epi128(a, b, 0x11)}; }
  static P add(P a, P b) { return {_mm256_xor_si256(a.e, b.e), _mm256_xor_si256(a.o, b.o)}; }
  /** lo ⊕ hi·g as in kernels_pclmul.cc (gf64.h). */
  static V reduce(P p) {
    const __m256i spill = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(SPILL)));
    const __m256i lo = _mm256_unpacklo_epi64(p.e, p.o), hi = _mm256_unpackhi_epi64(p.e, p.o);
    const __m256i hh = _mm256_xor_si256(hi, _mm256_add_epi64(hi, hi));
    const __m256i r = _mm256_xor_si256(_mm256_xor_si256(lo, hh), _mm256_slli_epi64(hh, 3));
    return _mm256_xor_si256(r, _mm256_shuffle_epi8(spill, _mm256_srli_epi64(hi, 60)));
  }
  static C constant(uint64_t t) { return _mm256_set1_epi64x(static_cast<long long>(t)); }
  static V addMul(V u, V v, C t) {
    return _mm256_xor_si256(u, reduce({_mm256_clmulepi64_epi128(v, t, 0x00), _mm256_clmulepi64_epi128(v, t, 0x01)}));
  }
  static void load3(const uint64_t* p, size_t n, V& c0, V& c1, V& c2) {
    const size_t words = 3 * n;
    const V r0 = words < 4 ? load(p, words) : load(p);
    const V r1 = words > 4 ? (words < 8 ? load(p + 4, words - 4) : load(p + 4)) : zero();
    const V r2 = words > 8 ? (words < 12 ? load(p + 8, words - 8) : load(p + 8)) : zero();
    c0 = blendLimb<0>(r0, r1, r2);
    c1 = _mm256_permute4x64_epi64(blendLimb<1>(r0, r1, r2), TO_LIMB0<1>);
    c2 = _mm256_permute4x64_epi64(blendLimb<2>(r0, r1, r2), TO_LIMB0<2>);
  }
  static void store3(uint64_t* p, size_t n, V c0, V c1, V c2) {
    const size_t words = 3 * n;
    c1 = _mm256_permute4x64_epi64(c1, FROM_LIMB0<1>);
    c2 = _mm256_permute4x64_epi64(c2, FROM_LIMB0<2>);
    const V r[3] = {blendRegister<0>(c0, c1, c2), blendRegister<1>(c0, c1, c2), blendRegister<2>(c0, c1, c2)};
    for (size_t i = 0; i < 3 && 4 * i < words; i++) {
      const size_t left = words - 4 * i;
      if (left < 4) {
        store(p + 4 * i, r[i], left);
      } else {
        store(p + 4 * i, r[i]);
      }
    }
  }
  /** Elements [0, 4) and [4, 8) → the first and the second values of pairs [0, 4): two VPERMQ
   * and a blend each (AVX2 has no two-source permute of words). */
  static void unzip(V& lo, V& hi) {
    const V first = _mm256_blend_epi32(_mm256_permute4x64_epi64(lo, FROM<0>), _mm256_permute4x64_epi64(hi, FROM<0>),
                                       PICK_HI<0>);
    hi = _mm256_blend_epi32(_mm256_permute4x64_epi64(lo, FROM<1>), _mm256_permute4x64_epi64(hi, FROM<1>), PICK_HI<1>);
    lo = first;
  }
};

}  // namespace

static const FieldKernels FIELD = fieldKernels<Avx2K>("VPCLMULQDQ (4 words per ymm)");
const FieldKernels* const VPCLMUL_FIELD = &FIELD;
static const FieldKernels GFNI_FIELD =
    withSkipSums(fieldKernels<Avx2K>("VPCLMULQDQ (4 words per ymm), skip sums on GFNI"), skipSumsGfniAvx2);
const FieldKernels* const VPCLMUL_GFNI_FIELD = &GFNI_FIELD;

}  // namespace leanvm
LEANVM_TARGET_END

#else
namespace leanvm {
const FieldKernels* const VPCLMUL_FIELD = nullptr;
const FieldKernels* const VPCLMUL_GFNI_FIELD = nullptr;
}
#endif
