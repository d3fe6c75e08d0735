// The skip pass's sums (FieldKernels::skipSums) in byte form, for CPUs with GFNI: the 64 λ
// lanes of a GF(2^8) value are 64 bytes (one zmm, or two ymm), so a product of two values is
// GF2P8MULB (GF(2^8) modulo x^8 + x^4 + x^3 + x + 1, the skip field's) where the bitsliced
// form (skip_lanes.h) takes 64 ANDs and their XORs and a transpose, and the Λ image of a byte
// is one table row. The weights then go in without bins: a block's groups share hi, and
// y ↦ lo[j]·φ8(y) is F2-linear, each of its 24 bytes one GF2P8AFFINEQB of the lane bytes y,
// so a block's Σ_j lo[j]·φ8(y_j) is 96 affine products a group, multiplied by hi once a block.
//
// Each file that uses this opens its own target region first and gives a register type B:
//   Reg                              the register (64 / sizeof(Reg) of them hold 64 lanes)
//   zero, xor2, xor3, mul, splat     XOR, GF2P8MULB and a broadcast byte
//   affine(y, m)                     GF2P8AFFINEQB of y's bytes, matrix m in every word
//   bitBytes(mask, byte)             byte λ = `byte` where bit λ of mask is set, else 0
//   unpack{lo,hi}{8,16,32}, store    the unpacks within 128-bit lanes, an aligned store
// (skip_gfni.cc: zmm, the avx512-gfni path; skip_gfni_avx2.cc: ymm, the avx2-gfni path).
#pragma once

namespace leanvm {
namespace {

template <class B>
struct SkipBytes {
  using Reg = typename B::Reg;
  static constexpr int REGS = 64 / sizeof(Reg);
  /** 128-bit lanes a register. */
  static constexpr int LANES = sizeof(Reg) / 16;

  /** 64 lane bytes: a table row, or a value of every lane. */
  struct V {
    Reg r[REGS];
  };

  static V zero() {
    V x;
    for (int k = 0; k < REGS; k++) x.r[k] = B::zero();
    return x;
  }
  static V xor2(const V& a, const V& b) {
    V x;
    for (int k = 0; k < REGS; k++) x.r[k] = B::xor2(a.r[k], b.r[k]);
    return x;
  }
  static V mul(const V& a, const V& b) {
    V x;
    for (int k = 0; k < REGS; k++) x.r[k] = B::mul(a.r[k], b.r[k]);
    return x;
  }
  static V mulBy(const V& a, char c) {
    V x;
    for (int k = 0; k < REGS; k++) x.r[k] = B::mul(a.r[k], B::splat(c));
    return x;
  }
  /** a ⊕ b ⊕ c. */
  static V xor3(const V& a, const V& b, const V& c) {
    V x;
    for (int k = 0; k < REGS; k++) x.r[k] = B::xor3(a.r[k], b.r[k], c.r[k]);
    return x;
  }
  /** x ⊕= (byte λ = `byte` where bit λ of mask is set). */
  static void orBits(V& x, uint64_t mask, char byte) {
    for (int k = 0; k < REGS; k++) x.r[k] = B::xor2(x.r[k], B::bitBytes(mask >> (64 / REGS * k), byte));
  }

  /** The lane bytes of the planes at `row` (plane p: bit p of each lane's byte). */
  static V bytesOf(const uint64_t* row) {
    V x = zero();
    for (int p = 0; p < 8; p++) orBits(x, row[p], static_cast<char>(1 << p));
    return x;
  }

  /** bt[256k + β]: the Λ image of byte β at byte position k, from lt's planes. Λ is linear, so
   * a byte's row is the sum of its two nibbles' (the rows of the byte with the other nibble
   * zero): 32 rows a position are converted and the rest are sums. */
  static void byteTable(const uint64_t* lt, V* bt) {
    for (int k = 0; k < 8; k++) {
      V lo[16], hi[16];
      for (int nu = 0; nu < 16; nu++) {
        lo[nu] = bytesOf(lt + 8 * (256 * k + nu));
        hi[nu] = bytesOf(lt + 8 * (256 * k + (nu << 4)));
      }
      for (int beta = 0; beta < 256; beta++) bt[256 * k + beta] = xor2(lo[beta & 15], hi[beta >> 4]);
    }
  }

  /** The Λ image of the 64-bit word w: a row per byte. */
  static V image(const V* bt, uint64_t w) {
    V x = bt[w & 255];
    for (int k = 1; k < 8; k++) x = xor2(x, bt[256 * k + ((w >> (8 * k)) & 255)]);
    return x;
  }

  /** A group's lane bytes of the four sets: E, O and I summed over j by Horner in t^2 (O then
   * times t), as skip_lanes.h's groupLanes, and D, pair j's bits at bit 2j. */
  static void groupBytes(const V* bt, const uint64_t* a, const uint64_t* b, const uint64_t* c, V* y) {
    V e = zero(), o = e, in = e, d = e;
    for (int j = 3; j >= 0; j--) {
      const int we = 2 * j, wo = we + 1;
      const V ae = image(bt, a[we]), be = image(bt, b[we]), ao = image(bt, a[wo]), bo = image(bt, b[wo]);
      e = xor3(mulBy(e, 4), mul(ae, be), image(bt, c[we]));
      o = xor3(mulBy(o, 4), mul(ao, bo), image(bt, c[wo]));
      in = xor2(mulBy(in, 4), mul(xor2(ae, ao), xor2(be, bo)));
      orBits(d, (a[we] ^ a[wo]) & (b[we] ^ b[wo]), static_cast<char>(1 << (2 * j)));
    }
    y[0] = e;
    y[1] = mulBy(o, 2);
    y[2] = in;
    y[3] = d;
  }

  /** mats[24j + m]: byte m of lo[j]·φ8(y) (limb m / 8, byte m % 8) as a GF2P8AFFINEQB matrix of
   * y: its byte 7 − i holds, at bit p, bit i of that byte of lo[j]·φ8(t^p). */
  static Scratch<uint64_t> weightMatrices(const FieldKernels& f, const uint64_t* lo, size_t nLo) {
    Scratch<uint64_t> mats(24 * nLo), phi(3 * nLo), v(3 * nLo);
    for (int p = 0; p < 8; p++) {
      std::fill(phi.begin(), phi.end(), PHI8_BASIS[p]);
      f.mulK(lo, phi.data(), v.data(), 3 * nLo);
      for (size_t m = 0; m < 24 * nLo; m++) {
        const uint64_t byte = v[m / 8] >> (8 * (m % 8));
        for (int i = 0; i < 8; i++) mats[m] |= ((byte >> i) & 1) << (8 * (7 - i) + p);
      }
    }
    return mats;
  }

  /** out[3(λ0 + λ) + l] = the u64 whose byte r is byte λ of x[r], for the register's lanes λ: a
   * byte transpose by three rounds of unpacks (bytes, pairs, quads) within each 128-bit lane L,
   * which holds λ = 16L.. . */
  static void storeLimb(const Reg x[8], uint64_t* out, int l, size_t lambda0) {
    Reg p[8], q[8];
    for (int k = 0; k < 4; k++) {
      p[k] = B::unpacklo8(x[2 * k], x[2 * k + 1]);
      p[4 + k] = B::unpackhi8(x[2 * k], x[2 * k + 1]);
    }
    // p[h·4 + k]: rows 2k, 2k+1 of λ = 16L + 8h + i at 16-bit element i.
    for (int h = 0; h < 2; h++) {
      for (int k = 0; k < 2; k++) {
        q[4 * h + k] = B::unpacklo16(p[4 * h + 2 * k], p[4 * h + 2 * k + 1]);
        q[4 * h + 2 + k] = B::unpackhi16(p[4 * h + 2 * k], p[4 * h + 2 * k + 1]);
      }
    }
    // q[4h + 2u + k]: rows 4k..4k+3 of λ = 16L + 8h + 4u + i at 32-bit element i.
    alignas(64) uint64_t w[4 * LANES];
    for (int h = 0; h < 2; h++) {
      for (int u = 0; u < 2; u++) {
        B::store(w, B::unpacklo32(q[4 * h + 2 * u], q[4 * h + 2 * u + 1]));
        B::store(w + 2 * LANES, B::unpackhi32(q[4 * h + 2 * u], q[4 * h + 2 * u + 1]));
        // w[2·LANES·half + 2L + i]: λ = 16L + 8h + 4u + 2·half + i.
        for (int half = 0; half < 2; half++) {
          for (int L = 0; L < LANES; L++) {
            for (int i = 0; i < 2; i++) {
              out[3 * (lambda0 + 16 * L + 8 * h + 4 * u + 2 * half + i) + l] = w[2 * LANES * half + 2 * L + i];
            }
          }
        }
      }
    }
  }

  /** out[64s + λ] = Σ_i lo[j + i]·φ8(byte λ of y[4i + s]) for the n groups of y (one block's). */
  static void blockSums(const uint64_t* mats, const V* y, size_t n, size_t j, uint64_t* out) {
    for (int s = 0; s < 4; s++) {
      for (int l = 0; l < 3; l++) {
        for (int k = 0; k < REGS; k++) {
          Reg acc[8];
          for (int r = 0; r < 8; r++) acc[r] = B::zero();
          const auto term = [&](size_t i, int r) { return B::affine(y[4 * i + s].r[k], mats[24 * (j + i) + 8 * l + r]); };
          // Two groups a step, their terms added by one three-way XOR.
          size_t i = 0;
          for (; i + 2 <= n; i += 2) {
            for (int r = 0; r < 8; r++) acc[r] = B::xor3(acc[r], term(i, r), term(i + 1, r));
          }
          if (i < n) {
            for (int r = 0; r < 8; r++) acc[r] = B::xor2(acc[r], term(i, r));
          }
          storeLimb(acc, out + 3 * 64 * s, l, 64 / REGS * k);
        }
      }
    }
  }

  /** FieldKernels::skipSums with f's products: a block's groups' lane bytes (4 sets each, in
   * L1), their sums per lane, those times the block's hi. */
  static void sums(const FieldKernels& f, const uint64_t* lt, const uint64_t* a, const uint64_t* b, const uint64_t* c,
                   size_t from, size_t to, const uint64_t* lo, size_t nLo, const uint64_t* hi, uint64_t* out) {
    // 128 KiB of byte rows, in L2: a lookup is one load, where nibble rows (in L1) take two and
    // measured slower.
    const std::unique_ptr<V[]> bt = scratchArray<V>(8 * 256), y = scratchArray<V>(4 * nLo);
    byteTable(lt, bt.get());
    const Scratch<uint64_t> mats = weightMatrices(f, lo, nLo);
    Scratch<uint64_t> part(SKIP_SUM_WORDS);
    for (size_t g0 = from; g0 < to;) {
      const size_t block = g0 / nLo, n = std::min(to, (block + 1) * nLo) - g0;
      for (size_t i = 0; i < n; i++) groupBytes(bt.get(), a + 8 * (g0 + i), b + 8 * (g0 + i), c + 8 * (g0 + i), y.get() + 4 * i);
      blockSums(mats.data(), y.get(), n, g0 % nLo, part.data());
      const Repeated<SKIP_SUM_WORDS / 3> his(hi + 3 * block);
      f.mulE(part.data(), his.words, part.data(), SKIP_SUM_WORDS / 3);
      for (size_t i = 0; i < SKIP_SUM_WORDS; i++) out[i] ^= part[i];
      g0 += n;
    }
  }
};

}  // namespace
}  // namespace leanvm
