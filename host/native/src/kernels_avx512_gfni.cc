// The avx512-gfni path's field table: the AVX-512 lane type (avx512_k.h) with products' high
// words folded by GFNI affine byte maps, and the skip sums in byte form (skip_gfni.cc).
// On Zen 4 the shift fold's shifts and byte shuffle compete with VPCLMULQDQ for its pipes, the
// affine maps less: an NTT pass in L1 takes 0.80 cycles a lane-butterfly against 0.88.
#include <cstddef>
#include <cstdint>

#include "kernels.h"
#include "target.h"

#if LEANVM_X86
#include <immintrin.h>

LEANVM_GCC12_QUIET_BEGIN
LEANVM_TARGET_BEGIN("avx512f,avx512bw,avx512vl,vpclmulqdq,pclmul,gfni")
#include "avx512_k.h"
#include "field_lanes.h"
#include "gf64.h"

namespace leanvm {
namespace {

// hi·x^64 ≡ hi·g (mod p), g = x^4 + x^3 + x + 1, byte by byte: byte i of hi·g is
// A(h_i) ⊕ B(h_{i−1}), A(b) being b·g cut to 8 bits and B(b) its carry into the next byte. The
// carry out of byte 7 is x^64 once more, so byte 0 takes A(B(h_7)) (gf64.h's SPILL) where the
// others take B(h_{i−1}). Rotating hi by a byte lines h_{i−1} up with byte i (h_7 with byte 0).

constexpr unsigned timesG(unsigned b) { return b ^ b << 1 ^ b << 3 ^ b << 4; }
constexpr unsigned byteA(unsigned b) { return timesG(b) & 0xff; }
constexpr unsigned carryB(unsigned b) { return timesG(b) >> 8; }
constexpr unsigned spillS(unsigned b) { return byteA(carryB(b)); }

constexpr bool spillIsSpill() {
  for (unsigned n = 0; n < 16; n++) {
    if (spillS(n << 4) != SPILL[n]) return false;
  }
  return true;
}
static_assert(spillIsSpill(), "byte 0's map is gf64.h's spill of the top nibble");

/** GF2P8AFFINEQB's matrix of the linear byte map f: output bit i's row in byte 7 − i. */
constexpr uint64_t affineMatrix(unsigned (*f)(unsigned)) {
  uint64_t m = 0;
  for (int i = 0; i < 8; i++) {
    for (int j = 0; j < 8; j++) m |= static_cast<uint64_t>((f(1u << j) >> i) & 1) << (8 * (7 - i) + j);
  }
  return m;
}

constexpr uint64_t MATRIX_A = affineMatrix(byteA), MATRIX_B = affineMatrix(carryB), MATRIX_S = affineMatrix(spillS);
/** Byte 0 of every word. */
constexpr __mmask64 BYTE_0 = 0x0101010101010101ull;

/** Two affine maps and a third on byte 0 alone. */
struct GfniFold {
  static __m512i times64(__m512i hi) {
    const __m512i below = _mm512_rol_epi64(hi, 8);
    const __m512i a = _mm512_gf2p8affine_epi64_epi8(hi, _mm512_set1_epi64(MATRIX_A), 0);
    const __m512i b = _mm512_gf2p8affine_epi64_epi8(below, _mm512_set1_epi64(MATRIX_B), 0);
    return _mm512_xor_si512(a, _mm512_mask_gf2p8affine_epi64_epi8(b, BYTE_0, below, _mm512_set1_epi64(MATRIX_S), 0));
  }
};

}  // namespace

static const FieldKernels FIELD = withSkipSums(fieldKernels<Avx512K<GfniFold>>("VPCLMULQDQ, GFNI folds (8 words per zmm)"), skipSumsGfni);
const FieldKernels* const AVX512_GFNI_FIELD = &FIELD;

}  // namespace leanvm
LEANVM_TARGET_END
LEANVM_GCC12_QUIET_END

#else
namespace leanvm {
const FieldKernels* const AVX512_GFNI_FIELD = nullptr;
}  // namespace leanvm
#endif
