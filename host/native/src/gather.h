// Gathers of K words by a computed index (src/kernels/vm/gather.ts is the reference): the VM
// witness's columns, row by row from the trace and the decoded bytecode, split over the pool.
#pragma once
#include <cstddef>
#include <cstdint>

namespace leanvm {

/** index(i) = scale·(step·i + rows[stride·i + word] + code[slotStride·rows[stride·i + pcWord] +
 * slot]) + add, a term left out where its word or slot is negative. */
struct PairGather {
  size_t step;
  const uint32_t* rows;
  size_t stride;
  long word;
  const uint32_t* code;
  size_t codeLength;
  size_t slotStride;
  size_t pcWord;
  long slot;
  size_t scale;
  size_t add;
};

/** dst[i] = src[index(i)] (K words as u32 pairs) for i < n. Returns n when every index is in
 * [0, pairs) and every pc in the bytecode, else the first row that is not (dst then partly
 * written). The caller has checked that the rows read lie in `rows`. */
size_t gatherPairs(uint32_t* dst, const uint32_t* src, size_t pairs, size_t n, const PairGather& g);

}  // namespace leanvm
