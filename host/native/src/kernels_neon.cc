// arm64 Advanced SIMD (part of the base architecture): BLAKE2s on four messages at once.
#include <cstddef>
#include <cstdint>

#include "kernels.h"
#include "target.h"

#if LEANVM_ARM64
#include <arm_neon.h>

#include "blake2s_lanes.h"

namespace leanvm {
namespace {

struct NeonLanes {
  static constexpr size_t W = 4;
  using T = uint32x4_t;
  static T set1(uint32_t x) { return vdupq_n_u32(x); }
  static T add(T a, T b) { return vaddq_u32(a, b); }
  static T xor_(T a, T b) { return veorq_u32(a, b); }
  template <int n>
  static T rotr(T x) {
    if constexpr (n == 16) {
      return vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x)));
    } else {
      return vsriq_n_u32(vshlq_n_u32(x, 32 - n), x, n);
    }
  }
  /** r[j] = 4 words of row j → r[k] = word k of every row. */
  static void transpose4(T r[4]) {
    const T t0 = vtrn1q_u32(r[0], r[1]), t1 = vtrn2q_u32(r[0], r[1]);
    const T t2 = vtrn1q_u32(r[2], r[3]), t3 = vtrn2q_u32(r[2], r[3]);
    auto wide = [](T x) { return vreinterpretq_u64_u32(x); };
    r[0] = vreinterpretq_u32_u64(vtrn1q_u64(wide(t0), wide(t2)));
    r[1] = vreinterpretq_u32_u64(vtrn1q_u64(wide(t1), wide(t3)));
    r[2] = vreinterpretq_u32_u64(vtrn2q_u64(wide(t0), wide(t2)));
    r[3] = vreinterpretq_u32_u64(vtrn2q_u64(wide(t1), wide(t3)));
  }
  static void loadTransposed(const uint32_t* p, size_t stride, T m[16]) {
    for (int q = 0; q < 4; q++) {
      for (int j = 0; j < 4; j++) m[4 * q + j] = vld1q_u32(p + j * stride + 4 * q);
      transpose4(m + 4 * q);
    }
  }
  static void storeDigests(const T h[8], uint32_t* out) {
    for (int q = 0; q < 2; q++) {
      T r[4] = {h[4 * q], h[4 * q + 1], h[4 * q + 2], h[4 * q + 3]};
      transpose4(r);
      for (int j = 0; j < 4; j++) vst1q_u32(out + 8 * j + 4 * q, r[j]);
    }
  }
};

}  // namespace

static const HashKernels HASH = hashKernels<NeonLanes>("4 lanes (NEON)");
const HashKernels* const NEON_HASH = &HASH;

}  // namespace leanvm

#else
namespace leanvm {
const HashKernels* const NEON_HASH = nullptr;
}
#endif
