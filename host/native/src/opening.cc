// Every kernel walks its values in chunks small enough for L1: it gathers the operands of a
// chunk into contiguous scratch, a run of consecutive values at a time (a K operand written
// three times, so a K × E product is the K batch product over 3 words a value), runs the
// path's batch products on them, and combines. Folded tables too large for the caches are
// stored around them. Threads take disjoint ranges of pairs (or values); sums are XORs of exact field
// values, combined under a lock, so every thread count and order gives the same bytes.
#include "opening.h"

#include <algorithm>
#include <optional>

#include "e_repeated.h"
#include "e_rows.h"
#include "e_sums.h"
#include "map_affine.h"
#include "memory.h"
#include "ntt.h"
#include "threads.h"

#if LEANVM_X86
#include <immintrin.h>
#endif

namespace leanvm {
namespace {

/** Values per chunk: the scratch of a chunk (a few arrays of 3·CHUNK words) stays in L1. */
constexpr size_t CHUNK = 128;
/** Pairs or values a thread takes at least: tens of microseconds of products. */
constexpr size_t GRAIN = 2048;
/** eq tables of more coordinates are an outer product over this many low ones (96 KiB, in L2). */
constexpr size_t EQ_LOW_COORDS = 12;

/** Pair p = (unit p / s, j = p mod s) of a round, walked in runs: consecutive pairs of one
 * unit, whose lo values are consecutive and so are their hi values. */
class PairWalk {
 public:
  PairWalk(size_t n, size_t stride, size_t p) : n_(n), s_(stride), unit_(p / stride), j_(p % stride) {}
  size_t lo() const { return 2 * s_ * unit_ + j_; }
  bool paired() const { return 2 * s_ * unit_ + s_ < n_; }
  /** The run from here: at most `most` pairs, to the end of the unit. */
  size_t run(size_t most) const { return std::min(most, s_ - j_); }
  void skip(size_t len) {
    if ((j_ += len) == s_) {
      j_ = 0;
      unit_++;
    }
  }

 private:
  size_t n_, s_, unit_, j_;
};

/** Values [v, v + c) of a K (w = 1) or E (w = 3) table as three words each: a K word three times over. */
inline void spread(const uint64_t* t, size_t w, size_t v, size_t c, uint64_t* dst) {
  if (w == 3) {
    std::copy_n(t + 3 * v, 3 * c, dst);
    return;
  }
  for (size_t i = 0; i < c; i++) dst[3 * i] = dst[3 * i + 1] = dst[3 * i + 2] = t[v + i];
}

/** The c pairs of a round from pair p, their values spread (spread()): v into lo and v + v'
 * into d (v alone for a pair without a high half), a run at a time. */
inline void gatherPairs(const uint64_t* t, size_t w, size_t n, size_t s, size_t p, size_t c, uint64_t* lo, uint64_t* d) {
  if (s == 1) {
    // Runs of one pair: (v, v + 1) for v = 2(p + i), taken without the walk.
    for (size_t i = 0, v = 2 * p; i < c; i++, v += 2) {
      spread(t, w, v, 1, lo + 3 * i);
      if (v + 1 < n) {
        spread(t, w, v + 1, 1, d + 3 * i);
        for (int l = 0; l < 3; l++) d[3 * i + l] ^= lo[3 * i + l];
      } else {
        std::copy_n(lo + 3 * i, 3, d + 3 * i);
      }
    }
    return;
  }
  PairWalk walk(n, s, p);
  for (size_t i = 0; i < c;) {
    const size_t len = walk.run(c - i), v = walk.lo();
    uint64_t *l = lo + 3 * i, *dd = d + 3 * i;
    spread(t, w, v, len, l);
    if (walk.paired()) {
      spread(t, w, v + s, len, dd);
      for (size_t x = 0; x < 3 * len; x++) dd[x] ^= l[x];
    } else {
      std::copy_n(l, 3 * len, dd);
    }
    walk.skip(len);
    i += len;
  }
}

/** Bytes of output past which a kernel's stores bypass the caches: it is read back from
 * memory anyway, so its lines need not be read (write-allocate) nor evict its sources. */
constexpr size_t FAR_BYTES = size_t{32} << 20;

/** dst[0..n) = src[0..n), by non-temporal stores where `far` and the ISA has them (x86-64);
 * a range that streams ends with storesDone(). */
inline void storeWords(uint64_t* dst, const uint64_t* src, size_t n, bool far) {
#if LEANVM_X86
  if (far) {
    for (size_t i = 0; i < n; i++) _mm_stream_si64(reinterpret_cast<long long*>(dst + i), static_cast<long long>(src[i]));
    return;
  }
#else
  (void)far;
#endif
  std::copy_n(src, n, dst);
}
inline void storesDone() {
#if LEANVM_X86
  _mm_sfence();
#endif
}

/** out = a·b for c values of `a` spread (spread()) and E values of b. */
inline void product(const FieldKernels& k, bool aIsE, const uint64_t* a, const uint64_t* b, uint64_t* out, size_t c) {
  if (aIsE) k.mulE(a, b, out, c);
  else k.mulK(a, b, out, 3 * c);
}

/** d = v + r·d for c pairs gathered by gatherPairs (lo, d): their folds, in place. */
inline void foldGathered(const FieldKernels& k, size_t w, const Repeated<2 * CHUNK>& rr, const uint64_t* lo, uint64_t* d,
                         size_t c) {
  product(k, w == 3, d, rr.words, d, c);
  if (w == 3) {
    for (size_t x = 0; x < 3 * c; x++) d[x] ^= lo[x];
  } else {
    for (size_t i = 0; i < c; i++) d[3 * i] ^= lo[3 * i];
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
namespace {

/** An F2-linear map E → E given by its 24 byte tables, laid out once for the active path:
 * GFNI's affine blocks, or rows of the byte tables (wide ones on AVX2). */
class TableMap {
 public:
  explicit TableMap(const uint64_t* tables) {
#if LEANVM_X86
    if (activePath().affine) {
      blocks_ = affineBlocks(tableImages(tables, 24));
      return;
    }
    if (wideRows()) {
      wide_.emplace(rowsOf<Row4>(tables, 24 * 256));
      return;
    }
#endif
    portable_.emplace(rowsOf<Row3>(tables, 24 * 256));
  }

  /** buf[i] = M(buf[i]) for i < n. */
  void apply(uint64_t* buf, size_t n) const {
#if LEANVM_X86
    if (!blocks_.empty()) return mapByAffine(blocks_.data(), buf, 0, n);
    if (wide_) return mapByRowsWide(wide_->data(), buf, 0, n);
#endif
    mapByRowsPortable(portable_->data(), buf, 0, n);
  }

 private:
  Scratch<uint64_t> blocks_;
  std::optional<Rows<Row4>> wide_;
  std::optional<Rows<Row3>> portable_;
};

}  // namespace

size_t roundPairs(size_t n, size_t stride) { return (n + 2 * stride - 1) / (2 * stride) * stride; }

bool foldRoundInPlace(size_t s, size_t s2) { return s2 == s || (s2 == 1 && (s == 1 || s % 2 == 0)); }

void roundSums(const FieldKernels& k, const uint64_t* f, bool fIsE, const uint64_t* b, size_t n, size_t stride,
               uint64_t out[6]) {
  const size_t w = fIsE ? 3 : 1;
  SumOfParts total(out, 6);
  parallelFor(roundPairs(n, stride), GRAIN, [&](size_t from, size_t to) {
    alignas(64) uint64_t fl[3 * CHUNK], fd[3 * CHUNK], bl[3 * CHUNK], bd[3 * CHUNK], prod[3 * CHUNK];
    uint64_t sum[6] = {};
    for (size_t p = from; p < to; p += CHUNK) {
      const size_t c = std::min(CHUNK, to - p);
      gatherPairs(f, w, n, stride, p, c, fl, fd);
      gatherPairs(b, 3, n, stride, p, c, bl, bd);
      product(k, fIsE, fl, bl, prod, c);
      accumulate(sum, prod, c);
      product(k, fIsE, fd, bd, prod, c);
      accumulate(sum + 3, prod, c);
    }
    total.add(sum);
  });
}

void laneDots(const FieldKernels& k, const uint64_t* f, size_t lanes, size_t laneWords, const uint64_t* v, size_t n,
              size_t at, size_t stride, uint64_t* out) {
  // Threads take ranges of t; a range's chunk of v, by limbs, stays in L1 while every lane
  // passes it.
  constexpr size_t DOT_CHUNK = 4 * CHUNK;
  SumOfParts total(out, 3 * lanes);
  parallelFor(n, GRAIN, [&](size_t from, size_t to) {
    alignas(64) uint64_t limbs[3][DOT_CHUNK], gathered[DOT_CHUNK];
    const uint64_t* const v3[3] = {limbs[0], limbs[1], limbs[2]};
    std::vector<uint64_t> sums(3 * lanes, 0);
    for (size_t t0 = from; t0 < to; t0 += DOT_CHUNK) {
      const size_t c = std::min(DOT_CHUNK, to - t0);
      for (size_t i = 0; i < c; i++) {
        for (int l = 0; l < 3; l++) limbs[l][i] = v[3 * (t0 + i) + l];
      }
      for (size_t l = 0; l < lanes; l++) {
        const uint64_t* lane = f + l * laneWords + at + stride * t0;
        if (stride != 1) {
          for (size_t i = 0; i < c; i++) gathered[i] = lane[stride * i];
          lane = gathered;
        }
        k.dotKE(lane, v3, c, sums.data() + 3 * l);
      }
    }
    total.add(sums.data());
  });
}

void laneCombine(const FieldKernels& k, const uint64_t* f, size_t lanes, size_t laneWords, const uint64_t* coeffs,
                 uint64_t* out) {
  parallelFor(laneWords, GRAIN, [&](size_t from, size_t to) {
    std::vector<const uint64_t*> rows(lanes);
    for (size_t l = 0; l < lanes; l++) rows[l] = f + l * laneWords + from;
    k.combineKE(rows.data(), lanes, coeffs, to - from, out + 3 * from);
  });
}

void fold(const FieldKernels& k, const uint64_t* src, bool srcIsE, size_t n, size_t stride, const uint64_t r[3],
          uint64_t* out) {
  const size_t w = srcIsE ? 3 : 1, pairs = roundPairs(n, stride);
  const Repeated<2 * CHUNK> rr(r);
  const auto range = [&](size_t from, size_t to) {
    alignas(64) uint64_t lo[3 * CHUNK];
    for (size_t p = from; p < to; p += CHUNK) {
      const size_t c = std::min(CHUNK, to - p);
      gatherPairs(src, w, n, stride, p, c, lo, out + 3 * p);
      foldGathered(k, w, rr, lo, out + 3 * p, c);
    }
  };
  if (out != src) {
    parallelFor(pairs, GRAIN, range);
    return;
  }
  // In place: pair (unit u, j) writes value us + j and reads 2us + j, 2us + s + j. Units
  // [L, 2L) write [Ls, 2Ls) and read [2Ls, 4Ls), disjoint, and only units before L read
  // [Ls, 2Ls); unit 0's pair j writes value j after reading it (gatherPairs takes a run's lo
  // values before it writes the run). So the units go in phases [0, 1), [1, 2), [2, 4), …,
  // each phase's pairs split over the threads.
  for (size_t u0 = 0, u1 = 1; u0 * stride < pairs; u0 = u1, u1 *= 2) {
    const size_t from = u0 * stride, to = std::min(pairs, u1 * stride);
    parallelFor(to - from, GRAIN, [&](size_t b, size_t e) { range(from + b, from + e); });
  }
}

void foldRound(const FieldKernels& k, const uint64_t* f, bool fIsE, const uint64_t* b, size_t n, size_t s, const uint64_t r[3],
               size_t s2, uint64_t* fOut, uint64_t* bOut, uint64_t out[6]) {
  // Each folded value is one end of exactly one next pair, and folded value x is the fold of
  // pair x: a thread folds its next pairs' ends (lo ends first, then hi ends, zero where a
  // pair has none), stores them, and takes the pairs' two products, chunk by chunk.
  const size_t w = fIsE ? 3 : 1, n1 = roundPairs(n, s);
  const bool inPlace = fOut == f || bOut == b, far = 2 * 24 * n1 > FAR_BYTES;
  const Repeated<2 * CHUNK> rr(r);
  SumOfParts total(out, 6);
  const auto range = [&](size_t from, size_t to) {
    alignas(64) uint64_t fl[6 * CHUNK], fd[6 * CHUNK], bl[6 * CHUNK], bd[6 * CHUNK];
    uint64_t sum[6] = {};
    for (size_t q = from; q < to; q += CHUNK) {
      const size_t c = std::min(CHUNK, to - q);
      uint64_t *F = fd, *B = bd, *spare = fl;
      if (s2 == 1) {
        // The chunk's ends are the folded values [2q, 2q + m), in order: gathered, folded and
        // stored so, then split into lo ends and hi ends.
        const size_t m = std::min(2 * c, n1 - 2 * q);
        gatherPairs(f, w, n, s, 2 * q, m, fl, fd);
        gatherPairs(b, 3, n, s, 2 * q, m, bl, bd);
        foldGathered(k, w, rr, fl, fd, m);
        foldGathered(k, 3, rr, bl, bd, m);
        storeWords(fOut + 6 * q, fd, 3 * m, far);
        storeWords(bOut + 6 * q, bd, 3 * m, far);
        std::fill(fd + 3 * m, fd + 6 * c, 0);
        std::fill(bd + 3 * m, bd + 6 * c, 0);
        for (size_t i = 0; i < c; i++) {
          for (int l = 0; l < 3; l++) {
            fl[3 * i + l] = fd[6 * i + l];
            fl[3 * (c + i) + l] = fd[6 * i + 3 + l];
            bl[3 * i + l] = bd[6 * i + l];
            bl[3 * (c + i) + l] = bd[6 * i + 3 + l];
          }
        }
        F = fl;
        B = bl;
        spare = fd;
      } else {
        PairWalk next(n1, s2, q);
        for (size_t i = 0; i < c;) {
          const size_t len = next.run(c - i), at = next.lo();
          gatherPairs(f, w, n, s, at, len, fl + 3 * i, fd + 3 * i);
          gatherPairs(b, 3, n, s, at, len, bl + 3 * i, bd + 3 * i);
          const size_t hi = 3 * (c + i);
          if (next.paired()) {
            gatherPairs(f, w, n, s, at + s2, len, fl + hi, fd + hi);
            gatherPairs(b, 3, n, s, at + s2, len, bl + hi, bd + hi);
          } else {
            std::fill_n(fl + hi, 3 * len, 0);
            std::fill_n(fd + hi, 3 * len, 0);
            std::fill_n(bl + hi, 3 * len, 0);
            std::fill_n(bd + hi, 3 * len, 0);
          }
          next.skip(len);
          i += len;
        }
        foldGathered(k, w, rr, fl, fd, 2 * c);
        foldGathered(k, 3, rr, bl, bd, 2 * c);
        next = PairWalk(n1, s2, q);
        for (size_t i = 0; i < c;) {
          const size_t len = next.run(c - i), at = next.lo();
          storeWords(fOut + 3 * at, fd + 3 * i, 3 * len, far);
          storeWords(bOut + 3 * at, bd + 3 * i, 3 * len, far);
          if (next.paired()) {
            storeWords(fOut + 3 * (at + s2), fd + 3 * (c + i), 3 * len, far);
            storeWords(bOut + 3 * (at + s2), bd + 3 * (c + i), 3 * len, far);
          }
          next.skip(len);
          i += len;
        }
      }
      // The next pairs' products: lo ends, then (lo + hi) ends.
      k.mulE(F, B, spare, c);
      accumulate(sum, spare, c);
      for (size_t x = 0; x < 3 * c; x++) {
        F[x] ^= F[3 * c + x];
        B[x] ^= B[3 * c + x];
      }
      k.mulE(F, B, spare, c);
      accumulate(sum + 3, spare, c);
    }
    storesDone();
    total.add(sum);
  };
  const size_t pairs = roundPairs(n1, s2);
  if (!inPlace) {
    parallelFor(pairs, GRAIN, range);
    return;
  }
  // In place (foldRoundInPlace): next pairs [0, P) write values that only they read, and the
  // next pairs [LP, 2LP) write values only earlier ones read and read values nothing earlier
  // writes; each chunk reads its values before it stores. So the next pairs go in phases
  // [0, P), [P, 2P), [2P, 4P), …, each split over the threads.
  const size_t first = s2 == s ? s : std::max<size_t>(1, s / 2);
  for (size_t q0 = 0, q1 = first; q0 < pairs; q0 = q1, q1 *= 2) {
    const size_t to = std::min(pairs, q1);
    parallelFor(to - q0, GRAIN, [&](size_t a, size_t e) { range(q0 + a, q0 + e); });
  }
}

void eqTable(const FieldKernels& k, const uint64_t* point, size_t nCoords, const uint64_t seed[3], uint64_t* out) {
  if (nCoords > EQ_LOW_COORDS) {
    // out[i + 2^L·j] = lo[i]·hi[j] (lo: the low L coordinates, seeded; hi: the rest): one
    // product a value, written once, where doubling in place reads and rewrites the table.
    const size_t lowSize = size_t{1} << EQ_LOW_COORDS;
    const uint64_t one[3] = {1, 0, 0};
    Scratch<uint64_t> lo(3 * lowSize), hi(3 << (nCoords - EQ_LOW_COORDS));
    eqTable(k, point, EQ_LOW_COORDS, seed, lo.data());
    eqTable(k, point + 3 * EQ_LOW_COORDS, nCoords - EQ_LOW_COORDS, one, hi.data());
    parallelFor(hi.size() / 3, 1, [&](size_t from, size_t to) {
      for (size_t j = from; j < to; j++) {
        const Repeated<2 * CHUNK> h(&hi[3 * j]);
        for (size_t i = 0; i < lowSize; i += 2 * CHUNK) k.mulE(&lo[3 * i], h.words, out + 3 * (lowSize * j + i), 2 * CHUNK);
      }
    });
    return;
  }
  for (int l = 0; l < 3; l++) out[l] = seed[l];
  for (size_t coord = 0, size = 1; coord < nCoords; coord++, size <<= 1) {
    const Repeated<2 * CHUNK> rr(point + 3 * coord);
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

void addEq(const FieldKernels& k, const uint64_t* point, size_t nCoords, const uint64_t seed[3], const uint64_t* tables,
           uint64_t* acc, size_t stride) {
  // The values as eqTable's outer product makes them (a low table, seeded, times a high entry),
  // mapped and added where they land while in L1: the table is never written out or read back.
  const std::optional<TableMap> map = tables == nullptr ? std::nullopt : std::optional<TableMap>(std::in_place, tables);
  const size_t lowCoords = std::min(nCoords, EQ_LOW_COORDS), lowSize = size_t{1} << lowCoords;
  const uint64_t one[3] = {1, 0, 0};
  Scratch<uint64_t> lo(3 * lowSize), hi(3 << (nCoords - lowCoords));
  eqTable(k, point, lowCoords, seed, lo.data());
  eqTable(k, point + 3 * lowCoords, nCoords - lowCoords, one, hi.data());
  parallelFor(hi.size() / 3, 1, [&](size_t from, size_t to) {
    alignas(64) uint64_t prod[3 * 2 * CHUNK];
    for (size_t j = from; j < to; j++) {
      const Repeated<2 * CHUNK> h(&hi[3 * j]);
      for (size_t i = 0; i < lowSize; i += 2 * CHUNK) {
        const size_t c = std::min(2 * CHUNK, lowSize - i);
        k.mulE(&lo[3 * i], h.words, prod, c);
        if (map) map->apply(prod, c);
        uint64_t* out = acc + 3 * stride * (lowSize * j + i);
        for (size_t t = 0; t < c; t++) {
          for (int l = 0; l < 3; l++) out[3 * stride * t + l] ^= prod[3 * t + l];
        }
      }
    }
  });
}

void mapByTables(const uint64_t* tables, uint64_t* buf, size_t n) {
  const TableMap map(tables);
  // In blocks of 64 values: GFNI's affine map takes whole blocks but the last.
  parallelFor((n + 63) / 64, GRAIN / 64, [&](size_t from, size_t to) { map.apply(buf + 3 * 64 * from, std::min(n, 64 * to) - 64 * from); });
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
  const Repeated<2 * CHUNK> rr(scale);
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
    Scratch<uint64_t> table(low), rep(low / 2 + 1);
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
        const Repeated<2 * CHUNK> rs(scale);
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

void queryWeightsTransposed(const FieldKernels& k, const uint32_t* positions, const uint64_t* coeffs, size_t queries, int m,
                            int logInvRate, uint64_t* data) {
  // Scatter each coefficient to its point, run the encoding's layers transposed, then sum the
  // 2^logInvRate tiles (the transpose of tiling the message) into the first.
  const size_t msg = size_t{3} << m, words = msg << logInvRate;
  parallelFor(words, GRAIN, [&](size_t from, size_t to) { std::fill(data + from, data + to, 0); });
  for (size_t q = 0; q < queries; q++) {
    for (int l = 0; l < 3; l++) data[3 * positions[q] + l] ^= coeffs[3 * q + l];
  }
  transposedNtt(k, data, 3, m + logInvRate, logInvRate);
  parallelFor(msg, GRAIN, [&](size_t from, size_t to) {
    for (size_t at = msg; at < words; at += msg) {
      for (size_t i = from; i < to; i++) data[i] ^= data[at + i];
    }
  });
}

}  // namespace leanvm
