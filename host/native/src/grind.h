// Grinding's nonce search (src/transcript/pow.ts, smallestNonce): nonce n passes `bits` when
// word 0 of BLAKE2s-256(base ‖ (n_lo, n_hi, 0, 0, 0, 0, tag, 0)) has its low `bits` bits zero.
// Candidates are hashed as the nodes of a Merkle level, many lanes at once.
#pragma once
#include <cstdint>

#include "kernels.h"

namespace leanvm {

/** The smallest passing u64 nonce; false only if none below the last batch of the 2^64 passes
 * (its last 512 are not tried). */
bool smallestNonce(const HashKernels& h, const uint32_t base[8], uint32_t tag, int bits, uint64_t& nonce);

}  // namespace leanvm
