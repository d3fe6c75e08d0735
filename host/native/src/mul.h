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

/** W E values as limb registers (T::load3's lane order). */
template <class T>
struct ELimbs {
  typename T::V l[3];
};

/** An E operand's Karatsuba pieces: its limbs, then the sums of limbs 0 1, 0 2 and 1 2. A
 * constant factor's are made once. */
template <class T>
struct EPieces {
  typename T::V l[3], s[3];
};

/** An E product's limbs, unreduced: sums of them reduce once (reduction is linear). */
template <class T>
struct EWide {
  typename T::P l[3];
};

template <class T>
inline __attribute__((always_inline)) ELimbs<T> loadE(const uint64_t* p, size_t n) {
  ELimbs<T> e;
  T::load3(p, n, e.l[0], e.l[1], e.l[2]);
  return e;
}

template <class T>
inline __attribute__((always_inline)) void storeE(uint64_t* p, size_t n, const ELimbs<T>& e) {
  T::store3(p, n, e.l[0], e.l[1], e.l[2]);
}

template <class T>
inline __attribute__((always_inline)) ELimbs<T> addE(const ELimbs<T>& a, const ELimbs<T>& b) {
  return {{T::add(a.l[0], b.l[0]), T::add(a.l[1], b.l[1]), T::add(a.l[2], b.l[2])}};
}

template <class T>
inline __attribute__((always_inline)) EPieces<T> pieces(const ELimbs<T>& a) {
  return {{a.l[0], a.l[1], a.l[2]}, {T::add(a.l[0], a.l[1]), T::add(a.l[0], a.l[2]), T::add(a.l[1], a.l[2])}};
}

/**
 * With y^3 = y + 1 and p_ij = (a_i + a_j)(b_i + b_j), p_ii = a_i·b_i:
 * c0 = p00 + p11 + p22 + p12, c1 = p00 + p01 + p12, c2 = p00 + p11 + p02.
 */
template <class T>
inline __attribute__((always_inline)) EWide<T> mulWideE(const EPieces<T>& a, const EPieces<T>& b) {
  const auto p00 = T::mulWide(a.l[0], b.l[0]), p11 = T::mulWide(a.l[1], b.l[1]), p22 = T::mulWide(a.l[2], b.l[2]);
  const auto p01 = T::mulWide(a.s[0], b.s[0]), p02 = T::mulWide(a.s[1], b.s[1]), p12 = T::mulWide(a.s[2], b.s[2]);
  const auto p0011 = T::add(p00, p11);
  return {{T::add(T::add(p0011, p22), p12), T::add(T::add(p00, p01), p12), T::add(p0011, p02)}};
}

template <class T>
inline __attribute__((always_inline)) EWide<T> addWide(const EWide<T>& a, const EWide<T>& b) {
  return {{T::add(a.l[0], b.l[0]), T::add(a.l[1], b.l[1]), T::add(a.l[2], b.l[2])}};
}

template <class T>
inline __attribute__((always_inline)) ELimbs<T> reduceE(const EWide<T>& p) {
  return {{T::reduce(p.l[0]), T::reduce(p.l[1]), T::reduce(p.l[2])}};
}

template <class T>
inline __attribute__((always_inline)) ELimbs<T> mulE(const EPieces<T>& a, const EPieces<T>& b) {
  return reduceE<T>(mulWideE<T>(a, b));
}

template <class T>
void mulELanes(const uint64_t* a, const uint64_t* b, uint64_t* out, size_t n) {
  const auto step = [&](size_t i, size_t r) {
    storeE<T>(out + 3 * i, r, mulE<T>(pieces<T>(loadE<T>(a + 3 * i, r)), pieces<T>(loadE<T>(b + 3 * i, r))));
  };
  size_t i = 0;
  for (; i + T::W <= n; i += T::W) step(i, T::W);
  if (i < n) step(i, n - i);
}

}  // namespace
}  // namespace leanvm
