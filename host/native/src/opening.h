// The WHIR opening's bulk work and the zerocheck's round sums (src/backend/backend.ts, the
// Backend's opening methods; src/poly/bulk.ts is the reference), over a path's K and E
// batch products. K words are u64, an E element three of them (c0, c1, c2).
//
// A round at `stride` s cuts a table of n values (n a multiple of s) into units of 2s: pair
// p = (unit u, j < s) joins value lo = 2s·u + j with hi = lo + s, or with zero when the last
// unit has no high half.
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels.h"

namespace leanvm {

/** Pairs of a table of n values at stride s: ⌈n / 2s⌉·s. */
size_t roundPairs(size_t n, size_t stride);

/** c0 = Σ f_lo·b_lo, c2 = Σ (f_lo + f_hi)·(b_lo + b_hi) into out[0..3), out[3..6); f holds
 * K words (fIsE false) or E elements, b E elements, n values each. */
void roundSums(const FieldKernels& k, const uint64_t* f, bool fIsE, const uint64_t* b, size_t n, size_t stride,
               uint64_t out[6]);

/** out[p] = lo + r·(lo + hi) for every pair p (roundPairs E values); src K or E. out may be
 * src itself (an E table folded into its first values, which frees no memory but needs none). */
void fold(const FieldKernels& k, const uint64_t* src, bool srcIsE, size_t n, size_t stride, const uint64_t r[3],
          uint64_t* out);

/** fold(f, s, r) and fold(b, s, r) into fOut, bOut (roundPairs(n, s) E values each), then the
 * folded pair's roundSums at stride s2 into out: one pass, the folded values never re-read.
 * fOut may be f itself and bOut b itself (E tables folded into their first values) where
 * foldRoundInPlace(s, s2). */
void foldRound(const FieldKernels& k, const uint64_t* f, bool fIsE, const uint64_t* b, size_t n, size_t s, const uint64_t r[3],
               size_t s2, uint64_t* fOut, uint64_t* bOut, uint64_t out[6]);

/** Whether foldRound folds in place at strides s then s2: the next stride is s or 1 (the
 * WHIR rounds' two). */
bool foldRoundInPlace(size_t s, size_t s2);

/** out[ℓ] = Σ_{t<n} f[ℓ·laneWords + at + stride·t]·v[t] for the lanes ℓ < lanes of the K words f
 * (E values v and out; bulk.ts laneDots). */
void laneDots(const FieldKernels& k, const uint64_t* f, size_t lanes, size_t laneWords, const uint64_t* v, size_t n,
              size_t at, size_t stride, uint64_t* out);

/** out[j] = Σ_{ℓ<lanes} coeffs[ℓ]·f[ℓ·laneWords + j] for j < laneWords (K words f, E values
 * coeffs and out; bulk.ts laneCombine). */
void laneCombine(const FieldKernels& k, const uint64_t* f, size_t lanes, size_t laneWords, const uint64_t* coeffs,
                 uint64_t* out);

/** seed·eq(point, ·): 2^nCoords E values into out, LSB-first (bulk.ts eqTableSeeded). */
void eqTable(const FieldKernels& k, const uint64_t* point, size_t nCoords, const uint64_t seed[3], uint64_t* out);

/** acc[stride·i] += M(seed·eq(point, i)) for the 2^nCoords values i (eqTable's values, added),
 * M the F2-linear map of 24 byte tables as mapByTables takes them, or the identity (null). */
void addEq(const FieldKernels& k, const uint64_t* point, size_t nCoords, const uint64_t seed[3], const uint64_t* tables,
           uint64_t* acc, size_t stride);

/** buf[i] = M(buf[i]) for n E values, M F2-linear, given by 24 byte tables of 256 E values
 * each (linear: a byte's row is the XOR of its bits' rows). */
void mapByTables(const uint64_t* tables, uint64_t* buf, size_t n);

/** acc[stride·i] += scale·src[i] for n E values (scale null: 1). */
void addScaled(const FieldKernels& k, uint64_t* acc, const uint64_t* src, size_t n, size_t stride, const uint64_t* scale);

/** G(1) = Σ eq[x]·(a1·b1 + c1) into out[0..3), G(∞) = Σ eq[x]·(a0 + a1)·(b0 + b1) into
 * out[3..6), with a0 = a[2x], a1 = a[2x + 1] (likewise b, c) over x < nEq. */
void zerocheckSums(const FieldKernels& k, const uint64_t* a, const uint64_t* b, const uint64_t* c, const uint64_t* eq,
                   size_t nEq, uint64_t out[6]);

/** out[u] = Σ_q coeffs[q]·Π_{i<m} w_{q,i}^{u_i} for u < 2^m (E values), the column factors
 * w_{q,i} = Ŵ_i(x_q) given as m K words per query (bulk.ts queryWeightsDense). */
void queryWeights(const FieldKernels& k, const uint64_t* factors, const uint64_t* coeffs, size_t queries, int m,
                  uint64_t* out);

/** queryWeights by the transpose of the encoding (bulk.ts queryWeightsTransposed): data holds
 * 2^(m + logInvRate) E values (any contents); out[u] lands in its first 2^m. positions: one
 * domain point per query. */
void queryWeightsTransposed(const FieldKernels& k, const uint32_t* positions, const uint64_t* coeffs, size_t queries, int m,
                            int logInvRate, uint64_t* data);

}  // namespace leanvm
