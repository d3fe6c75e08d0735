// The Merkle tree of src/merkle/tree.ts: (2·nLeaves − 1) digests of 8 u32, leaves first,
// each level after the one below, the root last.
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels.h"

namespace leanvm {

/** Leaves are the BLAKE2s-256 hashes of rows of rowU32 words, each as its image of
 * imageU32 ≥ rowU32 words (zero words first); nLeaves is a power of two. */
void merkleTree(const HashKernels& h, const uint32_t* rows, size_t nLeaves, size_t rowU32, size_t imageU32,
                uint32_t* nodes);

}  // namespace leanvm
