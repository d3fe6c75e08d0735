// The skip pass's lanes (FieldKernels::skipLanes) in byte form, for CPUs with AVX-512 and GFNI:
// the 64 λ lanes of a GF(2^8) value are the 64 bytes of one zmm, so a product of two values is
// one GF2P8MULB (GF(2^8) modulo x^8 + x^4 + x^3 + x + 1, the skip field's) where the bitsliced
// form (skip_lanes.h) takes 64 ANDs and their XORs and a transpose, and the Λ image of a byte
// is one table row. The planes the bins take (bit p of every lane) are byte tests at the end.
#include <cstddef>
#include <cstdint>
#include <memory>

#include "kernels.h"
#include "target.h"

#if LEANVM_X86
#include <immintrin.h>

LEANVM_TARGET_BEGIN("avx512f,avx512bw,avx512vl,gfni")
namespace leanvm {
namespace {

/** One table row: the 64 lanes' bytes. */
struct LaneBytes {
  __m512i v;
};

/** The lane bytes of the planes at `row` (plane p: bit p of each lane's byte). */
inline __m512i bytesOf(const uint64_t* row) {
  __m512i x = _mm512_setzero_si512();
  for (int p = 0; p < 8; p++) x = _mm512_or_si512(x, _mm512_maskz_set1_epi8(row[p], static_cast<char>(1 << p)));
  return x;
}

/** bt[256k + β]: the Λ image of byte β at byte position k, from lt's planes. Λ is linear, so
 * a byte's row is the sum of its two nibbles' (the rows of the byte with the other nibble
 * zero): 32 rows a position are converted and the rest are sums. */
void byteTable(const uint64_t* lt, LaneBytes* bt) {
  for (int k = 0; k < 8; k++) {
    __m512i lo[16], hi[16];
    for (int nu = 0; nu < 16; nu++) {
      lo[nu] = bytesOf(lt + 8 * (256 * k + nu));
      hi[nu] = bytesOf(lt + 8 * (256 * k + (nu << 4)));
    }
    for (int beta = 0; beta < 256; beta++) bt[256 * k + beta].v = _mm512_xor_si512(lo[beta & 15], hi[beta >> 4]);
  }
}

/** The Λ image of the 64-bit word w: a row per byte. */
inline __m512i image(const LaneBytes* bt, uint64_t w) {
  __m512i x = bt[w & 255].v;
  for (int k = 1; k < 8; k++) x = _mm512_xor_si512(x, bt[256 * k + ((w >> (8 * k)) & 255)].v);
  return x;
}

inline __m512i mul(__m512i a, __m512i b) { return _mm512_gf2p8mul_epi8(a, b); }

/** out[p·stride] = plane p of the lanes x. */
inline void storePlanes(__m512i x, uint64_t* out, size_t stride) {
  for (int p = 0; p < 8; p++) out[p * stride] = _mm512_test_epi8_mask(x, _mm512_set1_epi8(static_cast<char>(1 << p)));
}

/** One group's lane words, as skip_lanes.h's groupLanes: E, O and I summed over j by Horner
 * in t^2 (O then times t), and the pair bits. */
inline void groupBytes(const LaneBytes* bt, const uint64_t* a, const uint64_t* b, const uint64_t* c, uint64_t* lanes,
                       size_t stride) {
  const __m512i t1 = _mm512_set1_epi8(2), t2 = _mm512_set1_epi8(4);
  __m512i e = _mm512_setzero_si512(), o = e, in = e;
  for (int j = 3; j >= 0; j--) {
    const int we = 2 * j, wo = we + 1;
    const __m512i ae = image(bt, a[we]), be = image(bt, b[we]), ao = image(bt, a[wo]), bo = image(bt, b[wo]);
    e = _mm512_ternarylogic_epi64(mul(e, t2), mul(ae, be), image(bt, c[we]), 0x96);
    o = _mm512_ternarylogic_epi64(mul(o, t2), mul(ao, bo), image(bt, c[wo]), 0x96);
    in = _mm512_xor_si512(mul(in, t2), mul(_mm512_xor_si512(ae, ao), _mm512_xor_si512(be, bo)));
    lanes[(24 + j) * stride] = (a[we] ^ a[wo]) & (b[we] ^ b[wo]);
  }
  storePlanes(e, lanes, stride);
  storePlanes(mul(o, t1), lanes + 8 * stride, stride);
  storePlanes(in, lanes + 16 * stride, stride);
}

void skipLanesGfni(const uint64_t* lt, const uint64_t* a, const uint64_t* b, const uint64_t* c, size_t n,
                   uint64_t* lanes, size_t stride) {
  // 128 KiB of byte rows, in L2: a lookup is one load, where nibble rows (in L1) take two and
  // measured slower.
  const std::unique_ptr<LaneBytes[]> bt(new LaneBytes[8 * 256]);
  byteTable(lt, bt.get());
  for (size_t g = 0; g < n; g++) groupBytes(bt.get(), a + 8 * g, b + 8 * g, c + 8 * g, lanes + g, stride);
}

}  // namespace
}  // namespace leanvm
LEANVM_TARGET_END

namespace leanvm {
namespace {

/** The AVX-512 path's table with these skip lanes (copied at load, outside the region above:
 * that runs on any CPU). */
FieldKernels withGfniSkip() {
  FieldKernels f = *AVX512_FIELD;
  f.skipLanes = skipLanesGfni;
  return f;
}
const FieldKernels FIELD = withGfniSkip();

}  // namespace

const FieldKernels* const AVX512_GFNI_FIELD = &FIELD;

}  // namespace leanvm

#else
namespace leanvm {
const FieldKernels* const AVX512_GFNI_FIELD = nullptr;
}  // namespace leanvm
#endif
