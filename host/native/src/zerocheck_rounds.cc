// Pair y reads values 4y .. 4y+3 of each table when it binds first (2y, 2y+1 otherwise) and
// writes the bound values 2y, 2y+1 over them. In place, threads could overwrite values a lower
// range has not read yet, so the pairs go in phases [0, G), [G, 2G), [2G, 4G), …: phase
// [L, 2L) reads values [4L, 8L) and writes [2L, 4L), disjoint, and only phases before it read
// [2L, 4L). Phase [0, G) runs on one thread in order, each step of the kernel
// (FieldKernels::zerocheckPairs) reading its values before it writes. Within a phase threads
// take disjoint ranges; a range's sums (XORs of exact field values, so grouped any way they
// are the same) are combined under a lock.
#include "zerocheck_rounds.h"

#include <algorithm>

#include "e_sums.h"
#include "memory.h"
#include "opening.h"
#include "threads.h"

namespace leanvm {
namespace {

/** Pairs a thread takes at least, and the first phase: ~10 products a pair. */
constexpr size_t GRAIN = 1024;
/** Low coordinates at least (while there are that many): the pairs sharing an eqHi weight,
 * weighed by it once, come in runs of 2^LOW_BITS or more. */
constexpr size_t LOW_BITS = 7;

/** The round's pieces every range reads. */
struct Round {
  const FieldKernels& k;
  uint64_t* tables[3];
  /** χ, or null: no binding this round. */
  const uint64_t* chi;
  /** eq(point, y) = eqLo[y & loMask]·eqHi[y >> loBits]. */
  Scratch<uint64_t> eqLo, eqHi;
  size_t loBits;
};

/** Σ eq·(a1·b1 + c1) and Σ eq·(a0 + a1)·(b0 + b1) over pairs [from, to) into sum[0..6). */
void sumRange(const Round& r, size_t from, size_t to, uint64_t sum[6]) {
  const size_t loMask = (size_t{1} << r.loBits) - 1;
  for (size_t y = from; y < to;) {
    // A run of pairs sharing eqHi: weighed by it once.
    const size_t lo = y & loMask, m = std::min(to - y, loMask + 1 - lo);
    uint64_t inner[6] = {};
    r.k.zerocheckPairs(r.tables, y, m, r.chi, r.eqLo.data() + 3 * lo, inner);
    const uint64_t* hi = r.eqHi.data() + 3 * (y >> r.loBits);
    y += m;
    const uint64_t his[6] = {hi[0], hi[1], hi[2], hi[0], hi[1], hi[2]};
    r.k.mulE(inner, his, inner, 2);
    for (int i = 0; i < 6; i++) sum[i] ^= inner[i];
  }
}

}  // namespace

void zerocheckStep(const FieldKernels& k, uint64_t* a, uint64_t* b, uint64_t* c, const uint64_t* chi,
                   const uint64_t* point, size_t nCoords, uint64_t out[6]) {
  // Half the coordinates low (at least LOW_BITS while there are that many): tables of
  // √(pairs) weights, and runs that end where the low bits wrap.
  const size_t loBits = std::min(nCoords, std::max(nCoords - nCoords / 2, LOW_BITS)), hiBits = nCoords - loBits;
  Round r{k, {a, b, c}, chi, Scratch<uint64_t>(size_t{3} << loBits),
          Scratch<uint64_t>(size_t{3} << hiBits), loBits};
  const uint64_t one[3] = {1, 0, 0};
  eqTable(k, point, loBits, one, r.eqLo.data());
  eqTable(k, point + 3 * loBits, hiBits, one, r.eqHi.data());

  SumOfParts total(out, 6);
  const auto sums = [&](size_t from, size_t to) {
    uint64_t part[6] = {};
    sumRange(r, from, to, part);
    total.add(part);
  };
  const size_t pairs = size_t{1} << nCoords;
  if (chi == nullptr) {
    parallelFor(pairs, GRAIN, sums);
    return;
  }
  for (size_t from = 0, to = std::min(pairs, GRAIN); from < pairs; from = to, to = std::min(pairs, 2 * to)) {
    parallelFor(to - from, GRAIN, [&](size_t begin, size_t end) { sums(from + begin, from + end); });
  }
}

}  // namespace leanvm
