// The zerocheck's multilinear rounds on full E tables a, b, c (docs/protocol.md §9.3): one pass a
// round binds the previous round's variable in place and sums the next round's G(1), G(∞)
// (Backend.zerocheckStep; opening.h's fold, eqTable and zerocheckSums are the unfused form).
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels.h"

namespace leanvm {

/**
 * On tables a, b, c of n E values each: with chi (non-null), first t[x] = t[2x] +
 * chi·(t[2x] + t[2x+1]) for x < n/2 in place (fold at stride 1; the tables then hold n/2
 * values); then into out G(1) = Σ_y eq(point, y)·(a1·b1 + c1) and G(∞) = Σ_y eq(point, y)·
 * (a0 + a1)·(b0 + b1), t0 = t[2y], t1 = t[2y + 1], over the 2^nCoords pairs y of the tables
 * as they are then (n = 2^nCoords · 2, or · 4 with chi). eq(point, y) is factored as
 * eqLo[y's low bits]·eqHi[y's high bits], so no table of 2^nCoords weights is built.
 */
void zerocheckStep(const FieldKernels& k, uint64_t* a, uint64_t* b, uint64_t* c, const uint64_t* chi,
                   const uint64_t* point, size_t nCoords, uint64_t out[6]);

}  // namespace leanvm
