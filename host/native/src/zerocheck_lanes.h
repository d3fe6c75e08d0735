// FieldKernels::zerocheckPairs over a lane type T. A step takes W pairs: each table's values
// are loaded into limb registers once, bound, stored back, and carried through the round's
// products and the eq weights. The two weighted sums stay unreduced until the run ends:
// reduction is linear, so reducing the sum gives the bytes of summing the reduced products.
#pragma once
#include <algorithm>

#include "e_repeated.h"
#include "e_sums.h"
#include "mul.h"

namespace leanvm {
namespace {

/**
 * lo, hi: elements [0, W) and [W, 2W) (T::load3's lane order) → the first and the second
 * values of pairs [0, W), in the same order. Types of up to two lanes keep elements in their
 * own order, where this is the 2×2 transpose; wider ones say how (T::unzip).
 */
template <class T>
inline __attribute__((always_inline)) void unzip(typename T::V& lo, typename T::V& hi) {
  if constexpr (T::W <= 2) {
    typename T::V x[2] = {lo, hi};
    T::transpose(x);
    lo = x[0];
    hi = x[1];
  } else {
    T::unzip(lo, hi);
  }
}

template <class T>
struct ZerocheckLanes {
  using E = ELimbs<T>;
  static constexpr size_t W = T::W;

  static E zero() { return {{T::zero(), T::zero(), T::zero()}}; }

  /** The first and second values of n ≤ W pairs at p (2n E values). */
  static __attribute__((always_inline)) void loadPairs(const uint64_t* p, size_t n, E& first, E& second) {
    first = loadE<T>(p, std::min(2 * n, W));
    second = 2 * n > W ? loadE<T>(p + 3 * W, 2 * n - W) : zero();
    for (int l = 0; l < 3; l++) unzip<T>(first.l[l], second.l[l]);
  }

  /** n ≤ W values t0 + χ·(t0 + t1) of the pairs (t0, t1) at p. */
  static __attribute__((always_inline)) E bind(const uint64_t* p, size_t n, const EPieces<T>& chi) {
    E t0, t1;
    loadPairs(p, n, t0, t1);
    return addE<T>(t0, mulE<T>(pieces<T>(addE<T>(t0, t1)), chi));
  }

  /** Pairs [y, y + r) of t, r ≤ W, as they are after binding at chi (with Bind), which stores
   * the bound values: a step reads its values [4y, 4y + 4r) before it writes [2y, 2y + 2r). */
  template <bool Bind>
  static __attribute__((always_inline)) void pairs(uint64_t* t, size_t y, size_t r, const EPieces<T>& chi, E& first,
                                                   E& second) {
    if constexpr (!Bind) {
      loadPairs(t + 6 * y, r, first, second);
    } else {
      const size_t n0 = std::min(2 * r, W), n1 = 2 * r - n0;
      first = bind(t + 12 * y, n0, chi);
      second = n1 > 0 ? bind(t + 12 * y + 6 * W, n1, chi) : zero();
      storeE<T>(t + 6 * y, n0, first);
      if (n1 > 0) storeE<T>(t + 6 * y + 3 * W, n1, second);
      for (int l = 0; l < 3; l++) unzip<T>(first.l[l], second.l[l]);
    }
  }

  /** Pairs [y, y + r), r ≤ W, weighed by w, into the sums' unreduced limbs. */
  template <bool Bind>
  static __attribute__((always_inline)) void step(uint64_t* const t[3], size_t y, size_t r, const EPieces<T>& chi,
                                                  const uint64_t* w, EWide<T>& one, EWide<T>& inf) {
    E a0, a1, b0, b1, c0, c1;
    pairs<Bind>(t[0], y, r, chi, a0, a1);
    pairs<Bind>(t[1], y, r, chi, b0, b1);
    pairs<Bind>(t[2], y, r, chi, c0, c1);
    // Lanes past r weigh zero (load3 fills them so).
    const EPieces<T> weight = pieces<T>(loadE<T>(w, r));
    const E x = addE<T>(mulE<T>(pieces<T>(a1), pieces<T>(b1)), c1);
    const E s = mulE<T>(pieces<T>(addE<T>(a0, a1)), pieces<T>(addE<T>(b0, b1)));
    one = addWide<T>(one, mulWideE<T>(pieces<T>(x), weight));
    inf = addWide<T>(inf, mulWideE<T>(pieces<T>(s), weight));
  }

  /** Whole steps with r = W as a constant, then the tail. */
  template <bool Bind>
  static void steps(uint64_t* const t[3], size_t y, size_t m, const EPieces<T>& chi, const uint64_t* weights,
                    EWide<T>& one, EWide<T>& inf) {
    size_t i = 0;
    for (; i + W <= m; i += W) step<Bind>(t, y + i, W, chi, weights + 3 * i, one, inf);
    if (i < m) step<Bind>(t, y + i, m - i, chi, weights + 3 * i, one, inf);
  }

  static void run(uint64_t* const t[3], size_t y, size_t m, const uint64_t* chi, const uint64_t* weights,
                  uint64_t sums[6]) {
    EWide<T> one = {}, inf = {};
    if (chi != nullptr) {
      const Repeated<W> chis(chi);
      steps<true>(t, y, m, pieces<T>(loadE<T>(chis.words, W)), weights, one, inf);
    } else {
      steps<false>(t, y, m, EPieces<T>{}, weights, one, inf);
    }
    alignas(64) uint64_t lanes[2][3 * W];
    storeE<T>(lanes[0], W, reduceE<T>(one));
    storeE<T>(lanes[1], W, reduceE<T>(inf));
    accumulate(sums, lanes[0], W);
    accumulate(sums + 3, lanes[1], W);
  }
};

}  // namespace
}  // namespace leanvm
