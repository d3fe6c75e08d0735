// The threading and the in-place binding around the path's lane kernels (FieldKernels::
// productsOfFour, quarticPairs, formRows, formPairSums: quartic_lanes.h, form_lanes.h), which
// keep their products in registers; the K columns' pair sums and the binding gather CHUNK
// values into small arrays for the path's batch products. A thread's sums are combined under a
// lock (e_sums.h).
#include "vm_bus.h"

#include <algorithm>
#include <vector>

#include "e_repeated.h"
#include "e_sums.h"
#include "threads.h"

namespace leanvm {
namespace {

constexpr size_t CHUNK = 64;
/** Rows or pairs a thread takes at least: a few hundred products each. */
constexpr size_t GRAIN = 256;

inline void xorInto(uint64_t* d, const uint64_t* a, const uint64_t* b, size_t words) {
  for (size_t i = 0; i < words; i++) d[i] = a[i] ^ b[i];
}

/** out[i] = src[i] + r·(src[i] + src[i + span]) for i in [from, from + c), c ≤ CHUNK: K or E
 * values src, E out (which may be src itself: each value is read before it is written). */
void bindRows(const FieldKernels& k, const uint64_t* src, bool isE, size_t span, const Repeated<CHUNK>& rr, size_t from,
              size_t c, uint64_t* out) {
  alignas(64) uint64_t lo[3 * CHUNK], d[3 * CHUNK];
  if (c == 0) return;
  if (isE) {
    std::copy(src + 3 * from, src + 3 * (from + c), lo);
    xorInto(d, lo, src + 3 * (from + span), 3 * c);
    k.mulE(d, rr.words, d, c);
    xorInto(out + 3 * from, d, lo, 3 * c);
    return;
  }
  // A K difference times the E challenge: the K product over its three copies.
  for (size_t i = 0; i < c; i++) d[3 * i] = d[3 * i + 1] = d[3 * i + 2] = src[from + i] ^ src[from + span + i];
  k.mulK(d, rr.words, d, 3 * c);
  for (size_t i = 0; i < c; i++) d[3 * i] ^= src[from + i];
  std::copy(d, d + 3 * c, out + 3 * from);
}

/** The K columns' pair sums of rows [i0, i0 + c) into sums (9 words a term): the products in K,
 * then their inner products with eq by its limbs (dotKE, reduced once). */
void kTerms(const FieldKernels& k, const uint64_t* const* cols, const VmForm& f, const uint64_t* e, size_t i0, size_t c,
            size_t half, uint64_t* sums) {
  alignas(64) uint64_t el[3][CHUNK], a0[CHUNK], da[CHUNK], b0[CHUNK], db[CHUNK], p[3][CHUNK], q[CHUNK];
  const uint64_t* const eq[3] = {el[0], el[1], el[2]};
  for (size_t i = 0; i < c; i++) {
    for (int l = 0; l < 3; l++) el[l][i] = e[3 * i + l];
  }
  for (size_t t = 0; t < f.terms; t++) {
    const uint64_t* ca = cols[f.a[t]];
    for (size_t i = 0; i < c; i++) a0[i] = ca[i0 + i], da[i] = ca[i0 + i] ^ ca[i0 + half + i];
    int nk;
    if (f.b[t] < 0) {
      std::copy(a0, a0 + c, p[0]);
      std::copy(da, da + c, p[1]);
      nk = 2;
    } else {
      const uint64_t* cb = cols[f.b[t]];
      for (size_t i = 0; i < c; i++) b0[i] = cb[i0 + i], db[i] = cb[i0 + i] ^ cb[i0 + half + i];
      k.mulK(a0, b0, p[0], c);
      k.mulK(a0, db, p[1], c);
      k.mulK(da, b0, q, c);
      for (size_t i = 0; i < c; i++) p[1][i] ^= q[i];
      k.mulK(da, db, p[2], c);
      nk = 3;
    }
    for (int j = 0; j < nk; j++) k.dotKE(p[j], eq, c, sums + 9 * t + 3 * j);
  }
}

}  // namespace

void productsOfFour(const FieldKernels& k, const uint64_t* src, size_t n, uint64_t* out) {
  parallelFor(n, GRAIN, [&](size_t from, size_t to) { k.productsOfFour(src + 12 * from, to - from, out + 3 * from); });
}

namespace {

/** Bound pairs [q0, q0 + c) of rows whose `pairs` pairs bind at r: each reads input pairs 2q,
 * 2q + 1 (rows 4q .. 4q + 3) and becomes rows 2q, 2q + 1 (a row of ones where pair 2q + 1 is
 * past the end), built in `out` (24 words a pair) before rows [2q0, 2q0 + 2c) are written. */
void bindChunk(const FieldKernels& k, uint64_t* rows, size_t pairs, const Repeated<8 * CHUNK>& rr, size_t q0, size_t c,
               uint64_t* out) {
  const size_t have = std::min(2 * c, pairs - 2 * q0);  // input pairs in the chunk
  const uint64_t* in = rows + 48 * q0;
  for (size_t i = 0; i < have; i++) xorInto(out + 12 * i, in + 24 * i, in + 24 * i + 12, 12);
  k.mulE(out, rr.words, out, 4 * have);
  for (size_t i = 0; i < have; i++) {
    for (size_t t = 0; t < 12; t++) out[12 * i + t] ^= in[24 * i + t];
  }
  if (have < 2 * c) {
    std::fill(out + 12 * have, out + 24 * c, 0);
    for (int q = 0; q < 4; q++) out[12 * have + 3 * q] = 1;
  }
  std::copy(out, out + 24 * c, rows + 24 * q0);
}

}  // namespace

void quarticSums(const FieldKernels& k, uint64_t* rows, size_t pairs, const uint64_t* bind, const uint64_t* eq,
                 uint64_t out[12]) {
  SumOfParts total(out, 12);
  if (bind == nullptr) {
    parallelFor(pairs, GRAIN, [&](size_t from, size_t to) {
      uint64_t sum[12] = {};
      k.quarticPairs(rows + 24 * from, to - from, eq + 3 * from, sum);
      total.add(sum);
    });
    return;
  }
  // In place, bound pair q reads rows [4q, 4q + 4) and writes [2q, 2q + 2): threads could
  // overwrite rows a lower range has not read, so the bound pairs go in phases [0, G), [G, 2G),
  // [2G, 4G), …: phase [L, 2L) reads rows [4L, 8L) and writes [2L, 4L), which only earlier
  // phases read. Phase [0, G) runs on one thread, chunk by chunk in order.
  const Repeated<8 * CHUNK> rr(bind);
  const size_t bound = (pairs + 1) / 2;
  const auto range = [&](size_t from, size_t to) {
    alignas(64) uint64_t scratch[24 * CHUNK];
    uint64_t sum[12] = {};
    for (size_t q0 = from; q0 < to; q0 += CHUNK) {
      const size_t c = std::min(CHUNK, to - q0);
      bindChunk(k, rows, pairs, rr, q0, c, scratch);
      k.quarticPairs(scratch, c, eq + 3 * q0, sum);
    }
    total.add(sum);
  };
  for (size_t from = 0, to = std::min(bound, GRAIN); from < bound; from = to, to = std::min(bound, 2 * to)) {
    if (from == 0) {
      range(0, to);
    } else {
      parallelFor(to - from, GRAIN, [&](size_t b, size_t e) { range(from + b, from + e); });
    }
  }
}

void formRows(const FieldKernels& k, const uint64_t* const* cols, const VmForm& f, size_t n, uint64_t* out) {
  parallelFor(n, GRAIN, [&](size_t from, size_t to) {
    std::vector<const uint64_t*> a(f.terms), b(f.terms);
    for (size_t t = 0; t < f.terms; t++) {
      a[t] = cols[f.a[t]] + from;
      b[t] = f.b[t] < 0 ? nullptr : cols[f.b[t]] + from;
    }
    k.formRows(a.data(), b.data(), f.coeffs, f.terms, f.constant, to - from, out + 3 * from);
  });
}

void formPairSums(const FieldKernels& k, const uint64_t* const* cols, size_t nCols, bool isE, const VmForm& f,
                  const uint64_t* eq, size_t half, const uint64_t* bind, uint64_t* const* bound, uint64_t out[9]) {
  std::vector<uint64_t> perTerm(9 * f.terms, 0);
  static constexpr uint64_t NONE[3] = {};
  const Repeated<CHUNK> rr(bind != nullptr ? bind : NONE);
  // The columns the sums read: the bound ones where there is a binding (a block binds its rows
  // of every column just before its sums read them).
  std::vector<const uint64_t*> src(cols, cols + nCols);
  if (bind != nullptr) src.assign(bound, bound + nCols);
  {
    SumOfParts total(perTerm.data(), perTerm.size());
    parallelFor(half, GRAIN, [&](size_t from, size_t to) {
      std::vector<uint64_t> sums(9 * f.terms, 0);
      if (isE || bind != nullptr) {
        // Every term over a block of rows (its columns' block stays in L2 for the next term),
        // each term's sums in registers over the block (FieldKernels::formPairSums); with a
        // binding, the block's rows (i and i + half of the bound columns) are bound first.
        for (size_t i0 = from; i0 < to; i0 += 4 * CHUNK) {
          const size_t c = std::min(4 * CHUNK, to - i0);
          if (bind != nullptr) {
            for (size_t col = 0; col < nCols; col++) {
              for (size_t j = 0; j < c; j += CHUNK) {
                const size_t m = std::min(CHUNK, c - j);
                bindRows(k, cols[col], isE, 2 * half, rr, i0 + j, m, bound[col]);
                bindRows(k, cols[col], isE, 2 * half, rr, half + i0 + j, m, bound[col]);
              }
            }
          }
          for (size_t t = 0; t < f.terms; t++) {
            const uint64_t* b = f.b[t] < 0 ? nullptr : src[f.b[t]] + 3 * i0;
            k.formPairSums(src[f.a[t]] + 3 * i0, b, half, eq + 3 * i0, c, sums.data() + 9 * t);
          }
        }
      } else {
        for (size_t i0 = from; i0 < to; i0 += CHUNK) kTerms(k, cols, f, eq + 3 * i0, i0, std::min(CHUNK, to - i0), half, sums.data());
      }
      total.add(sums.data());
    });
  }
  std::fill(out, out + 9, 0);
  std::copy(f.constant, f.constant + 3, out);
  std::vector<uint64_t> coeff(9);
  for (size_t t = 0; t < f.terms; t++) {
    for (int j = 0; j < 3; j++) std::copy(f.coeffs + 3 * t, f.coeffs + 3 * t + 3, coeff.data() + 3 * j);
    k.mulE(perTerm.data() + 9 * t, coeff.data(), perTerm.data() + 9 * t, 3);
    for (int x = 0; x < 9; x++) out[x] ^= perTerm[9 * t + x];
  }
}

}  // namespace leanvm
