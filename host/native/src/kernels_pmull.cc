// arm64 with the PMULL instruction (the crypto extension): two K words per register. The
// reduction is the shared one (gf64.h), its spill looked up with TBL.
#include <cstddef>
#include <cstdint>

#include "kernels.h"
#include "target.h"

#if LEANVM_ARM64
#include <arm_neon.h>

LEANVM_TARGET_BEGIN("arch=armv8-a+crypto")
#include "field_lanes.h"
#include "gf64.h"

namespace leanvm {
namespace {

struct PmullK {
  static constexpr size_t W = 2;
  using V = uint64x2_t;
  using C = poly64x2_t;
  struct P {
    uint64x2_t e, o;
  };

  static uint64x2_t wide(poly128_t x) { return vreinterpretq_u64_p128(x); }
  static V load(const uint64_t* p) { return vld1q_u64(p); }
  static V load(const uint64_t* p, size_t) { return vcombine_u64(vld1_u64(p), vdup_n_u64(0)); }
  static void store(uint64_t* p, V v) { vst1q_u64(p, v); }
  static void store(uint64_t* p, V v, size_t) { vst1_u64(p, vget_low_u64(v)); }
  static V zero() { return vdupq_n_u64(0); }
  static void transpose(V x[2]) {
    const V a = x[0];
    x[0] = vzip1q_u64(a, x[1]);
    x[1] = vzip2q_u64(a, x[1]);
  }
  static V add(V a, V b) { return veorq_u64(a, b); }
  static P mulWide(V a, V b) {
    const poly64x2_t pa = vreinterpretq_p64_u64(a), pb = vreinterpretq_p64_u64(b);
    return {wide(vmull_p64(vgetq_lane_p64(pa, 0), vgetq_lane_p64(pb, 0))), wide(vmull_high_p64(pa, pb))};
  }
  static P add(P a, P b) { return {veorq_u64(a.e, b.e), veorq_u64(a.o, b.o)}; }
  static V reduce(P p) {
    const uint64x2_t lo = vzip1q_u64(p.e, p.o), hi = vzip2q_u64(p.e, p.o);
    const uint64x2_t hh = veorq_u64(hi, vshlq_n_u64(hi, 1));
    const uint64x2_t r = veorq_u64(veorq_u64(lo, hh), vshlq_n_u64(hh, 3));
    const uint8x16_t spill = vqtbl1q_u8(vld1q_u8(SPILL), vreinterpretq_u8_u64(vshrq_n_u64(hi, 60)));
    return veorq_u64(r, vreinterpretq_u64_u8(spill));
  }
  static C constant(uint64_t t) { return vreinterpretq_p64_u64(vdupq_n_u64(t)); }
  static V addMul(V u, V v, C t) {
    const poly64x2_t pv = vreinterpretq_p64_u64(v);
    return veorq_u64(u, reduce({wide(vmull_p64(vgetq_lane_p64(pv, 0), vgetq_lane_p64(t, 0))), wide(vmull_high_p64(pv, t))}));
  }
  static void load3(const uint64_t* p, size_t n, V& c0, V& c1, V& c2) {
    if (n == 2) {
      const uint64x2x3_t x = vld3q_u64(p);
      c0 = x.val[0];
      c1 = x.val[1];
      c2 = x.val[2];
    } else {
      c0 = load(p, 1);
      c1 = load(p + 1, 1);
      c2 = load(p + 2, 1);
    }
  }
  static void store3(uint64_t* p, size_t n, V c0, V c1, V c2) {
    if (n == 2) {
      vst3q_u64(p, uint64x2x3_t{{c0, c1, c2}});
    } else {
      store(p, c0, 1);
      store(p + 1, c1, 1);
      store(p + 2, c2, 1);
    }
  }
};

}  // namespace

static const FieldKernels FIELD = fieldKernels<PmullK>("PMULL (2 words per register)");
const FieldKernels* const PMULL_FIELD = &FIELD;

}  // namespace leanvm
LEANVM_TARGET_END

#else
namespace leanvm {
const FieldKernels* const PMULL_FIELD = nullptr;
}
#endif
