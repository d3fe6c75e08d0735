// Lincheck's batched column weights (src/flock/lincheck/prover.ts, openRounds): with the row
// weights e and the challenge α, comb = A_0ᵀe + B_0ᵀ(α·e) + α²·e + α³ at the constant wire,
// the transpose walk of src/kernels/flock/walk.ts run in C++ on the same circuit positions.
#pragma once
#include <cstdint>

#include "kernels.h"

namespace leanvm {

/** comb (3·2^14 words) from e (3·2^14 words, E values) and alpha (3 words). */
void lincheckComb(const FieldKernels& k, const uint64_t* e, const uint64_t* alpha, uint64_t* comb);

}  // namespace leanvm
