// Flock's witness (docs/protocol.md §9.2, src/kernels/flock/witness.ts): each compression computed on
// words, and every row's bits a = A_0 z, b = B_0 z, z = a ∧ b written as whole runs straight
// into the packed columns. Plain C++, the same on every path.
#pragma once
#include <cstddef>
#include <cstdint>

namespace leanvm {

/** A compression's message, and the rest of its inputs: h[8], tLo, tHi, f0, f1. */
constexpr size_t MESSAGE_WORDS = 16, HEADER_WORDS = 12;
/** u32 words of a block in each column: 2^14 bits. */
constexpr size_t BLOCK_U32 = 512;

/**
 * Columns z, a, b of `blocks` blocks (BLOCK_U32 words each): block t < live from compression t,
 * every later block a copy of the padding block, from compression `live` (so there are live + 1
 * compressions). Compression c's message is messages[16c..], its header headers[headerStride·c..]
 * (headerStride 0: one header for all). Threads take disjoint runs of blocks.
 */
void flockWitness(const uint32_t* messages, const uint32_t* headers, size_t headerStride, size_t live, size_t blocks, uint32_t* z,
                  uint32_t* a, uint32_t* b);

}  // namespace leanvm
