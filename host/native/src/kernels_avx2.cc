// x86-64 with AVX2: BLAKE2s on eight messages at once (the products stay on PCLMULQDQ).
#include <cstddef>
#include <cstdint>

#include "kernels.h"
#include "target.h"

#if LEANVM_X86
#include <immintrin.h>

LEANVM_TARGET_BEGIN("avx2")
#include "blake2s_lanes.h"

namespace leanvm {
namespace {

struct Avx2Lanes {
  static constexpr size_t W = 8;
  using T = __m256i;
  static T set1(uint32_t x) { return _mm256_set1_epi32(static_cast<int>(x)); }
  static T add(T a, T b) { return _mm256_add_epi32(a, b); }
  static T xor_(T a, T b) { return _mm256_xor_si256(a, b); }
  template <int n>
  static T rotr(T x) {
    if constexpr (n == 16) {
      return _mm256_shuffle_epi8(x, _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6,
                                                     7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
    } else if constexpr (n == 8) {
      return _mm256_shuffle_epi8(x, _mm256_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, 1, 2, 3, 0, 5,
                                                     6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12));
    } else {
      return _mm256_or_si256(_mm256_srli_epi32(x, n), _mm256_slli_epi32(x, 32 - n));
    }
  }

  /** r[j] = 8 words of row j → r[k] = word k of every row (32-bit, 64-bit, 128-bit stages). */
  static void transpose8(T r[8]) {
    T t[8], u[8];
    for (int i = 0; i < 4; i++) {
      t[2 * i] = _mm256_unpacklo_epi32(r[2 * i], r[2 * i + 1]);
      t[2 * i + 1] = _mm256_unpackhi_epi32(r[2 * i], r[2 * i + 1]);
    }
    for (int g = 0; g < 2; g++) {
      u[4 * g + 0] = _mm256_unpacklo_epi64(t[4 * g], t[4 * g + 2]);
      u[4 * g + 1] = _mm256_unpackhi_epi64(t[4 * g], t[4 * g + 2]);
      u[4 * g + 2] = _mm256_unpacklo_epi64(t[4 * g + 1], t[4 * g + 3]);
      u[4 * g + 3] = _mm256_unpackhi_epi64(t[4 * g + 1], t[4 * g + 3]);
    }
    for (int c = 0; c < 4; c++) {
      r[c] = _mm256_permute2x128_si256(u[c], u[4 + c], 0x20);
      r[c + 4] = _mm256_permute2x128_si256(u[c], u[4 + c], 0x31);
    }
  }
  static void loadTransposed(const uint32_t* p, size_t stride, T m[16]) {
    for (int half = 0; half < 2; half++) {
      T* r = m + 8 * half;
      for (int j = 0; j < 8; j++) r[j] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + j * stride + 8 * half));
      transpose8(r);
    }
  }
  static void storeDigests(const T h[8], uint32_t* out) {
    T r[8];
    for (int k = 0; k < 8; k++) r[k] = h[k];
    transpose8(r);
    for (int j = 0; j < 8; j++) _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 8 * j), r[j]);
  }
};

}  // namespace

static const HashKernels HASH = hashKernels<Avx2Lanes>("8 lanes (AVX2)");
const HashKernels* const AVX2_HASH = &HASH;

}  // namespace leanvm
LEANVM_TARGET_END

#else
namespace leanvm {
const HashKernels* const AVX2_HASH = nullptr;
}
#endif
