// The univariate-skip pass's per-group work (src/kernels/flock/skip-pass.ts, group),
// bitsliced with 64-lane planes (one u64) where the TypeScript holds two 32-lane halves: the
// 8 planes of a GF(2^8) value are one 64-byte vector (GCC/Clang vector extensions). Each
// kernel file compiles this in its own target region (field_lanes.h), so the vectors take
// that path's registers (one zmm, two ymm, four xmm or NEON q registers), and picks one of two
// forms for its lane type (skipLanesOf<T>): a group at a time, its products shifting planes
// within a vector, where a vector spans several registers; eight groups at a time, their rows
// transposed to one vector per plane so products need no shifts, where it is one register
// (the transposes are then single shuffles, and they cost more than the shifts otherwise; that
// form also reads Λ from smaller tables, NIBBLE_ROWS).
#pragma once

namespace leanvm {
namespace {

/** The 8 planes of a GF(2^8) value over 64 lanes, as one vector (GCC/Clang extensions).
 * Helpers take and give vectors by reference: by value their ABI would differ between the
 * AVX-512 and other regions (GCC warns), and they are all inlined anyway. */
typedef uint64_t Planes __attribute__((vector_size(64)));

/** Plane shifts: up by k (plane s to s + k, the top k dropped) and down by k. */
#define LEANVM_UP(x, k) __builtin_shufflevector(x, Planes{}, LEANVM_UP_##k)
#define LEANVM_UP_1 8, 0, 1, 2, 3, 4, 5, 6
#define LEANVM_UP_2 8, 8, 0, 1, 2, 3, 4, 5
#define LEANVM_UP_3 8, 8, 8, 0, 1, 2, 3, 4
#define LEANVM_UP_4 8, 8, 8, 8, 0, 1, 2, 3
#define LEANVM_UP_5 8, 8, 8, 8, 8, 0, 1, 2
#define LEANVM_UP_6 8, 8, 8, 8, 8, 8, 0, 1
#define LEANVM_UP_7 8, 8, 8, 8, 8, 8, 8, 0
#define LEANVM_DOWN(x, k) __builtin_shufflevector(x, Planes{}, LEANVM_DOWN_##k)
#define LEANVM_DOWN_1 1, 2, 3, 4, 5, 6, 7, 8
#define LEANVM_DOWN_2 2, 3, 4, 5, 6, 7, 8, 8
#define LEANVM_DOWN_3 3, 4, 5, 6, 7, 8, 8, 8
#define LEANVM_DOWN_4 4, 5, 6, 7, 8, 8, 8, 8
#define LEANVM_DOWN_5 5, 6, 7, 8, 8, 8, 8, 8
#define LEANVM_DOWN_6 6, 7, 8, 8, 8, 8, 8, 8
#define LEANVM_DOWN_7 7, 8, 8, 8, 8, 8, 8, 8

/** out ^= the planes of the Λ image of the 64-bit word w: one table row per byte. */
inline void addPlanes(const uint64_t* lt, uint64_t w, Planes& out) {
  for (int k = 0; k < 8; k++) {
    Planes row;
    __builtin_memcpy(&row, lt + 8 * (256 * k + ((w >> (8 * k)) & 255)), sizeof row);
    out ^= row;
  }
}

/** x ·= t^8 folded back: the planes 8.. of a product, hi, as t^8 = t^4 + t^3 + t + 1. */
inline void foldHigh(const Planes& hi, Planes& lo) {
  lo ^= hi ^ LEANVM_UP(hi, 1) ^ LEANVM_UP(hi, 3) ^ LEANVM_UP(hi, 4);
  // What those shifts pushed past plane 7 (from hi's planes 4..6) folds once more, in range.
  const Planes over = LEANVM_DOWN(hi, 5) ^ LEANVM_DOWN(hi, 4);
  lo ^= over ^ LEANVM_UP(over, 1) ^ LEANVM_UP(over, 3) ^ LEANVM_UP(over, 4);
}

/** out ^= a·b in GF(2^8): plane s of the carry-less product collects a_i & b_(s−i). */
inline void addProduct(const Planes& a, const Planes& b, Planes& out) {
  Planes lo = b & a[0], hi = {};
#define LEANVM_TERM(i, rest)        \
  {                                \
    const Planes t = b & a[i];     \
    lo ^= LEANVM_UP(t, i);         \
    hi ^= LEANVM_DOWN(t, rest);    \
  }
  LEANVM_TERM(1, 7) LEANVM_TERM(2, 6) LEANVM_TERM(3, 5) LEANVM_TERM(4, 4) LEANVM_TERM(5, 3) LEANVM_TERM(6, 2) LEANVM_TERM(7, 1)
#undef LEANVM_TERM
  foldHigh(hi, lo);
  out ^= lo;
}

/** x ·= t: planes shift up one, plane 7 folding back as t^8 = t^4 + t^3 + t + 1. */
inline void timesT(Planes& x) {
  const Planes top = LEANVM_DOWN(x, 7);
  x = LEANVM_UP(x, 1);
  foldHigh(top, x);
}

/** The lane words of one group of 8 column words, word w at lanes[w·stride]: the TypeScript's
 * unreduced sums E = Σ_j t^(2j)·f♯(w_2j), O = Σ_j t^(2j+1)·f♯(w_2j+1) and
 * I = Σ_j t^(2j)·(a♯·b♯ of the pair sums), reduced (reduction is linear) and summed by Horner. */
inline void groupLanes(const uint64_t* lt, const uint64_t* a, const uint64_t* b, const uint64_t* c, uint64_t* lanes,
                       size_t stride) {
  Planes e = {}, o = {}, in = {};
  for (int j = 3; j >= 0; j--) {
    const int we = 2 * j, wo = we + 1;
    Planes ae = {}, be = {}, ao = {}, bo = {};
    addPlanes(lt, a[we], ae);
    addPlanes(lt, b[we], be);
    addPlanes(lt, a[wo], ao);
    addPlanes(lt, b[wo], bo);
    timesT(e);
    timesT(e);
    timesT(o);
    timesT(o);
    timesT(in);
    timesT(in);
    addProduct(ae, be, e);
    addPlanes(lt, c[we], e);
    addProduct(ao, bo, o);
    addPlanes(lt, c[wo], o);
    ae ^= ao;
    be ^= bo;
    addProduct(ae, be, in);
    lanes[(24 + j) * stride] = (a[we] ^ a[wo]) & (b[we] ^ b[wo]);
  }
  timesT(o);
  for (int p = 0; p < 8; p++) {
    lanes[p * stride] = e[p];
    lanes[(8 + p) * stride] = o[p];
    lanes[(16 + p) * stride] = in[p];
  }
}

#undef LEANVM_UP
#undef LEANVM_DOWN

/** Groups a block takes in the eight-group form: the elements of a vector. */
constexpr size_t SKIP_BLOCK = 8;

/** r[g] word p ↔ r[p] word g: three rounds of swapping off-diagonal blocks (words, pairs, quads). */
inline void transpose(Planes r[8]) {
  for (int i = 0; i < 8; i += 2) {
    const Planes lo = __builtin_shufflevector(r[i], r[i + 1], 0, 8, 2, 10, 4, 12, 6, 14);
    r[i + 1] = __builtin_shufflevector(r[i], r[i + 1], 1, 9, 3, 11, 5, 13, 7, 15);
    r[i] = lo;
  }
  for (int i = 0; i < 8; i += 4) {
    for (int j = i; j < i + 2; j++) {
      const Planes lo = __builtin_shufflevector(r[j], r[j + 2], 0, 1, 8, 9, 4, 5, 12, 13);
      r[j + 2] = __builtin_shufflevector(r[j], r[j + 2], 2, 3, 10, 11, 6, 7, 14, 15);
      r[j] = lo;
    }
  }
  for (int j = 0; j < 4; j++) {
    const Planes lo = __builtin_shufflevector(r[j], r[j + 4], 0, 1, 2, 3, 8, 9, 10, 11);
    r[j + 4] = __builtin_shufflevector(r[j], r[j + 4], 4, 5, 6, 7, 12, 13, 14, 15);
    r[j] = lo;
  }
}

/** Rows of the eight-group form's Λ table: the images of the 16 values at each of the 16
 * nibble positions. Its 16 KiB stay in L1 where the byte table's 128 KiB do not, which pays
 * for twice the lookups on a path that loads and adds a row in one instruction. */
constexpr size_t NIBBLE_ROWS = 16 * 16;

/** nt[(16k + ν)·8 + p] from lt: Λ is linear, so nibble ν at position k maps as the byte with
 * that nibble and a zero one. */
inline void nibbleTable(const uint64_t* lt, uint64_t* nt) {
  for (int k = 0; k < 16; k++) {
    for (int nu = 0; nu < 16; nu++) {
      __builtin_memcpy(nt + 8 * (16 * k + nu), lt + 8 * (256 * (k / 2) + (nu << (4 * (k % 2)))), sizeof(Planes));
    }
  }
}

/** out[p] = plane p of word w of the block's eight groups (columns `col`, 8 words a group). */
inline void blockPlanes(const uint64_t* nt, const uint64_t* col, int w, Planes out[8]) {
  for (size_t g = 0; g < SKIP_BLOCK; g++) {
    const uint64_t x = col[8 * g + w];
    out[g] = Planes{};
    for (int k = 0; k < 16; k++) {
      Planes row;
      __builtin_memcpy(&row, nt + 8 * (16 * k + ((x >> (4 * k)) & 15)), sizeof row);
      out[g] ^= row;
    }
  }
  transpose(out);
}

/** acc[s] ^= plane s of the carry-less product a·b (s < 15): a_i & b_k lands on plane i + k. */
inline void addProductPlanes(const Planes a[8], const Planes b[8], Planes* acc) {
  Planes t[15] = {};
#pragma GCC unroll 8
  for (int i = 0; i < 8; i++) {
#pragma GCC unroll 8
    for (int k = 0; k < 8; k++) t[i + k] ^= a[i] & b[k];
  }
#pragma GCC unroll 15
  for (int s = 0; s < 15; s++) acc[s] ^= t[s];
}

/** Planes acc[0..n) reduced into acc[0..8): t^8 = t^4 + t^3 + t + 1, from the top down. */
inline void reducePlanes(Planes* acc, int n) {
  for (int p = n - 1; p >= 8; p--) {
    acc[p - 4] ^= acc[p];
    acc[p - 5] ^= acc[p];
    acc[p - 7] ^= acc[p];
    acc[p - 8] ^= acc[p];
  }
}

/** groupLanes for eight groups (group g: words 8g..8g+8 of a, b, c; its lane word w at
 * lanes[w·stride + g]), each term added unreduced at its power of t and reduced once. */
inline void blockLanes(const uint64_t* nt, const uint64_t* a, const uint64_t* b, const uint64_t* c, uint64_t* lanes,
                       size_t stride) {
  Planes e[21] = {}, o[22] = {}, in[21] = {};
  for (int j = 0; j < 4; j++) {
    const int we = 2 * j, wo = we + 1;
    Planes ae[8], be[8], ao[8], bo[8], x[8];
    blockPlanes(nt, a, we, ae);
    blockPlanes(nt, b, we, be);
    blockPlanes(nt, a, wo, ao);
    blockPlanes(nt, b, wo, bo);
    addProductPlanes(ae, be, e + we);
    addProductPlanes(ao, bo, o + wo);
    blockPlanes(nt, c, we, x);
    for (int p = 0; p < 8; p++) e[we + p] ^= x[p];
    blockPlanes(nt, c, wo, x);
    for (int p = 0; p < 8; p++) o[wo + p] ^= x[p];
    for (int p = 0; p < 8; p++) {
      ae[p] ^= ao[p];
      be[p] ^= bo[p];
    }
    addProductPlanes(ae, be, in + we);
    for (size_t g = 0; g < SKIP_BLOCK; g++) {
      lanes[(24 + j) * stride + g] = (a[8 * g + we] ^ a[8 * g + wo]) & (b[8 * g + we] ^ b[8 * g + wo]);
    }
  }
  reducePlanes(e, 21);
  reducePlanes(o, 22);
  reducePlanes(in, 21);
  for (int p = 0; p < 8; p++) {
    __builtin_memcpy(lanes + p * stride, &e[p], sizeof(Planes));
    __builtin_memcpy(lanes + (8 + p) * stride, &o[p], sizeof(Planes));
    __builtin_memcpy(lanes + (16 + p) * stride, &in[p], sizeof(Planes));
  }
}

/** FieldKernels::skipLanes for lane type T: the eight-group form where a vector is one of T's
 * registers (T::W words), whole blocks in place and the last groups one at a time. */
template <class T>
void skipLanesOf(const uint64_t* lt, const uint64_t* a, const uint64_t* b, const uint64_t* c, size_t n, uint64_t* lanes,
                 size_t stride) {
  size_t g = 0;
  if constexpr (T::W * sizeof(uint64_t) >= sizeof(Planes)) {
    alignas(64) uint64_t nt[8 * NIBBLE_ROWS];
    nibbleTable(lt, nt);
    for (; g + SKIP_BLOCK <= n; g += SKIP_BLOCK) blockLanes(nt, a + 8 * g, b + 8 * g, c + 8 * g, lanes + g, stride);
  }
  for (; g < n; g++) groupLanes(lt, a + 8 * g, b + 8 * g, c + 8 * g, lanes + g, stride);
}

}  // namespace
}  // namespace leanvm
