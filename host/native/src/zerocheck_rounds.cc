// Pair y reads values 4y .. 4y+3 of each table when it binds first (2y, 2y+1 otherwise) and
// writes the bound values 2y, 2y+1 over them. In place, threads could overwrite values a lower
// range has not read yet, so the pairs go in phases [0, G), [G, 2G), [2G, 4G), …: phase
// [L, 2L) reads values [4L, 8L) and writes [2L, 4L), disjoint, and only phases before it read
// [2L, 4L). Phase [0, G) runs on one thread in order, each chunk read whole before it is
// written. Within a phase threads take disjoint ranges; a range's sums (XORs of exact field
// values, so grouped any way they are the same) are combined under a lock.
#include "zerocheck_rounds.h"

#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

#include "e_repeated.h"
#include "e_sums.h"
#include "opening.h"
#include "threads.h"

namespace leanvm {
namespace {

/** Pairs per chunk: its scratch (a few arrays of 6·CHUNK words) stays in L1. */
constexpr size_t CHUNK = 128;
/** Pairs a thread takes at least, and the first phase: ~10 products a pair. */
constexpr size_t GRAIN = 1024;
/** log2(CHUNK). */
constexpr size_t LOW_BITS = 7;

/** The round's pieces every range reads. */
struct Round {
  const FieldKernels& k;
  uint64_t* tables[3];
  /** χ repeated 2·CHUNK times, or null: no binding this round. */
  const uint64_t* chi;
  /** eq(point, y) = eqLo[y & loMask]·eqHi[y >> loBits]. */
  std::vector<uint64_t> eqLo, eqHi;
  size_t loBits;
};

/** Binds pairs [y, y + m) of table t into f (2m values) and writes them back in place. */
void bindChunk(const FieldKernels& k, uint64_t* t, size_t y, size_t m, const uint64_t* chi, uint64_t* f) {
  const uint64_t* src = t + 12 * y;
  alignas(64) uint64_t d[6 * CHUNK];
  for (size_t j = 0; j < 2 * m; j++) {
    for (int l = 0; l < 3; l++) d[3 * j + l] = src[6 * j + l] ^ src[6 * j + 3 + l];
  }
  k.mulE(d, chi, f, 2 * m);
  for (size_t j = 0; j < 2 * m; j++) {
    for (int l = 0; l < 3; l++) f[3 * j + l] ^= src[6 * j + l];
  }
  std::memcpy(t + 6 * y, f, 48 * m);
}

/** Σ eq·(a1·b1 + c1) and Σ eq·(a0 + a1)·(b0 + b1) over pairs [from, to) into sum[0..6). */
void sumRange(const Round& r, size_t from, size_t to, uint64_t sum[6]) {
  const FieldKernels& k = r.k;
  const size_t loMask = (size_t{1} << r.loBits) - 1;
  alignas(64) uint64_t bound[3][6 * CHUNK], x1[3 * CHUNK], y1[3 * CHUNK], sx[3 * CHUNK], sy[3 * CHUNK];
  uint64_t inner[6] = {};
  for (size_t y = from; y < to;) {
    const size_t lo = y & loMask, m = std::min({CHUNK, to - y, loMask + 1 - lo});
    const uint64_t* f[3];
    for (int t = 0; t < 3; t++) {
      if (r.chi != nullptr) bindChunk(k, r.tables[t], y, m, r.chi, bound[t]);
      f[t] = r.chi != nullptr ? bound[t] : r.tables[t] + 6 * y;
    }
    for (size_t i = 0; i < m; i++) {
      for (int l = 0; l < 3; l++) {
        const size_t v0 = 6 * i + l, v1 = v0 + 3;
        x1[3 * i + l] = f[0][v1];
        y1[3 * i + l] = f[1][v1];
        sx[3 * i + l] = f[0][v0] ^ f[0][v1];
        sy[3 * i + l] = f[1][v0] ^ f[1][v1];
      }
    }
    k.mulE(x1, y1, x1, m);
    for (size_t i = 0; i < m; i++) {
      for (int l = 0; l < 3; l++) x1[3 * i + l] ^= f[2][6 * i + 3 + l];
    }
    k.mulE(sx, sy, sx, m);
    const uint64_t* w = r.eqLo.data() + 3 * lo;
    k.mulE(x1, w, x1, m);
    k.mulE(sx, w, sx, m);
    accumulate(inner, x1, m);
    accumulate(inner + 3, sx, m);
    y += m;
    // The inner sums share eqHi over a run of low bits: weighed once when it ends.
    if ((y & loMask) == 0 || y == to) {
      const uint64_t* hi = r.eqHi.data() + 3 * ((y - 1) >> r.loBits);
      const uint64_t his[6] = {hi[0], hi[1], hi[2], hi[0], hi[1], hi[2]};
      k.mulE(inner, his, inner, 2);
      for (int i = 0; i < 6; i++) sum[i] ^= std::exchange(inner[i], 0);
    }
  }
}

}  // namespace

void zerocheckStep(const FieldKernels& k, uint64_t* a, uint64_t* b, uint64_t* c, const uint64_t* chi,
                   const uint64_t* point, size_t nCoords, uint64_t out[6]) {
  const uint64_t none[3] = {};
  const Repeated<2 * CHUNK> chis(chi != nullptr ? chi : none);
  // Half the coordinates low (at least a chunk's worth while there are that many): tables of
  // √(pairs) weights, and chunks that end where the low bits wrap.
  const size_t loBits = std::min(nCoords, std::max(nCoords - nCoords / 2, LOW_BITS)), hiBits = nCoords - loBits;
  Round r{k, {a, b, c}, chi != nullptr ? chis.words : nullptr, std::vector<uint64_t>(size_t{3} << loBits),
          std::vector<uint64_t>(size_t{3} << hiBits), loBits};
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
