// The univariate-skip pass's per-group work (src/flock/zerocheck/skip-pass.ts, group),
// bitsliced with 64-lane planes (one u64) where the TypeScript holds two 32-lane halves: the
// 8 planes of a GF(2^8) value are one 64-byte vector (GCC/Clang vector extensions). Each
// kernel file compiles this in its own target region (field_lanes.h), so the vectors take
// that path's registers (one zmm, two ymm, four xmm or NEON q registers).
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

/** FieldKernels::skipLanes. */
void skipLanesOf(const uint64_t* lt, const uint64_t* a, const uint64_t* b, const uint64_t* c, size_t n, uint64_t* lanes,
                 size_t stride) {
  for (size_t g = 0; g < n; g++) groupLanes(lt, a + 8 * g, b + 8 * g, c + 8 * g, lanes + g, stride);
}

}  // namespace
}  // namespace leanvm
