// The skip sums in byte form (skip_bytes.h) on AVX2 with GFNI's VEX forms (Intel's client
// cores from Alder Lake on): the 64 lanes in two ymm, products on the avx2-vpclmul path's.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "e_repeated.h"
#include "kernels.h"
#include "memory.h"
#include "target.h"

#if LEANVM_X86
#include <immintrin.h>

LEANVM_TARGET_BEGIN("avx2,gfni")
#include "skip_bytes.h"

namespace leanvm {
namespace {

struct Ymm {
  using Reg = __m256i;
  static Reg zero() { return _mm256_setzero_si256(); }
  static Reg xor2(Reg a, Reg b) { return _mm256_xor_si256(a, b); }
  static Reg xor3(Reg a, Reg b, Reg c) { return _mm256_xor_si256(_mm256_xor_si256(a, b), c); }
  static Reg mul(Reg a, Reg b) { return _mm256_gf2p8mul_epi8(a, b); }
  static Reg splat(char b) { return _mm256_set1_epi8(b); }
  static Reg affine(Reg y, uint64_t m) {
    return _mm256_gf2p8affine_epi64_epi8(y, _mm256_set1_epi64x(static_cast<long long>(m)), 0);
  }
  /** No mask registers: the mask's byte λ / 8 to each byte λ (within a 128-bit lane), its own
   * bit picked out, compared to 0xff. */
  static Reg bitBytes(uint64_t mask, char byte) {
    const Reg spread = _mm256_shuffle_epi8(_mm256_set1_epi32(static_cast<int>(mask)),
                                           _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2,
                                                            2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3));
    const Reg bits = _mm256_set1_epi64x(0x8040201008040201);
    return _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_and_si256(spread, bits), bits), _mm256_set1_epi8(byte));
  }
  static Reg unpacklo8(Reg a, Reg b) { return _mm256_unpacklo_epi8(a, b); }
  static Reg unpackhi8(Reg a, Reg b) { return _mm256_unpackhi_epi8(a, b); }
  static Reg unpacklo16(Reg a, Reg b) { return _mm256_unpacklo_epi16(a, b); }
  static Reg unpackhi16(Reg a, Reg b) { return _mm256_unpackhi_epi16(a, b); }
  static Reg unpacklo32(Reg a, Reg b) { return _mm256_unpacklo_epi32(a, b); }
  static Reg unpackhi32(Reg a, Reg b) { return _mm256_unpackhi_epi32(a, b); }
  static void store(uint64_t* p, Reg x) { _mm256_store_si256(reinterpret_cast<Reg*>(p), x); }
};

}  // namespace

void skipSumsGfniAvx2(const uint64_t* lt, const uint64_t* a, const uint64_t* b, const uint64_t* c, size_t from, size_t to,
                      const uint64_t* lo, size_t nLo, const uint64_t* hi, uint64_t* sums) {
  SkipBytes<Ymm>::sums(*VPCLMUL_FIELD, lt, a, b, c, from, to, lo, nLo, hi, sums);
}

}  // namespace leanvm
LEANVM_TARGET_END

#endif
