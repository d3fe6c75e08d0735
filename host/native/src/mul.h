// Batch K and E products over a lane type T (see k_scalar.h for the interface): W elements
// per step, a partial step for the tail. An E product is six K products (Karatsuba over
// the three limbs) summed unreduced, then three reductions.
#pragma once

namespace leanvm {
namespace {

template <class T>
void mulKLanes(const uint64_t* a, const uint64_t* b, uint64_t* out, size_t n) {
  size_t i = 0;
  for (; i + T::W <= n; i += T::W) T::store(out + i, T::reduce(T::mulWide(T::load(a + i), T::load(b + i))));
  if (i < n) {
    const size_t r = n - i;
    T::store(out + i, T::reduce(T::mulWide(T::load(a + i, r), T::load(b + i, r))), r);
  }
}

/**
 * With y^3 = y + 1 and p_ij = (a_i + a_j)(b_i + b_j), p_ii = a_i·b_i:
 * c0 = p00 + p11 + p22 + p12, c1 = p00 + p01 + p12, c2 = p00 + p11 + p02.
 */
template <class T>
inline __attribute__((always_inline)) void mulEStep(const uint64_t* a, const uint64_t* b, uint64_t* out, size_t r) {
  typename T::V a0, a1, a2, b0, b1, b2;
  T::load3(a, r, a0, a1, a2);
  T::load3(b, r, b0, b1, b2);
  const auto p00 = T::mulWide(a0, b0), p11 = T::mulWide(a1, b1), p22 = T::mulWide(a2, b2);
  const auto p01 = T::mulWide(T::add(a0, a1), T::add(b0, b1));
  const auto p02 = T::mulWide(T::add(a0, a2), T::add(b0, b2));
  const auto p12 = T::mulWide(T::add(a1, a2), T::add(b1, b2));
  const auto p0011 = T::add(p00, p11);
  T::store3(out, r, T::reduce(T::add(T::add(p0011, p22), p12)), T::reduce(T::add(T::add(p00, p01), p12)),
            T::reduce(T::add(p0011, p02)));
}

template <class T>
void mulELanes(const uint64_t* a, const uint64_t* b, uint64_t* out, size_t n) {
  size_t i = 0;
  for (; i + T::W <= n; i += T::W) mulEStep<T>(a + 3 * i, b + 3 * i, out + 3 * i, T::W);
  if (i < n) mulEStep<T>(a + 3 * i, b + 3 * i, out + 3 * i, n - i);
}

}  // namespace
}  // namespace leanvm
