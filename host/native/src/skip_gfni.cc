// The skip pass's sums (FieldKernels::skipSums) in byte form, for CPUs with AVX-512 and GFNI:
// the 64 λ lanes of a GF(2^8) value are the 64 bytes of one zmm, so a product of two values is
// one GF2P8MULB (GF(2^8) modulo x^8 + x^4 + x^3 + x + 1, the skip field's) where the bitsliced
// form (skip_lanes.h) takes 64 ANDs and their XORs and a transpose, and the Λ image of a byte
// is one table row. The weights then go in without bins: a block's groups share hi, and
// y ↦ lo[j]·φ8(y) is F2-linear, each of its 24 bytes one GF2P8AFFINEQB of the lane bytes y,
// so a block's Σ_j lo[j]·φ8(y_j) is 96 affine products a group, multiplied by hi once a block.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "e_repeated.h"
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

/** A group's lane bytes of the four sets: E, O and I summed over j by Horner in t^2 (O then
 * times t), as skip_lanes.h's groupLanes, and D, pair j's bits at bit 2j. */
inline void groupBytes(const LaneBytes* bt, const uint64_t* a, const uint64_t* b, const uint64_t* c, LaneBytes* y) {
  const __m512i t1 = _mm512_set1_epi8(2), t2 = _mm512_set1_epi8(4);
  __m512i e = _mm512_setzero_si512(), o = e, in = e, d = e;
  for (int j = 3; j >= 0; j--) {
    const int we = 2 * j, wo = we + 1;
    const __m512i ae = image(bt, a[we]), be = image(bt, b[we]), ao = image(bt, a[wo]), bo = image(bt, b[wo]);
    e = _mm512_ternarylogic_epi64(mul(e, t2), mul(ae, be), image(bt, c[we]), 0x96);
    o = _mm512_ternarylogic_epi64(mul(o, t2), mul(ao, bo), image(bt, c[wo]), 0x96);
    in = _mm512_xor_si512(mul(in, t2), mul(_mm512_xor_si512(ae, ao), _mm512_xor_si512(be, bo)));
    d = _mm512_or_si512(d, _mm512_maskz_set1_epi8((a[we] ^ a[wo]) & (b[we] ^ b[wo]), static_cast<char>(1 << (2 * j))));
  }
  y[0].v = e;
  y[1].v = mul(o, t1);
  y[2].v = in;
  y[3].v = d;
}

/** mats[24j + m]: byte m of lo[j]·φ8(y) (limb m / 8, byte m % 8) as a GF2P8AFFINEQB matrix of
 * y: its byte 7 − i holds, at bit p, bit i of that byte of lo[j]·φ8(t^p). */
std::vector<uint64_t> weightMatrices(const uint64_t* lo, size_t nLo) {
  std::vector<uint64_t> mats(24 * nLo), phi(3 * nLo), v(3 * nLo);
  for (int p = 0; p < 8; p++) {
    std::fill(phi.begin(), phi.end(), PHI8_BASIS[p]);
    AVX512_GFNI_FIELD->mulK(lo, phi.data(), v.data(), 3 * nLo);
    for (size_t m = 0; m < 24 * nLo; m++) {
      const uint64_t byte = v[m / 8] >> (8 * (m % 8));
      for (int i = 0; i < 8; i++) mats[m] |= ((byte >> i) & 1) << (8 * (7 - i) + p);
    }
  }
  return mats;
}

/** out[3λ + l] = the u64 whose byte r is byte λ of x[r]: a byte transpose by three rounds of
 * unpacks (bytes, pairs, quads) within each 128-bit lane L, which hold λ = 16L.. . */
inline void storeLimb(__m512i x[8], uint64_t* out, int l) {
  __m512i p[8], q[8];
  for (int k = 0; k < 4; k++) {
    p[k] = _mm512_unpacklo_epi8(x[2 * k], x[2 * k + 1]);
    p[4 + k] = _mm512_unpackhi_epi8(x[2 * k], x[2 * k + 1]);
  }
  // p[h·4 + k]: rows 2k, 2k+1 of λ = 16L + 8h + i at 16-bit element i.
  for (int h = 0; h < 2; h++) {
    for (int k = 0; k < 2; k++) {
      q[4 * h + k] = _mm512_unpacklo_epi16(p[4 * h + 2 * k], p[4 * h + 2 * k + 1]);
      q[4 * h + 2 + k] = _mm512_unpackhi_epi16(p[4 * h + 2 * k], p[4 * h + 2 * k + 1]);
    }
  }
  // q[4h + 2u + k]: rows 4k..4k+3 of λ = 16L + 8h + 4u + i at 32-bit element i.
  // (The masked forms: GCC 12 warns that the plain ones' undefined source is uninitialized.)
  alignas(64) uint64_t w[16];
  for (int h = 0; h < 2; h++) {
    for (int u = 0; u < 2; u++) {
      _mm512_store_si512(w, _mm512_maskz_unpacklo_epi32(0xffff, q[4 * h + 2 * u], q[4 * h + 2 * u + 1]));
      _mm512_store_si512(w + 8, _mm512_maskz_unpackhi_epi32(0xffff, q[4 * h + 2 * u], q[4 * h + 2 * u + 1]));
      // w[8·half + 2L + i]: λ = 16L + 8h + 4u + 2·half + i.
      for (int half = 0; half < 2; half++) {
        for (int L = 0; L < 4; L++) {
          for (int i = 0; i < 2; i++) out[3 * (16 * L + 8 * h + 4 * u + 2 * half + i) + l] = w[8 * half + 2 * L + i];
        }
      }
    }
  }
}

/** out[64s + λ] = Σ_i lo[j + i]·φ8(byte λ of y[4i + s]) for the n groups of y (one block's). */
inline void blockSums(const uint64_t* mats, const LaneBytes* y, size_t n, size_t j, uint64_t* out) {
  for (int s = 0; s < 4; s++) {
    for (int l = 0; l < 3; l++) {
      __m512i acc[8];
      for (int r = 0; r < 8; r++) acc[r] = _mm512_setzero_si512();
      const auto term = [&](size_t i, int r) {
        return _mm512_gf2p8affine_epi64_epi8(y[4 * i + s].v, _mm512_set1_epi64(mats[24 * (j + i) + 8 * l + r]), 0);
      };
      // Two groups a step, their terms added by one three-way XOR.
      size_t i = 0;
      for (; i + 2 <= n; i += 2) {
        for (int r = 0; r < 8; r++) acc[r] = _mm512_ternarylogic_epi64(acc[r], term(i, r), term(i + 1, r), 0x96);
      }
      if (i < n) {
        for (int r = 0; r < 8; r++) acc[r] = _mm512_xor_si512(acc[r], term(i, r));
      }
      storeLimb(acc, out + 3 * 64 * s, l);
    }
  }
}

}  // namespace

/** FieldKernels::skipSums: a block's groups' lane bytes (4 sets each, in L1), their sums per
 * lane, those times the block's hi. */
void skipSumsGfni(const uint64_t* lt, const uint64_t* a, const uint64_t* b, const uint64_t* c, size_t from, size_t to,
                  const uint64_t* lo, size_t nLo, const uint64_t* hi, uint64_t* sums) {
  // 128 KiB of byte rows, in L2: a lookup is one load, where nibble rows (in L1) take two and
  // measured slower.
  const std::unique_ptr<LaneBytes[]> bt(new LaneBytes[8 * 256]), y(new LaneBytes[4 * nLo]);
  byteTable(lt, bt.get());
  const std::vector<uint64_t> mats = weightMatrices(lo, nLo);
  std::vector<uint64_t> part(SKIP_SUM_WORDS);
  for (size_t g0 = from; g0 < to;) {
    const size_t block = g0 / nLo, n = std::min(to, (block + 1) * nLo) - g0;
    for (size_t i = 0; i < n; i++) groupBytes(bt.get(), a + 8 * (g0 + i), b + 8 * (g0 + i), c + 8 * (g0 + i), y.get() + 4 * i);
    blockSums(mats.data(), y.get(), n, g0 % nLo, part.data());
    const Repeated<SKIP_SUM_WORDS / 3> his(hi + 3 * block);
    AVX512_GFNI_FIELD->mulE(part.data(), his.words, part.data(), SKIP_SUM_WORDS / 3);
    for (size_t i = 0; i < SKIP_SUM_WORDS; i++) sums[i] ^= part[i];
    g0 += n;
  }
}

}  // namespace leanvm
LEANVM_TARGET_END

#endif
