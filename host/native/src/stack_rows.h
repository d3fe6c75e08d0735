// The level-0 layout over a lane type T: a stack of nLanes blocks of blockLen words becomes
// blockLen rows of nLanes words (here a range of them), lane t holding block nLanes−1−t (src/ntt/encode.ts), zero
// past the data. W×W tiles are read along the blocks, turned around in registers
// (T::transpose) and written along the rows; a run of TILE positions keeps the rows being
// filled in L1 and gives each block a run of whole lines to read.
#pragma once

namespace leanvm {
namespace {

template <class T>
void stackRowsLanes(const uint64_t* q, size_t words, uint64_t* rows, size_t blockLen, size_t nLanes, size_t from,
                    size_t to) {
  constexpr size_t W = T::W, TILE = 256;
  typename T::V x[W];
  for (size_t p1 = from; p1 < to; p1 += TILE) {
    const size_t p1End = to - p1 < TILE ? to : p1 + TILE;
    for (size_t t0 = 0; t0 < nLanes; t0 += W) {
      const size_t lanes = nLanes - t0 < W ? nLanes - t0 : W;
      for (size_t p0 = p1; p0 < p1End; p0 += W) {
        for (size_t j = 0; j < W; j++) {
          const size_t first = j < lanes ? (nLanes - 1 - t0 - j) * blockLen : 0;
          const size_t have = j < lanes && words > first + p0 ? words - first - p0 : 0;  // data words from p0 on
          const size_t n = have < p1End - p0 ? have : p1End - p0;
          x[j] = n >= W ? T::load(q + first + p0) : n > 0 ? T::load(q + first + p0, n) : T::zero();
        }
        T::transpose(x);
        const size_t positions = p1End - p0 < W ? p1End - p0 : W;
        for (size_t i = 0; i < positions; i++) {
          uint64_t* row = rows + (p0 + i) * nLanes + t0;
          if (lanes == W) {
            T::store(row, x[i]);
          } else {
            T::store(row, x[i], lanes);
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace leanvm
