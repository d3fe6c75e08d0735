// x86-64 with PCLMULQDQ: two K words per xmm register. Products are one PCLMULQDQ each;
// the reduction is shifts plus one PSHUFB lookup of the spill (gf64.h).
#include <cstddef>
#include <cstdint>

#include "kernels.h"
#include "target.h"

#if LEANVM_X86
#include <immintrin.h>

LEANVM_TARGET_BEGIN("pclmul,ssse3,sse4.1")
#include "field_lanes.h"
#include "gf64.h"

namespace leanvm {
namespace {

struct SseK {
  static constexpr size_t W = 2;
  using V = __m128i;
  using C = __m128i;
  /** Products of the even and of the odd word, each 128 bits. */
  struct P {
    __m128i e, o;
  };

  static V load(const uint64_t* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
  static V load(const uint64_t* p, size_t) { return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)); }
  static void store(uint64_t* p, V v) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v); }
  static void store(uint64_t* p, V v, size_t) { _mm_storel_epi64(reinterpret_cast<__m128i*>(p), v); }
  static V zero() { return _mm_setzero_si128(); }
  static void transpose(V x[2]) {
    const V a = x[0];
    x[0] = _mm_unpacklo_epi64(a, x[1]);
    x[1] = _mm_unpackhi_epi64(a, x[1]);
  }
  static V add(V a, V b) { return _mm_xor_si128(a, b); }
  static P mulWide(V a, V b) { return {_mm_clmulepi64_si128(a, b, 0x00), _mm_clmulepi64_si128(a, b, 0x11)}; }
  static P add(P a, P b) { return {_mm_xor_si128(a.e, b.e), _mm_xor_si128(a.o, b.o)}; }
  static V reduce(P p) {
    const __m128i spill = _mm_loadu_si128(reinterpret_cast<const __m128i*>(SPILL));
    const __m128i lo = _mm_unpacklo_epi64(p.e, p.o), hi = _mm_unpackhi_epi64(p.e, p.o);
    const __m128i hh = _mm_xor_si128(hi, _mm_add_epi64(hi, hi));
    const __m128i r = _mm_xor_si128(_mm_xor_si128(lo, hh), _mm_slli_epi64(hh, 3));
    return _mm_xor_si128(r, _mm_shuffle_epi8(spill, _mm_srli_epi64(hi, 60)));
  }
  static C constant(uint64_t t) { return _mm_set1_epi64x(static_cast<long long>(t)); }
  static V addMul(V u, V v, C t) {
    return _mm_xor_si128(u, reduce({_mm_clmulepi64_si128(v, t, 0x00), _mm_clmulepi64_si128(v, t, 0x01)}));
  }
  // Two E elements are three registers [a.c0 a.c1] [a.c2 b.c0] [b.c1 b.c2].
  static void load3(const uint64_t* p, size_t n, V& c0, V& c1, V& c2) {
    const V x = load(p), y = n == 2 ? load(p + 2) : _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p + 2));
    const V z = n == 2 ? load(p + 4) : _mm_setzero_si128();
    c0 = _mm_blend_epi16(x, y, 0xf0);
    c1 = _mm_alignr_epi8(z, x, 8);
    c2 = _mm_blend_epi16(y, z, 0xf0);
  }
  static void store3(uint64_t* p, size_t n, V c0, V c1, V c2) {
    store(p, _mm_unpacklo_epi64(c0, c1));
    if (n == 2) {
      store(p + 2, _mm_blend_epi16(c2, c0, 0xf0));
      store(p + 4, _mm_unpackhi_epi64(c1, c2));
    } else {
      store(p + 2, c2, 1);
    }
  }
};

}  // namespace

static const FieldKernels PCLMUL = fieldKernels<SseK>("PCLMULQDQ (2 words per xmm)");
const FieldKernels* const PCLMUL_FIELD = &PCLMUL;

}  // namespace leanvm
LEANVM_TARGET_END

#else
namespace leanvm {
const FieldKernels* const PCLMUL_FIELD = nullptr;
}
#endif
