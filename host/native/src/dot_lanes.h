// FieldKernels::dotKE and combineKE over a lane type T: sums of K × E products kept unreduced
// until the end (reduction is linear, so reducing the sum gives the bytes of summing the
// reduced products), the E operand by limbs. A sum of n products costs 3n wide products and
// three reductions.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace leanvm {
namespace {

template <class T>
struct DotLanes {
  static constexpr size_t W = T::W;
  using P = typename T::P;

  static P zeroP() { return T::mulWide(T::zero(), T::zero()); }

  /** out[0..3) ^= the W reduced lanes of acc[0..3), summed. */
  static void fold(const P acc[3], uint64_t out[3]) {
    alignas(64) uint64_t lanes[W];
    for (int l = 0; l < 3; l++) {
      T::store(lanes, T::reduce(acc[l]));
      for (size_t w = 0; w < W; w++) out[l] ^= lanes[w];
    }
  }

  static void dot(const uint64_t* f, const uint64_t* const v[3], size_t n, uint64_t out[3]) {
    P acc[3] = {zeroP(), zeroP(), zeroP()};
    size_t i = 0;
    for (; i + W <= n; i += W) {
      const typename T::V x = T::load(f + i);
      for (int l = 0; l < 3; l++) acc[l] = T::add(acc[l], T::mulWide(x, T::load(v[l] + i)));
    }
    if (i < n) {
      const size_t r = n - i;
      const typename T::V x = T::load(f + i, r);
      for (int l = 0; l < 3; l++) acc[l] = T::add(acc[l], T::mulWide(x, T::load(v[l] + i, r)));
    }
    fold(acc, out);
  }

  /** Values [j, j + r) of the combination, r ≤ W, into out (interleaved E); bc: each row's
   * coefficient limbs broadcast over W words, 3W words a row. */
  static void combineStep(const uint64_t* const* rows, size_t nRows, const uint64_t* bc, size_t j, size_t r,
                          uint64_t* out) {
    P acc[3] = {zeroP(), zeroP(), zeroP()};
    for (size_t row = 0; row < nRows; row++) {
      const typename T::V x = r == W ? T::load(rows[row] + j) : T::load(rows[row] + j, r);
      for (int l = 0; l < 3; l++) acc[l] = T::add(acc[l], T::mulWide(x, T::load(bc + (3 * row + l) * W)));
    }
    alignas(64) uint64_t limbs[3][W];
    for (int l = 0; l < 3; l++) T::store(limbs[l], T::reduce(acc[l]));
    for (size_t i = 0; i < r; i++) {
      for (int l = 0; l < 3; l++) out[3 * (j + i) + l] = limbs[l][i];
    }
  }

  static void combine(const uint64_t* const* rows, size_t nRows, const uint64_t* c, size_t n, uint64_t* out) {
    // Rows are few (a stack's lanes, at most 64): their broadcast coefficients stay in L1.
    alignas(64) uint64_t bc[3 * 64 * W];
    for (size_t done = 0; done < nRows; done += 64) {
      const size_t part = std::min<size_t>(64, nRows - done);
      for (size_t row = 0; row < part; row++) {
        for (int l = 0; l < 3; l++) std::fill_n(bc + (3 * row + l) * W, W, c[3 * (done + row) + l]);
      }
      // Past the first 64 rows, sums add to what is there.
      alignas(64) uint64_t prior[3 * W];
      size_t j = 0;
      for (; j < n; j += W) {
        const size_t r = std::min(W, n - j);
        if (done > 0) std::copy(out + 3 * j, out + 3 * (j + r), prior);
        combineStep(rows + done, part, bc, j, r, out);
        if (done > 0) {
          for (size_t x = 0; x < 3 * r; x++) out[3 * j + x] ^= prior[x];
        }
      }
    }
  }
};

}  // namespace
}  // namespace leanvm
