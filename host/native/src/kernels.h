// The kernel tables. Each instruction-set file fills its tables from the shared templates
// (mul.h, ntt_pass.h, blake2s_lanes.h); dispatch.cc pairs a field table with a hash table
// into the paths this CPU can run and picks the best. K words are u64 (the u32 pairs of the
// JS side, little-endian); digests are 8 u32.
#pragma once
#include <cstddef>
#include <cstdint>

namespace leanvm {

/** Lane words of a skip-pass group (FieldKernels::skipLanes). */
constexpr size_t SKIP_LANE_WORDS = 28;
/** The skip pass's sums (bit_columns.h skipSums): 4 sets × 64 lanes × one E value (3 words). */
constexpr size_t SKIP_SUM_WORDS = 4 * 64 * 3;
/** φ8(t^p), p < 8: the embedding of GF(2^8) in K (src/field/phi8.ts PHI_BASIS). */
constexpr uint64_t PHI8_BASIS[8] = {0x0000000000000001, 0x033ce8beddc8a656, 0x512620375ed2a108, 0x0c9e636090aafc01,
                                    0xba4f3cd82801769c, 0xba26e7904adb4a47, 0x467698598926dc01, 0x4418ae808b28bdd0};

/** Radix 2, 4, 8: layers per NTT pass, the pass's rows kept in registers. */
constexpr int MAX_PASS_LAYERS = 3;

struct FieldKernels {
  /** What the products run on, for `info`. */
  const char* describe;
  /** out[i] = a[i]·b[i] in K (n elements) and in E (n elements of 3 words); out may alias. */
  void (*mulK)(const uint64_t* a, const uint64_t* b, uint64_t* out, size_t n);
  void (*mulE)(const uint64_t* a, const uint64_t* b, uint64_t* out, size_t n);
  /**
   * nttPass[k−1]: k forward layers over `blocks` consecutive blocks of 2^k rows `stride`
   * words apart (block β starts at 2^k·stride·β), on the first `width` words of each row.
   * Reads src, writes dst at the same offsets (they may be equal). Block β takes 2^k − 1
   * twiddles at tw[(2^k − 1)·β ..]: its first layer's, the second layer's two, the third's four.
   */
  void (*nttPass[MAX_PASS_LAYERS])(uint64_t* dst, const uint64_t* src, size_t blocks, size_t stride, size_t width,
                                   const uint64_t* tw);
  /** Positions [from, to) of the level-0 rows of a stack: rows[p·nLanes + t] =
   * q[(nLanes−1−t)·blockLen + p], zero past q's `words` words. */
  void (*stackRows)(const uint64_t* q, size_t words, uint64_t* rows, size_t blockLen, size_t nLanes, size_t from,
                    size_t to);
  /**
   * The Flock skip pass's GF(2^8) work (skip_lanes.h) on n groups of 8 words of columns a, b,
   * c: word w of group g at lanes[w·stride + g], SKIP_LANE_WORDS a group (the Λ sums over
   * even words, odd words and pair products, 8 planes each, then 4 words of pair bits), byte
   * q of word w being bin key 8w + q. lt: 8·256 rows of 8 planes (bit_columns.cc, widen), linear
   * (byte β's row at a position is the XOR of its bits'), as some forms read it by nibbles.
   */
  void (*skipLanes)(const uint64_t* lt, const uint64_t* a, const uint64_t* b, const uint64_t* c, size_t n,
                    uint64_t* lanes, size_t stride);
  /**
   * The zerocheck pass (zerocheck_rounds.h) on pairs [y, y + m) of tables t[0..3): with chi
   * (non-null), first t[x] = t[2x] + chi·(t[2x] + t[2x+1]) for x in [2y, 2y + 2m) in place, in
   * increasing x (values [4y', 4y' + 4k) read before [2y', 2y' + 2k) are written); then XORs
   * Σ w_i·(a1·b1 + c1) and Σ w_i·(a0 + a1)·(b0 + b1) into sums[0..6), over the pairs y + i
   * (t0 = t[2(y + i)], t1 = t[2(y + i) + 1]), w_i = weights[i] (E values).
   */
  void (*zerocheckPairs)(uint64_t* const t[3], size_t y, size_t m, const uint64_t* chi, const uint64_t* weights,
                         uint64_t sums[6]);
  /** Where the path has its own form (else null: bit_columns.cc bins skipLanes' words): the
   * skip sums (bit_columns.h skipSums) of groups [from, to) of a, b, c (group g at words 8g..),
   * group g weighted by lo[g mod nLo]·hi[⌊g / nLo⌋], XORed into sums (SKIP_SUM_WORDS). */
  void (*skipSums)(const uint64_t* lt, const uint64_t* a, const uint64_t* b, const uint64_t* c, size_t from, size_t to,
                   const uint64_t* lo, size_t nLo, const uint64_t* hi, uint64_t* sums);
  /** out[0..3) ^= Σ_{i<n} f[i]·(v[0][i], v[1][i], v[2][i]): a K·E inner product, the E
   * values by limbs (dot_lanes.h). */
  void (*dotKE)(const uint64_t* f, const uint64_t* const v[3], size_t n, uint64_t out[3]);
  /** out[j] = Σ_{r<nRows} c[r]·rows[r][j] for j < n: K rows, E coefficients c and values out. */
  void (*combineKE)(const uint64_t* const* rows, size_t nRows, const uint64_t* c, size_t n, uint64_t* out);
  /** sums[0..12) ^= Σ_{p<n} eq[p]·(q_p(0) + q_p(1), c2, c3, c4) for the n pairs of rows of
   * four E values at rows (24 words a pair), q_p the product of its children's lines
   * (vm_bus.h quarticSums; quartic_lanes.h). */
  void (*quarticPairs)(const uint64_t* rows, size_t n, const uint64_t* eq, uint64_t sums[12]);
  /** out[x] = src[4x]·src[4x+1]·src[4x+2]·src[4x+3] for x < n (E values; vm_bus.h). */
  void (*productsOfFour)(const uint64_t* src, size_t n, uint64_t* out);
  /** out[i] ^= constant + Σ_t coeffs[t]·a[t][i]·b[t][i] for i < n: K columns (b[t] null: the
   * term is coeffs[t]·a[t][i]), E coefficients, constant and out (vm_bus.h formRows). */
  void (*formRows)(const uint64_t* const* a, const uint64_t* const* b, const uint64_t* coeffs, size_t terms,
                   const uint64_t constant[3], size_t n, uint64_t* out);
  /** sums[0..9) ^= Σ_{i<n} eq[i]·(a0·b0, a0·db + da·b0, da·db), a0 = a[i], da = a[i] + a[half + i]
   * (likewise b), on E columns; (a0, da, 0) for b null (vm_bus.h formPairSums). */
  void (*formPairSums)(const uint64_t* a, const uint64_t* b, size_t half, const uint64_t* eq, size_t n, uint64_t sums[9]);
};

/** Leaf hashes: `count` rows of rowU32 words, each hashed as its image of imageU32 words
 * ((imageU32 − rowU32) zero words, then the row). Blocks before firstBlock are zero in every
 * image: `state` is the chaining value after them. */
struct LeafJob {
  const uint32_t* rows;
  size_t count;
  size_t rowU32;
  size_t imageU32;
  size_t firstBlock;
  const uint32_t* state;
  uint32_t* out;
};

struct HashKernels {
  const char* describe;
  void (*leaves)(const LeafJob& job);
  /** One tree level: out[i] = BLAKE2s-256 of children[16i .. 16i+16) (two digests). */
  void (*level)(const uint32_t* children, size_t count, uint32_t* out);
};

/** Tables compiled into this binary; the other architecture's are null. */
extern const FieldKernels GENERIC_FIELD;
extern const HashKernels SCALAR_HASH;
extern const FieldKernels* const PCLMUL_FIELD;
extern const FieldKernels* const VPCLMUL_FIELD;
/** avx2-vpclmul's products with the skip sums in byte form on GFNI's VEX forms
 * (kernels_vpclmul.cc, skip_gfni_avx2.cc). */
extern const FieldKernels* const VPCLMUL_GFNI_FIELD;
extern const HashKernels* const AVX2_HASH;
extern const FieldKernels* const AVX512_FIELD;
extern const HashKernels* const AVX512_HASH;
/** AVX-512 with GFNI: products folded by affine byte maps, the skip sums in byte form
 * (kernels_avx512_gfni.cc, skip_gfni.cc). */
extern const FieldKernels* const AVX512_GFNI_FIELD;
#if defined(__x86_64__) || defined(_M_X64)
/** FieldKernels::skipSums in byte form (skip_bytes.h): on AVX-512 with GFNI (skip_gfni.cc), on
 * AVX2 with GFNI (skip_gfni_avx2.cc). */
void skipSumsGfni(const uint64_t* lt, const uint64_t* a, const uint64_t* b, const uint64_t* c, size_t from, size_t to,
                  const uint64_t* lo, size_t nLo, const uint64_t* hi, uint64_t* sums);
void skipSumsGfniAvx2(const uint64_t* lt, const uint64_t* a, const uint64_t* b, const uint64_t* c, size_t from, size_t to,
                      const uint64_t* lo, size_t nLo, const uint64_t* hi, uint64_t* sums);

/** f with its skip sums taken by `sums`. */
constexpr FieldKernels withSkipSums(FieldKernels f, decltype(FieldKernels::skipSums) sums) {
  f.skipSums = sums;
  return f;
}
#endif
extern const FieldKernels* const PMULL_FIELD;
extern const HashKernels* const NEON_HASH;

}  // namespace leanvm
