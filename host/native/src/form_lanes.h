// FieldKernels::formRows and formPairSums over a lane type T: a degree-≤2 form with E
// coefficients evaluated on W rows of K columns at a time, each term's coefficient products
// summed unreduced and the row's three limbs reduced once; and a term's eq-weighted pair sums on
// E columns, W pairs at a time, unreduced until the end (reduction is linear: the bytes of
// summing reduced products).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "mul.h"

namespace leanvm {
namespace {

template <class T>
struct FormLanes {
  static constexpr size_t W = T::W;
  using P = typename T::P;
  using E = ELimbs<T>;

  /** sums[0..9) ^= Σ_{i<n} eq[i]·(a0·b0, a0·db + da·b0, da·db), a0 = a[i], da = a[i] + a[half + i]
   * and likewise b, for E columns a and b; (a0, da, 0) where b is null. */
  static void pairSums(const uint64_t* a, const uint64_t* b, size_t half, const uint64_t* eq, size_t n,
                       uint64_t sums[9]) {
    EWide<T> acc[3] = {};
    const E zero = {{T::zero(), T::zero(), T::zero()}};
    E one[2] = {zero, zero};
    for (size_t i = 0; i < n; i += W) {
      const size_t r = std::min(W, n - i);
      const EPieces<T> w = pieces<T>(loadE<T>(eq + 3 * i, r));
      const E a0 = loadE<T>(a + 3 * i, r), da = addE<T>(a0, loadE<T>(a + 3 * (half + i), r));
      const E ea0 = mulE<T>(pieces<T>(a0), w), eda = mulE<T>(pieces<T>(da), w);
      if (b == nullptr) {
        one[0] = addE<T>(one[0], ea0);
        one[1] = addE<T>(one[1], eda);
        continue;
      }
      const E b0 = loadE<T>(b + 3 * i, r), db = addE<T>(b0, loadE<T>(b + 3 * (half + i), r));
      const EPieces<T> pb0 = pieces<T>(b0), pdb = pieces<T>(db), pa = pieces<T>(ea0), pd = pieces<T>(eda);
      acc[0] = addWide<T>(acc[0], mulWideE<T>(pa, pb0));
      acc[1] = addWide<T>(addWide<T>(acc[1], mulWideE<T>(pa, pdb)), mulWideE<T>(pd, pb0));
      acc[2] = addWide<T>(acc[2], mulWideE<T>(pd, pdb));
    }
    alignas(64) uint64_t values[3 * W];
    for (int j = 0; j < 3; j++) {
      if (b == nullptr && j == 2) break;
      storeE<T>(values, W, b == nullptr ? one[j] : reduceE<T>(acc[j]));
      for (size_t x = 0; x < 3 * W; x++) sums[3 * j + x % 3] ^= values[x];
    }
  }

  static void rows(const uint64_t* const* a, const uint64_t* const* b, const uint64_t* coeffs, size_t terms,
                   const uint64_t constant[3], size_t n, uint64_t* out) {
    // Each term's coefficient limbs broadcast over W words.
    std::vector<uint64_t> bc(3 * W * terms);
    for (size_t t = 0; t < terms; t++) {
      for (int l = 0; l < 3; l++) std::fill_n(bc.data() + (3 * t + l) * W, W, coeffs[3 * t + l]);
    }
    const P zero = T::mulWide(T::zero(), T::zero());
    alignas(64) uint64_t limbs[3][W];
    for (size_t i = 0; i < n; i += W) {
      const size_t r = std::min(W, n - i);
      P acc[3] = {zero, zero, zero};
      for (size_t t = 0; t < terms; t++) {
        typename T::V x = r == W ? T::load(a[t] + i) : T::load(a[t] + i, r);
        if (b[t] != nullptr) x = T::reduce(T::mulWide(x, r == W ? T::load(b[t] + i) : T::load(b[t] + i, r)));
        for (int l = 0; l < 3; l++) acc[l] = T::add(acc[l], T::mulWide(x, T::load(bc.data() + (3 * t + l) * W)));
      }
      for (int l = 0; l < 3; l++) T::store(limbs[l], T::reduce(acc[l]));
      for (size_t j = 0; j < r; j++) {
        for (int l = 0; l < 3; l++) out[3 * (i + j) + l] ^= limbs[l][j] ^ constant[l];
      }
    }
  }
};

}  // namespace
}  // namespace leanvm
