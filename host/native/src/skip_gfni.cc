// The skip sums in byte form (skip_bytes.h) on AVX-512 with GFNI: the 64 lanes in one zmm.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "e_repeated.h"
#include "kernels.h"
#include "memory.h"
#include "target.h"

#if LEANVM_X86
#include <immintrin.h>

LEANVM_TARGET_BEGIN("avx512f,avx512bw,avx512vl,gfni")
#include "skip_bytes.h"

namespace leanvm {
namespace {

struct Zmm {
  using Reg = __m512i;
  static Reg zero() { return _mm512_setzero_si512(); }
  static Reg xor2(Reg a, Reg b) { return _mm512_xor_si512(a, b); }
  static Reg xor3(Reg a, Reg b, Reg c) { return _mm512_ternarylogic_epi64(a, b, c, 0x96); }
  static Reg mul(Reg a, Reg b) { return _mm512_gf2p8mul_epi8(a, b); }
  static Reg splat(char b) { return _mm512_set1_epi8(b); }
  static Reg affine(Reg y, uint64_t m) { return _mm512_gf2p8affine_epi64_epi8(y, _mm512_set1_epi64(m), 0); }
  static Reg bitBytes(uint64_t mask, char byte) { return _mm512_maskz_set1_epi8(mask, byte); }
  static Reg unpacklo8(Reg a, Reg b) { return _mm512_unpacklo_epi8(a, b); }
  static Reg unpackhi8(Reg a, Reg b) { return _mm512_unpackhi_epi8(a, b); }
  static Reg unpacklo16(Reg a, Reg b) { return _mm512_unpacklo_epi16(a, b); }
  static Reg unpackhi16(Reg a, Reg b) { return _mm512_unpackhi_epi16(a, b); }
  // The masked forms: GCC 12 warns that the plain ones' undefined source is uninitialized.
  static Reg unpacklo32(Reg a, Reg b) { return _mm512_maskz_unpacklo_epi32(0xffff, a, b); }
  static Reg unpackhi32(Reg a, Reg b) { return _mm512_maskz_unpackhi_epi32(0xffff, a, b); }
  static void store(uint64_t* p, Reg x) { _mm512_store_si512(p, x); }
};

}  // namespace

void skipSumsGfni(const uint64_t* lt, const uint64_t* a, const uint64_t* b, const uint64_t* c, size_t from, size_t to,
                  const uint64_t* lo, size_t nLo, const uint64_t* hi, uint64_t* sums) {
  SkipBytes<Zmm>::sums(*AVX512_GFNI_FIELD, lt, a, b, c, from, to, lo, nLo, hi, sums);
}

}  // namespace leanvm
LEANVM_TARGET_END

#endif
