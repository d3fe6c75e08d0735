// One NTT pass of k = 1..3 forward layers over a lane type T. A block of layer ℓ is 2^k
// rows; a group of W words at the same offset in every row is loaded once, takes all k·2^(k−1)
// butterflies in registers (u += t·v, v += u), and is stored once: for k = 3 that is a
// third of the memory traffic of radix-2 layers. Block 0 of every layer has twiddle 0, so
// the block holding it skips those products (half of layer 1, a quarter of layer 2, …).
#pragma once

namespace leanvm {
namespace {

/** Layer j of the pass pairs rows a and a + 2^(k−1−j) inside each of its 2^j sub-blocks;
 * ZERO: sub-block 0 of every layer has twiddle 0. */
template <class T, int K, bool ZERO>
inline void butterflyGroup(typename T::V* x, const typename T::C* t) {
#pragma GCC unroll 4
  for (int j = 0; j < K; j++) {
    const int span = 1 << (K - 1 - j);
#pragma GCC unroll 4
    for (int sub = 0; sub < (1 << j); sub++) {
      const typename T::C& tw = t[(1 << j) - 1 + sub];
#pragma GCC unroll 4
      for (int a = 2 * span * sub; a < 2 * span * sub + span; a++) {
        if (!ZERO || sub > 0) x[a] = T::addMul(x[a], x[a + span], tw);
        x[a + span] = T::add(x[a + span], x[a]);
      }
    }
  }
}

/** One block: groups of W words at offsets [0, width), the last one partial. */
template <class T, int K, bool ZERO>
inline void blockGroups(uint64_t* dst, const uint64_t* src, size_t s, size_t width, const typename T::C* t) {
  constexpr int R = 1 << K;
  typename T::V x[R];
  size_t i = 0;
  for (; i + T::W <= width; i += T::W) {
    for (int r = 0; r < R; r++) x[r] = T::load(src + r * s + i);
    butterflyGroup<T, K, ZERO>(x, t);
    for (int r = 0; r < R; r++) T::store(dst + r * s + i, x[r]);
  }
  if (i < width) {
    const size_t n = width - i;
    for (int r = 0; r < R; r++) x[r] = T::load(src + r * s + i, n);
    butterflyGroup<T, K, ZERO>(x, t);
    for (int r = 0; r < R; r++) T::store(dst + r * s + i, x[r], n);
  }
}

template <class T, int K>
void nttPassLanes(uint64_t* dst, const uint64_t* src, size_t blocks, size_t stride, size_t width, const uint64_t* tw) {
  constexpr int R = 1 << K;
  for (size_t blk = 0; blk < blocks; blk++, dst += R * stride, src += R * stride, tw += R - 1) {
    typename T::C t[R - 1];
    bool zero = true;
    for (int j = 0; j < R - 1; j++) t[j] = T::constant(tw[j]);
    for (int j = 0; j < K; j++) zero = zero && tw[(1 << j) - 1] == 0;
    if (zero) {
      blockGroups<T, K, true>(dst, src, stride, width, t);
    } else {
      blockGroups<T, K, false>(dst, src, stride, width, t);
    }
  }
}

}  // namespace
}  // namespace leanvm
