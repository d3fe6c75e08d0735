// Flock's byte-table passes over its packed bit columns (64 bits a u64 word): the zerocheck's
// univariate-skip sums (src/kernels/flock/skip-pass.ts) and E tables at (z, χ_0)
// (src/kernels/flock/materialize.ts), and the lincheck's fold over the blocks
// (src/kernels/flock/fold-blocks.ts). Plain C++: bit operations and table lookups of E rows
// (e_rows.h: one 256-bit vector each on a path with AVX2), the same bytes on every path.
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels.h"

namespace leanvm {

/** The skip pass's group weights (Backend's SkipWeights): group g weighs the E value
 * lo[g mod nLo]·hi[⌊g / nLo⌋] (3 words each). */
struct SkipWeights {
  const uint64_t* lo;
  size_t nLo;
  const uint64_t* hi;
};

/**
 * The groups of 8 words of columns a, b, c (group g at words 8g..8g+8), group g weighted by
 * its E weight W(g), XORed into `sums` (SKIP_SUM_WORDS): for each set s of the group's lane
 * bytes (E, O, I: the Λ sums' bytes, planes 8s..8s+8 of skipLanes' words; D: pair j's bits at
 * bit 2j) and lane λ, sums[64s + λ] = Σ_g W(g)·φ8(byte λ of set s). lt: the pass's Λ byte
 * tables as skip-pass.ts lays them out (8·256·16 u32: lanes 32h.. of plane p at 8h + p).
 */
void skipSums(const FieldKernels& k, const uint32_t* lt, const uint64_t* a, const uint64_t* b, const uint64_t* c, size_t groups,
              const SkipWeights& weights, uint64_t* sums);

/** out[x] = Σ_k t0[k][byte k of w_2x] + t1[k][byte k of w_2x ⊕ w_2x+1] for x < count
 * (E values; t0, t1: 8 tables of 256 E values). */
void zerocheckEntries(const uint64_t* col, size_t count, const uint64_t* t0, const uint64_t* t1, uint64_t* out);

/** Block words: 2^14 bits. */
constexpr size_t BLOCK_WORDS = 256;

/** zv[j] += Σ_{t < blocks} eq[t]·bit j of block t, for the 2^14 positions j (z: blocks of
 * BLOCK_WORDS words, eq and zv E values). */
void foldBlocks(const uint64_t* z, size_t blocks, const uint64_t* eq, uint64_t* zv);

}  // namespace leanvm
