// The VM prover's bulk kernels (src/backend/vm-kernels.ts, Backend.vm; src/backend/cpu/vm-kernels.ts
// is the reference): the grand-product GKR's layer products and round sums, the bus leaves and
// the table sumcheck's round sums over forms of degree ≤ 2 in a row's columns. K words are u64,
// an E value three of them. Sums are XORs of exact field values, split over the thread pool.
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels.h"

namespace leanvm {

/** A form: constant + Σ_t coeffs_t·col[a_t]·col[b_t] (b_t < 0: one column), E coefficients. */
struct VmForm {
  const uint64_t* constant;
  const int32_t* a;
  const int32_t* b;
  const uint64_t* coeffs;
  size_t terms;
};

/** out[x] = src[4x]·src[4x+1]·src[4x+2]·src[4x+3] for x < n (E values). */
void productsOfFour(const FieldKernels& k, const uint64_t* src, size_t n, uint64_t* out);

/** Σ_p eq[p]·(q_p(0) + q_p(1), c2, c3, c4) over pairs p < pairs of rows (2p, 2p+1) of four
 * children, q_p = Π_c (lo_c + X·(lo_c + hi_c)), into out (4 E values). With bind (non-null),
 * the pairs are first bound at it in place (pair p into row p, then a row of ones if `pairs`
 * is odd) and the sums are over the ⌈pairs / 2⌉ bound pairs. */
void quarticSums(const FieldKernels& k, uint64_t* rows, size_t pairs, const uint64_t* bind, const uint64_t* eq,
                 uint64_t out[12]);

/** out[i] += the form on row i of the K columns, i < n (E values). */
void formRows(const FieldKernels& k, const uint64_t* const* cols, const VmForm& f, size_t n, uint64_t* out);

/** Σ_{i < half} eq[i]·(s0, s1, s2) of the form on lo = row i, hi = row i + half of the nCols K or E
 * columns, S(lo + X·(lo + hi)) = s0 + s1·X + s2·X², into out (3 E values). With bind (non-null),
 * the columns hold 4·half values and are first bound at it in their top variable into `bound`
 * (2·half E values a column, each possibly its column's own first half), in the same pass. */
void formPairSums(const FieldKernels& k, const uint64_t* const* cols, size_t nCols, bool isE, const VmForm& f,
                  const uint64_t* eq, size_t half, const uint64_t* bind, uint64_t* const* bound, uint64_t out[9]);

}  // namespace leanvm
