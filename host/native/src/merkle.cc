// Builds a tree with the active hash kernels. Blocks of a leaf image that lie wholly in its
// zero prefix are the same for every leaf: their chaining value is computed once, and the
// lanes start after them (a 35-lane level-0 row skips 3 of its 8 compressions). Leaves and
// each level split into disjoint node ranges among the threads; the top levels, under a
// grain, run on the caller alone.
#include "merkle.h"

#include <algorithm>

#include "blake2s_lanes.h"
#include "threads.h"

namespace leanvm {
namespace {

/** Digests per range at least, a multiple of every lane width. */
constexpr size_t GRAIN = 64;

}  // namespace

void merkleTree(const HashKernels& h, const uint32_t* rows, size_t nLeaves, size_t rowU32, size_t imageU32,
                uint32_t* nodes) {
  const size_t blocks = (imageU32 + 15) / 16;
  const size_t lead = imageU32 - rowU32;
  // The last block carries the final flag and the length: never shared.
  const size_t firstBlock = std::min(lead / 16, blocks - 1);
  uint32_t state[8];
  for (int i = 0; i < 8; i++) state[i] = PARAM_IV[i];
  const uint32_t zeros[16] = {};
  for (size_t blk = 0; blk < firstBlock; blk++) compressLanes<ScalarLanes>(state, zeros, static_cast<uint32_t>(64 * (blk + 1)), false);
  parallelFor(nLeaves, GRAIN, [&](size_t from, size_t to) {
    h.leaves({rows + from * rowU32, to - from, rowU32, imageU32, firstBlock, state, nodes + 8 * from});
  });
  size_t read = 0, write = 8 * nLeaves;
  for (size_t len = nLeaves / 2; len >= 1; len /= 2) {
    const uint32_t* children = nodes + read;
    uint32_t* out = nodes + write;
    parallelFor(len, GRAIN, [&](size_t from, size_t to) { h.level(children + 16 * from, to - from, out + 8 * from); });
    read = write;
    write += 8 * len;
  }
}

}  // namespace leanvm
