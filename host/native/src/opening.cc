// Every kernel walks its values in chunks small enough for L1: it gathers the operands of a
// chunk into contiguous scratch (a K operand written three times, so a K × E product is the
// K batch product over 3 words a value), runs the path's batch products on them, and
// combines. Threads take disjoint ranges of pairs (or values); sums are XORs of exact field
// values, combined under a lock, so every thread count and order gives the same bytes.
#include "opening.h"

#include <algorithm>
#include <vector>

#include "e_rows.h"
#include "e_sums.h"
#include "threads.h"

namespace leanvm {
namespace {

/** Values per chunk: the scratch of a chunk (a few arrays of 3·CHUNK words) stays in L1. */
constexpr size_t CHUNK = 128;
/** Pairs or values a thread takes at least: tens of microseconds of products. */
constexpr size_t GRAIN = 2048;

/** Pair p = (unit p / s, j = p mod s) of a round, walked in order. */
class PairWalk {
 public:
  PairWalk(size_t n, size_t stride, size_t p) : n_(n), s_(stride), unit_(p / stride), j_(p % stride) {}
  size_t lo() const { return 2 * s_ * unit_ + j_; }
  bool paired() const { return 2 * s_ * unit_ + s_ < n_; }
  void next() {
    if (++j_ == s_) {
      j_ = 0;
      unit_++;
    }
  }

 private:
  size_t n_, s_, unit_, j_;
};

/** Value v of a K (w = 1) or E (w = 3) table as three words: a K word three times over. */
inline void spread(const uint64_t* t, size_t w, size_t v, uint64_t* dst) {
  for (int l = 0; l < 3; l++) dst[l] = t[w * v + (w == 3 ? l : 0)];
}

/** out = a·b for c values of `a` spread (spread()) and E values of b. */
inline void product(const FieldKernels& k, bool aIsE, const uint64_t* a, const uint64_t* b, uint64_t* out, size_t c) {
  if (aIsE) k.mulE(a, b, out, c);
  else k.mulK(a, b, out, 3 * c);
}

/** r repeated CHUNK times: the other operand of a product by a constant. */
struct Repeated {
  alignas(64) uint64_t words[3 * CHUNK];
  explicit Repeated(const uint64_t r[3]) {
    for (size_t i = 0; i < 3 * CHUNK; i++) words[i] = r[i % 3];
  }
};

/** out[i] = v + r·(v + v') for c ≤ CHUNK values of a K (w = 1) or E (w = 3) table of n values
 * (n a multiple of s): v at lo[i], v' at lo[i] + s, or zero past n (a last unit without a high
 * half). The fold of one pair, as fold and foldRound both take it. */
inline void foldValues(const FieldKernels& k, const uint64_t* src, size_t w, size_t n, size_t s, const Repeated& rr,
                       const size_t* lo, size_t c, uint64_t* out) {
  alignas(64) uint64_t d[3 * CHUNK];
  for (size_t i = 0; i < c; i++) {
    spread(src, w, lo[i], d + 3 * i);
    if (lo[i] + s < n) {
      for (size_t l = 0; l < w; l++) d[3 * i + l] ^= src[w * (lo[i] + s) + l];
      if (w == 1) d[3 * i + 1] = d[3 * i + 2] = d[3 * i];
    }
  }
  product(k, w == 3, d, rr.words, out, c);
  for (size_t i = 0; i < c; i++) {
    for (size_t l = 0; l < w; l++) out[3 * i + l] ^= src[w * lo[i] + l];
  }
}

/** buf[i] = Σ_byte rows[256·byte + byte of buf[i]] for i in [from, to): mapByTables on rows
 * of type Row (e_rows.h), its 24 byte tables re-laid once per call. */
template <class Row>
LEANVM_ALWAYS_INLINE void mapByRows(const Row* rows, uint64_t* buf, size_t from, size_t to) {
  for (size_t i = from; i < to; i++) {
    const uint8_t* by = reinterpret_cast<const uint8_t*>(buf + 3 * i);
    Row acc = rows[by[0]];
    for (int byte = 1; byte < 24; byte++) acc ^= rows[256 * byte + by[byte]];
    storeRow(buf + 3 * i, acc);
  }
}
void mapByRowsPortable(const Row3* rows, uint64_t* buf, size_t from, size_t to) { mapByRows(rows, buf, from, to); }

}  // namespace
}  // namespace leanvm

#if LEANVM_X86
LEANVM_TARGET_BEGIN("avx2")
namespace leanvm {
namespace {
void mapByRowsWide(const Row4* rows, uint64_t* buf, size_t from, size_t to) { mapByRows(rows, buf, from, to); }
}  // namespace
}  // namespace leanvm
LEANVM_TARGET_END
#endif

namespace leanvm {

size_t roundPairs(size_t n, size_t stride) { return (n + 2 * stride - 1) / (2 * stride) * stride; }

void roundSums(const FieldKernels& k, const uint64_t* f, bool fIsE, const uint64_t* b, size_t n, size_t stride,
               uint64_t out[6]) {
  const size_t w = fIsE ? 3 : 1;
  SumOfParts total(out, 6);
  parallelFor(roundPairs(n, stride), GRAIN, [&](size_t from, size_t to) {
    alignas(64) uint64_t fl[3 * CHUNK], fd[3 * CHUNK], bl[3 * CHUNK], bd[3 * CHUNK], prod[3 * CHUNK];
    uint64_t sum[6] = {};
    PairWalk walk(n, stride, from);
    for (size_t p = from; p < to;) {
      const size_t c = std::min(CHUNK, to - p);
      for (size_t i = 0; i < c; i++, walk.next()) {
        const size_t lo = walk.lo();
        spread(f, w, lo, fl + 3 * i);
        for (int l = 0; l < 3; l++) bl[3 * i + l] = b[3 * lo + l];
        if (walk.paired()) {
          spread(f, w, lo + stride, fd + 3 * i);
          for (int l = 0; l < 3; l++) {
            fd[3 * i + l] ^= fl[3 * i + l];
            bd[3 * i + l] = bl[3 * i + l] ^ b[3 * (lo + stride) + l];
          }
        } else {
          for (int l = 0; l < 3; l++) {
            fd[3 * i + l] = fl[3 * i + l];
            bd[3 * i + l] = bl[3 * i + l];
          }
        }
      }
      product(k, fIsE, fl, bl, prod, c);
      accumulate(sum, prod, c);
      product(k, fIsE, fd, bd, prod, c);
      accumulate(sum + 3, prod, c);
      p += c;
    }
    total.add(sum);
  });
}

void fold(const FieldKernels& k, const uint64_t* src, bool srcIsE, size_t n, size_t stride, const uint64_t r[3],
          uint64_t* out) {
  const size_t w = srcIsE ? 3 : 1;
  const Repeated rr(r);
  parallelFor(roundPairs(n, stride), GRAIN, [&](size_t from, size_t to) {
    size_t los[CHUNK];
    PairWalk walk(n, stride, from);
    for (size_t p = from; p < to;) {
      const size_t c = std::min(CHUNK, to - p);
      for (size_t i = 0; i < c; i++, walk.next()) los[i] = walk.lo();
      foldValues(k, src, w, n, stride, rr, los, c, out + 3 * p);
      p += c;
    }
  });
}

void foldRound(const FieldKernels& k, const uint64_t* f, bool fIsE, const uint64_t* b, size_t n, size_t s, const uint64_t r[3],
               size_t s2, uint64_t* fOut, uint64_t* bOut, uint64_t out[6]) {
  // Each folded value is one end of exactly one next pair: a thread's pairs fold their ends
  // (2 per pair), store them, and take the pair's two products, chunk by chunk.
  const size_t w = fIsE ? 3 : 1, n1 = roundPairs(n, s);
  const Repeated rr(r);
  SumOfParts total(out, 6);
  parallelFor(roundPairs(n1, s2), GRAIN, [&](size_t from, size_t to) {
    alignas(64) uint64_t pf[6 * CHUNK], pb[6 * CHUNK];
    alignas(64) uint64_t fl[3 * CHUNK], bl[3 * CHUNK], fd[3 * CHUNK], bd[3 * CHUNK], prod[3 * CHUNK];
    size_t at[2 * CHUNK], olo[2 * CHUNK];
    bool hasHi[CHUNK];
    uint64_t sum[6] = {};
    PairWalk next(n1, s2, from);
    for (size_t q = from; q < to;) {
      const size_t c = std::min(CHUNK, to - q);
      // The chunk's folded indices (m of them) and, for each, the pair it folds from.
      size_t m = 0;
      for (size_t i = 0; i < c; i++, next.next()) {
        at[m++] = next.lo();
        hasHi[i] = next.paired();
        if (hasHi[i]) at[m++] = next.lo() + s2;
      }
      for (size_t i = 0; i < m; i++) olo[i] = 2 * s * (at[i] / s) + at[i] % s;
      for (size_t done = 0; done < m; done += CHUNK) {
        const size_t part = std::min(CHUNK, m - done);
        foldValues(k, f, w, n, s, rr, olo + done, part, pf + 3 * done);
        foldValues(k, b, 3, n, s, rr, olo + done, part, pb + 3 * done);
      }
      for (size_t i = 0; i < m; i++) {
        for (int l = 0; l < 3; l++) {
          fOut[3 * at[i] + l] = pf[3 * i + l];
          bOut[3 * at[i] + l] = pb[3 * i + l];
        }
      }
      // The next round's pairs: lo, then hi where it has one, are consecutive entries.
      for (size_t i = 0, e = 0; i < c; e += hasHi[i] ? 2 : 1, i++) {
        for (int l = 0; l < 3; l++) {
          fl[3 * i + l] = pf[3 * e + l];
          bl[3 * i + l] = pb[3 * e + l];
          fd[3 * i + l] = pf[3 * e + l] ^ (hasHi[i] ? pf[3 * (e + 1) + l] : 0);
          bd[3 * i + l] = pb[3 * e + l] ^ (hasHi[i] ? pb[3 * (e + 1) + l] : 0);
        }
      }
      k.mulE(fl, bl, prod, c);
      accumulate(sum, prod, c);
      k.mulE(fd, bd, prod, c);
      accumulate(sum + 3, prod, c);
      q += c;
    }
    total.add(sum);
  });
}

void eqTable(const FieldKernels& k, const uint64_t* point, size_t nCoords, const uint64_t seed[3], uint64_t* out) {
  for (int l = 0; l < 3; l++) out[l] = seed[l];
  for (size_t coord = 0, size = 1; coord < nCoords; coord++, size <<= 1) {
    const Repeated rr(point + 3 * coord);
    // Entry e becomes e + e·r (low half) and e·r (high half).
    parallelFor(size, GRAIN, [&](size_t from, size_t to) {
      for (size_t i = from; i < to; i += CHUNK) {
        const size_t c = std::min(CHUNK, to - i);
        uint64_t *lo = out + 3 * i, *hi = out + 3 * (size + i);
        k.mulE(lo, rr.words, hi, c);
        for (size_t t = 0; t < 3 * c; t++) lo[t] ^= hi[t];
      }
    });
  }
}

void mapByTables(const uint64_t* tables, uint64_t* buf, size_t n) {
#if LEANVM_X86
  if (wideRows()) {
    const Rows<Row4> rows = rowsOf<Row4>(tables, 24 * 256);
    parallelFor(n, GRAIN, [&](size_t from, size_t to) { mapByRowsWide(rows.data(), buf, from, to); });
    return;
  }
#endif
  const Rows<Row3> rows = rowsOf<Row3>(tables, 24 * 256);
  parallelFor(n, GRAIN, [&](size_t from, size_t to) { mapByRowsPortable(rows.data(), buf, from, to); });
}

void addScaled(const FieldKernels& k, uint64_t* acc, const uint64_t* src, size_t n, size_t stride, const uint64_t* scale) {
  if (scale == nullptr) {
    parallelFor(n, GRAIN, [&](size_t from, size_t to) {
      for (size_t i = from; i < to; i++) {
        for (int l = 0; l < 3; l++) acc[3 * stride * i + l] ^= src[3 * i + l];
      }
    });
    return;
  }
  const Repeated rr(scale);
  parallelFor(n, GRAIN, [&](size_t from, size_t to) {
    alignas(64) uint64_t prod[3 * CHUNK];
    for (size_t i = from; i < to; i += CHUNK) {
      const size_t c = std::min(CHUNK, to - i);
      k.mulE(src + 3 * i, rr.words, prod, c);
      for (size_t j = 0; j < c; j++) {
        for (int l = 0; l < 3; l++) acc[3 * stride * (i + j) + l] ^= prod[3 * j + l];
      }
    }
  });
}

void zerocheckSums(const FieldKernels& k, const uint64_t* a, const uint64_t* b, const uint64_t* c, const uint64_t* eq,
                   size_t nEq, uint64_t out[6]) {
  SumOfParts total(out, 6);
  parallelFor(nEq, GRAIN, [&](size_t from, size_t to) {
    alignas(64) uint64_t a1[3 * CHUNK], b1[3 * CHUNK], sa[3 * CHUNK], sb[3 * CHUNK], t[3 * CHUNK];
    uint64_t sum[6] = {};
    for (size_t x = from; x < to; x += CHUNK) {
      const size_t m = std::min(CHUNK, to - x);
      for (size_t i = 0; i < m; i++) {
        const size_t v0 = 6 * (x + i), v1 = v0 + 3;
        for (int l = 0; l < 3; l++) {
          a1[3 * i + l] = a[v1 + l];
          b1[3 * i + l] = b[v1 + l];
          sa[3 * i + l] = a[v0 + l] ^ a[v1 + l];
          sb[3 * i + l] = b[v0 + l] ^ b[v1 + l];
        }
      }
      k.mulE(a1, b1, t, m);
      for (size_t i = 0; i < m; i++) {
        for (int l = 0; l < 3; l++) t[3 * i + l] ^= c[6 * (x + i) + 3 + l];
      }
      k.mulE(t, eq + 3 * x, t, m);
      accumulate(sum, t, m);
      k.mulE(sa, sb, t, m);
      k.mulE(t, eq + 3 * x, t, m);
      accumulate(sum + 3, t, m);
    }
    total.add(sum);
  });
}

void queryWeights(const FieldKernels& k, const uint64_t* factors, const uint64_t* coeffs, size_t queries, int m,
                  uint64_t* out) {
  // u = (block b, low part j < 2^g): a column is P_b·T[j], T the table of the low g factors
  // and P_b the product of the high ones b selects; coeff·P_b is one E constant per block.
  // Threads take disjoint runs of blocks.
  const int g = std::min(m, 12);
  const size_t low = size_t{1} << g, blocks = size_t{1} << (m - g);
  parallelFor(blocks, 1, [&](size_t from, size_t to) {
    std::vector<uint64_t> table(low), rep(low / 2 + 1);
    alignas(64) uint64_t spreadT[3 * CHUNK], prod[3 * CHUNK];
    std::fill(out + 3 * low * from, out + 3 * low * to, 0);
    for (size_t q = 0; q < queries; q++) {
      const uint64_t* w = factors + m * q;
      table[0] = 1;
      for (int i = 0, size = 1; i < g; i++, size <<= 1) {
        std::fill(rep.begin(), rep.begin() + size, w[i]);
        k.mulK(table.data(), rep.data(), table.data() + size, size);
      }
      for (size_t b = from; b < to; b++) {
        uint64_t p = 1;
        for (int i = g; i < m; i++) {
          if ((b >> (i - g)) & 1) k.mulK(&p, &w[i], &p, 1);
        }
        uint64_t pSpread[3] = {p, p, p}, scale[3];
        k.mulK(pSpread, coeffs + 3 * q, scale, 3);
        const Repeated rs(scale);
        uint64_t* o = out + 3 * low * b;
        for (size_t j = 0; j < low; j += CHUNK) {
          const size_t c = std::min(CHUNK, low - j);
          for (size_t i = 0; i < c; i++) spreadT[3 * i] = spreadT[3 * i + 1] = spreadT[3 * i + 2] = table[j + i];
          k.mulK(spreadT, rs.words, prod, 3 * c);
          for (size_t t = 0; t < 3 * c; t++) o[3 * j + t] ^= prod[t];
        }
      }
    }
  });
}

}  // namespace leanvm
