// Checks every kernel of every path this CPU runs against the plain references in
// reference.h, on random inputs of many shapes, at several thread counts (shapes large
// enough that the pool splits them, unevenly at 3 and 7). Built and run by run.sh, natively
// and for arm64 under qemu. Exit status 1 if anything differs.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <mutex>
#include <stdexcept>
#include <random>
#include <string>
#include <vector>

#include "../src/bit_columns.h"
#include "../src/dispatch.h"
#include "../src/grind.h"
#include "../src/memory.h"
#include "../src/merkle.h"
#include "../src/ntt.h"
#include "../src/opening.h"
#include "../src/pages.h"
#include "../src/products.h"
#include "../src/threads.h"
#include "../src/zerocheck_rounds.h"
#include "reference.h"

namespace {

using leanvm::Path;

std::mt19937_64 rng(20261129);
int failures = 0, checks = 0;

std::vector<uint64_t> random(size_t n) {
  std::vector<uint64_t> v(n);
  for (auto& x : v) x = rng();
  return v;
}

void expect(bool ok, const std::string& what) {
  checks++;
  if (!ok) {
    failures++;
    std::printf("  FAIL %s\n", what.c_str());
  }
}

void checkProducts(const Path& p) {
  for (size_t n : {0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 100, 1001, 20001}) {
    const auto a = random(3 * n), b = random(3 * n);
    std::vector<uint64_t> k(n), want(n);
    leanvm::mulK(*p.field, a.data(), b.data(), k.data(), n);
    for (size_t i = 0; i < n; i++) want[i] = ref::mulK(a[i], b[i]);
    expect(k == want, "mulK n=" + std::to_string(n));
    std::vector<uint64_t> e(3 * n), wantE(3 * n);
    leanvm::mulE(*p.field, a.data(), b.data(), e.data(), n);
    for (size_t i = 0; i < n; i++) ref::mulE(&a[3 * i], &b[3 * i], &wantE[3 * i]);
    expect(e == wantE, "mulE n=" + std::to_string(n));
  }
  // The reduction's spill: operands whose products reach every top nibble.
  const uint64_t edge[] = {0, 1, ~uint64_t{0}, uint64_t{1} << 63, 0xf000000000000000, 0x1b, 0x8000000000000001};
  for (uint64_t x : edge) {
    for (uint64_t y : edge) {
      uint64_t out;
      p.field->mulK(&x, &y, &out, 1);
      expect(out == ref::mulK(x, y), "mulK edge operands");
    }
  }
}

/** A random input and its reference output, made on first use and kept: the bitwise
 * reference is slow at the sizes that reach the NTT plan's breadth layers, and every path
 * at every thread count checks against the same pair. */
struct Case {
  std::vector<uint64_t> in, want;
};

template <class Reference>
const Case& memo(const std::string& key, size_t n, Reference reference) {
  static std::map<std::string, Case> cases;
  auto it = cases.find(key);
  if (it == cases.end()) {
    Case c{random(n), {}};
    c.want = reference(c.in);
    it = cases.emplace(key, std::move(c)).first;
  }
  return it->second;
}

void checkNtt(const Path& p, const uint64_t* deltas) {
  // [log positions, lanes, start layer]: SIMD tails, every leftover-layer count, and shapes
  // whose blocks pass the plan's chunk (2^16 words on a 1 MiB L2, at most 2^17) in 1 to 4
  // slab-by-slab breadth layers.
  const int shapes[][3] = {{0, 1, 0},   {1, 3, 0},  {3, 1, 0},  {4, 5, 1},   {6, 8, 2},   {7, 64, 1},
                           {9, 35, 0},  {10, 2, 3}, {12, 64, 1}, {13, 9, 0},  {14, 9, 0},  {15, 9, 2},
                           {16, 9, 0}};
  for (const auto& s : shapes) {
    const size_t lanes = s[1];
    const std::string name =
        "forwardNtt 2^" + std::to_string(s[0]) + " x " + std::to_string(lanes) + " from " + std::to_string(s[2]);
    const Case& c = memo(name, lanes << s[0], [&](std::vector<uint64_t> want) {
      ref::forwardNtt(deltas, want.data(), lanes, s[0], s[2]);
      return want;
    });
    auto data = c.in;
    leanvm::forwardNtt(*p.field, data.data(), lanes, s[0], s[2]);
    expect(data == c.want, name);
  }
  // From a tile: every block of the start layer starts as it (data's words unread); blocks
  // run alone, blocks too small to (several to a run), and tiles past a chunk (slab by slab).
  const int tiled[][3] = {{4, 5, 1}, {6, 8, 2}, {10, 2, 3}, {12, 64, 1}, {13, 3, 11}, {15, 24, 10}, {15, 9, 2}, {16, 9, 1}};
  for (const auto& s : tiled) {
    const size_t lanes = s[1], blockWords = (lanes << s[0]) >> s[2];
    const std::string name =
        "forwardNtt 2^" + std::to_string(s[0]) + " x " + std::to_string(lanes) + " tiled from " + std::to_string(s[2]);
    const Case& c = memo(name, blockWords, [&](const std::vector<uint64_t>& tile) {
      std::vector<uint64_t> want;
      for (int copy = 0; copy < (1 << s[2]); copy++) want.insert(want.end(), tile.begin(), tile.end());
      ref::forwardNtt(deltas, want.data(), lanes, s[0], s[2]);
      return want;
    });
    std::vector<uint64_t> data(lanes << s[0], 0x5eed5eed5eed5eedULL);
    leanvm::forwardNtt(*p.field, data.data(), lanes, s[0], s[2], c.in.data());
    expect(data == c.want, name);
  }
  // [logMsg, lanes, logInvRate]; the last two pass a chunk per copy (1 and 3 breadth layers).
  const int stacks[][3] = {{0, 64, 1}, {1, 3, 2}, {4, 35, 1}, {6, 64, 3}, {9, 64, 1}, {10, 17, 2}, {8, 64, 4},
                           {11, 35, 1}, {14, 17, 1}};
  for (const auto& s : stacks) {
    const size_t lanes = s[1], blockLen = size_t{1} << s[0];
    const size_t words = (lanes - 1) * blockLen + (blockLen + 1) / 2;  // the last block half full
    const std::string name =
        "encodeStack 2^" + std::to_string(s[0]) + " x " + std::to_string(lanes) + " rate 2^-" + std::to_string(s[2]);
    const Case& c = memo(name, words, [&](const std::vector<uint64_t>& q) {
      return ref::encodeStack(deltas, q.data(), words, s[0], lanes, s[2]);
    });
    std::vector<uint64_t> cw((lanes * blockLen) << s[2]);
    leanvm::encodeStack(*p.field, c.in.data(), words, cw.data(), s[0], lanes, s[2]);
    expect(cw == c.want, name);
  }
}

void checkMerkle(const Path& p) {
  const std::vector<uint8_t> abc = ref::Blake2s::hash(reinterpret_cast<const uint8_t*>("abc"), 3);
  expect(abc[0] == 0x50 && abc[1] == 0x8c && abc[31] == 0x82, "reference BLAKE2s-256(\"abc\") = 508c…82 (RFC 7693)");
  // [leaves, row words, image words] (K words): zero prefixes that skip whole blocks,
  // straddle one, partial last blocks, and counts around every lane width.
  const size_t shapes[][3] = {{1, 1, 1}, {2, 3, 3}, {4, 64, 64}, {8, 35, 64}, {16, 1, 64}, {32, 24, 24},
                              {64, 5, 9}, {128, 64, 64}, {256, 3, 64}, {512, 8, 8}, {1024, 17, 40}};
  for (const auto& s : shapes) {
    const size_t rowU32 = 2 * s[1], imageU32 = 2 * s[2];
    const auto words = random(s[0] * s[1]);
    const uint32_t* rows = reinterpret_cast<const uint32_t*>(words.data());
    std::vector<uint32_t> nodes(8 * (2 * s[0] - 1));
    leanvm::merkleTree(*p.hash, rows, s[0], rowU32, imageU32, nodes.data());
    expect(nodes == ref::merkleTree(rows, s[0], rowU32, imageU32),
           "merkleTree " + std::to_string(s[0]) + " rows of " + std::to_string(s[1]) + " in " + std::to_string(s[2]));
  }
}

void checkOpening(const Path& p) {
  // [values, stride]: one unit, odd unit counts (a last unit without a high half), strides
  // past a chunk (300: runs of pairs end mid-chunk), and the whole table.
  // Two long ones split over the threads in every phase of an in-place fold.
  const size_t rounds[][2] = {{1, 1}, {3, 1}, {7, 7}, {20, 4}, {130, 10}, {257, 1}, {4200, 1}, {48, 48}, {6300, 300},
                              {20001, 1}, {40000, 2500}};
  for (const auto& r : rounds) {
    const size_t n = r[0], s = r[1];
    const std::string shape = " n=" + std::to_string(n) + " stride=" + std::to_string(s);
    const auto b = random(3 * n), point = random(3);
    for (size_t w : {1, 3}) {
      const auto f = random(w * n);
      uint64_t sums[6];
      leanvm::roundSums(*p.field, f.data(), w == 3, b.data(), n, s, sums);
      expect(std::vector<uint64_t>(sums, sums + 6) == ref::roundSums(f.data(), w, b.data(), n, s), "roundSums" + shape);
      std::vector<uint64_t> folded(3 * leanvm::roundPairs(n, s));
      leanvm::fold(*p.field, f.data(), w == 3, n, s, point.data(), folded.data());
      expect(folded == ref::fold(f.data(), w, n, s, point.data()), "fold" + shape);
      if (w == 3) {
        // In place: into the table's own first values.
        auto g = f;
        leanvm::fold(*p.field, g.data(), true, n, s, point.data(), g.data());
        expect(std::equal(folded.begin(), folded.end(), g.begin()), "fold in place" + shape);
      }
      // foldRound: both folds, then the next round's sums at 1, at s and over the whole.
      const size_t n1 = folded.size() / 3;
      const auto bFolded = ref::fold(b.data(), 3, n, s, point.data());
      for (size_t next : {size_t{1}, s, n1}) {
        std::vector<uint64_t> fOut(3 * n1), bOut(3 * n1);
        leanvm::foldRound(*p.field, f.data(), w == 3, b.data(), n, s, point.data(), next, fOut.data(), bOut.data(), sums);
        expect(fOut == folded && bOut == bFolded &&
                   std::vector<uint64_t>(sums, sums + 6) == ref::roundSums(folded.data(), 3, bFolded.data(), n1, next),
               "foldRound" + shape + " next=" + std::to_string(next));
        if (!leanvm::foldRoundInPlace(s, next)) continue;
        // In place: b into itself, and f too where it is E.
        auto fi = f, bi = b;
        uint64_t* fo = w == 3 ? fi.data() : fOut.data();
        uint64_t inPlace[6];
        leanvm::foldRound(*p.field, fi.data(), w == 3, bi.data(), n, s, point.data(), next, fo, bi.data(), inPlace);
        expect(std::equal(folded.begin(), folded.end(), fo) && std::equal(bFolded.begin(), bFolded.end(), bi.begin()) &&
                   std::equal(sums, sums + 6, inPlace),
               "foldRound in place" + shape + " next=" + std::to_string(next));
      }
    }
  }
  for (size_t coords : {0, 1, 4, 12, 13, 15}) {
    const auto point = random(3 * coords), seed = random(3);
    std::vector<uint64_t> eq(3 << coords);
    leanvm::eqTable(*p.field, point.data(), coords, seed.data(), eq.data());
    expect(eq == ref::eqTable(point.data(), coords, seed.data()), "eqTable of " + std::to_string(coords) + " coordinates");
  }
  for (size_t n : {1, 5, 2100}) {
    const auto a = random(6 * n), b = random(6 * n), c = random(6 * n), eq = random(3 * n);
    uint64_t sums[6];
    leanvm::zerocheckSums(*p.field, a.data(), b.data(), c.data(), eq.data(), n, sums);
    expect(std::vector<uint64_t>(sums, sums + 6) == ref::zerocheckSums(a.data(), b.data(), c.data(), eq.data(), n),
           "zerocheckSums n=" + std::to_string(n));
    // acc[3 + 2i] += scale·src[i], then += src[i]
    const auto src = random(3 * n), scale = random(3);
    auto acc = random(3 * (2 * n + 3)), want = acc;
    leanvm::addScaled(*p.field, acc.data() + 9, src.data(), n, 2, scale.data());
    leanvm::addScaled(*p.field, acc.data() + 9, src.data(), n, 2, nullptr);
    for (size_t i = 0; i < n; i++) {
      uint64_t prod[3];
      ref::mulE(scale.data(), &src[3 * i], prod);
      ref::addE(prod, &src[3 * i]);
      ref::addE(&want[3 * (3 + 2 * i)], prod);
    }
    expect(acc == want, "addScaled n=" + std::to_string(n) + " stride 2");
  }
}

/** zerocheckStep equals the unfused kernels (fold at stride 1, eqTable, zerocheckSums): alone
 * on a few sizes, and chained from 2^15 values down to 2 (each round binding the last's χ). */
void checkZerocheckStep(const Path& p) {
  const uint64_t one[3] = {1, 0, 0};
  const auto round = [&](std::vector<uint64_t> (&t)[3], const uint64_t* chi, size_t coords, const std::string& what) {
    std::vector<uint64_t> want[3];
    for (int i = 0; i < 3; i++) {
      want[i] = t[i];
      if (chi != nullptr) {
        want[i].resize(want[i].size() / 2);
        leanvm::fold(*p.field, t[i].data(), true, t[i].size() / 3, 1, chi, want[i].data());
      }
    }
    const auto point = random(3 * coords);
    std::vector<uint64_t> eq(3 << coords);
    leanvm::eqTable(*p.field, point.data(), coords, one, eq.data());
    uint64_t got[6], sums[6];
    leanvm::zerocheckSums(*p.field, want[0].data(), want[1].data(), want[2].data(), eq.data(), size_t{1} << coords, sums);
    leanvm::zerocheckStep(*p.field, t[0].data(), t[1].data(), t[2].data(), chi, point.data(), coords, got);
    bool same = std::equal(got, got + 6, sums);
    for (int i = 0; i < 3; i++) {
      t[i].resize(want[i].size());
      same = same && t[i] == want[i];
    }
    expect(same, "zerocheckStep " + what + " at " + std::to_string(coords) + " coordinates");
  };
  for (size_t coords : {0, 1, 7, 9}) {
    std::vector<uint64_t> t[3] = {random(6 << coords), random(6 << coords), random(6 << coords)};
    round(t, nullptr, coords, "without χ");
  }
  const size_t top = 14;
  std::vector<uint64_t> t[3] = {random(6 << top), random(6 << top), random(6 << top)};
  round(t, nullptr, top, "chained, without χ");
  for (size_t coords = top; coords-- > 0;) round(t, random(3).data(), coords, "chained");
}

/** A Λ table as skipLanes takes it: per byte position, random images of the 8 bits and each
 * byte's row the XOR of its bits' (the kernels may read it by nibbles). */
std::vector<uint64_t> skipTable() {
  auto lt = random(8 * 256 * 8);
  for (size_t k = 0; k < 8; k++) {
    uint64_t* t = &lt[8 * 256 * k];
    std::fill_n(t, 8, 0);
    for (size_t beta = 3; beta < 256; beta++) {
      const size_t low = beta & (0 - beta);
      if (low == beta) continue;
      for (size_t q = 0; q < 8; q++) t[8 * beta + q] = t[8 * (beta ^ low) + q] ^ t[8 * low + q];
    }
  }
  return lt;
}

/** The skip pass's group lanes equal the portable path's (checked against the TypeScript by
 * test/native/prove.test.ts): random linear tables and columns, group counts around the
 * eight-group blocks (skip_lanes.h). */
void checkSkipLanes(const Path& p) {
  for (size_t n : {3, 8, 37}) {
    const size_t stride = n + 4;
    const auto lt = skipTable(), a = random(8 * n), b = random(8 * n), c = random(8 * n);
    std::vector<uint64_t> got(leanvm::SKIP_LANE_WORDS * stride), want(got.size());
    p.field->skipLanes(lt.data(), a.data(), b.data(), c.data(), n, got.data(), stride);
    leanvm::GENERIC_FIELD.skipLanes(lt.data(), a.data(), b.data(), c.data(), n, want.data(), stride);
    expect(got == want, "skipLanes equals the portable path's, n=" + std::to_string(n));
  }
}

/** nTables byte tables of a random F2-linear map into E (256 values each): entry β the sum of
 * the images of its set bits, as the prover's tables are. */
std::vector<uint64_t> linearTables(size_t nTables) {
  const auto bits = random(3 * 8 * nTables);
  std::vector<uint64_t> tables(3 * 256 * nTables);
  for (size_t t = 0; t < nTables; t++) {
    for (size_t v = 1; v < 256; v++) {
      const size_t low = __builtin_ctzll(v), rest = v & (v - 1);
      for (int l = 0; l < 3; l++) tables[3 * (256 * t + v) + l] = tables[3 * (256 * t + rest) + l] ^ bits[3 * (8 * t + low) + l];
    }
  }
  return tables;
}

/** The bit-column kernels on the active path (its table rows, e_rows.h): the skip pass's sums
 * from the portable lane words and the weights' products, entries and the block fold, on
 * dense and sparse columns (most bytes zero, so consecutive groups add into one bin), sizes
 * around the batches and grains. */
void checkBitColumns(const Path& p) {
  for (bool sparse : {false, true}) {
    const auto column = [&](size_t n) {
      auto v = random(n);
      if (sparse) {
        for (auto& x : v) x = rng() % 32 == 0 ? x : 0;
      }
      return v;
    };
    const std::string kind = sparse ? " sparse" : "";
    for (size_t n : {1, 7, 300, 2049}) {
      // The pass's weights: 32 group weights, one block weight per 32 groups.
      const size_t nLo = 32;
      const auto lt = skipTable(), a = column(8 * n), b = column(8 * n), c = column(8 * n);
      const auto lo = random(3 * nLo), hi = random(3 * ((n + nLo - 1) / nLo));
      std::vector<uint64_t> w(3 * n);
      for (size_t g = 0; g < n; g++) ref::mulE(&lo[3 * (g % nLo)], &hi[3 * (g / nLo)], &w[3 * g]);
      std::vector<uint32_t> lt32(8 * 256 * 16);
      for (size_t row = 0; row < 8 * 256; row++) {
        for (size_t q = 0; q < 8; q++) {
          lt32[16 * row + q] = static_cast<uint32_t>(lt[8 * row + q]);
          lt32[16 * row + 8 + q] = static_cast<uint32_t>(lt[8 * row + q] >> 32);
        }
      }
      std::vector<uint64_t> lanes(leanvm::SKIP_LANE_WORDS * n);
      leanvm::GENERIC_FIELD.skipLanes(lt.data(), a.data(), b.data(), c.data(), n, lanes.data(), n);
      auto sums = random(leanvm::SKIP_SUM_WORDS), want = sums;
      ref::skipSums(lanes.data(), n, w.data(), want.data());
      leanvm::skipSums(*p.field, lt32.data(), a.data(), b.data(), c.data(), n, {lo.data(), nLo, hi.data()}, sums.data());
      expect(sums == want, "skipSums n=" + std::to_string(n) + kind);
    }
    for (size_t n : {1, 5, 64, 4097}) {
      const auto col = column(2 * n), t0 = linearTables(8), t1 = linearTables(8);
      std::vector<uint64_t> out(3 * n), want(3 * n);
      for (size_t x = 0; x < n; x++) ref::zerocheckEntry(col.data(), x, t0.data(), t1.data(), &want[3 * x]);
      leanvm::zerocheckEntries(col.data(), n, t0.data(), t1.data(), out.data());
      expect(out == want, "zerocheckEntries n=" + std::to_string(n) + kind);
    }
    for (size_t blocks : {1, 3, 8, 11, 300}) {
      const auto z = column(leanvm::BLOCK_WORDS * blocks), eq = random(3 * blocks);
      auto zv = random(3 * 64 * leanvm::BLOCK_WORDS), want = zv;
      ref::foldBlocks(z.data(), blocks, eq.data(), want.data());
      leanvm::foldBlocks(z.data(), blocks, eq.data(), zv.data());
      expect(zv == want, "foldBlocks blocks=" + std::to_string(blocks) + kind);
    }
  }
}

/** Tables of a random F2-linear map and buffers of several lengths, mapped in place. */
void checkMapByTables() {
  const auto tables = linearTables(24);
  for (size_t n : {1, 3, 4097}) {
    auto buf = random(3 * n);
    std::vector<uint64_t> want(3 * n);
    for (size_t i = 0; i < n; i++) ref::mapByTables(tables.data(), &buf[3 * i], &want[3 * i]);
    leanvm::mapByTables(tables.data(), buf.data(), n);
    expect(buf == want, "mapByTables n=" + std::to_string(n));
  }
}

/** addEq: eqTable's values, mapped by tables or not, added at a stride (below, at and past the
 * 2^12-value low table). */
void checkAddEq(const Path& p) {
  const auto tables = linearTables(24);
  for (size_t coords : {0, 4, 12, 13}) {
    for (size_t stride : {1, 3}) {
      for (const bool mapped : {false, true}) {
        const auto point = random(3 * coords), seed = random(3);
        const size_t n = size_t{1} << coords;
        auto acc = random(3 * (stride * n + 2)), want = acc;
        const auto eq = ref::eqTable(point.data(), coords, seed.data());
        for (size_t i = 0; i < n; i++) {
          uint64_t v[3] = {eq[3 * i], eq[3 * i + 1], eq[3 * i + 2]};
          if (mapped) ref::mapByTables(tables.data(), &eq[3 * i], v);
          ref::addE(&want[3 * (1 + stride * i)], v);
        }
        leanvm::addEq(*p.field, point.data(), coords, seed.data(), mapped ? tables.data() : nullptr, acc.data() + 3, stride);
        expect(acc == want, "addEq of " + std::to_string(coords) + " coordinates, stride " + std::to_string(stride) + (mapped ? ", mapped" : ""));
      }
    }
  }
}

/** The smallest nonce whose digest of base ‖ (lo, hi, 0, 0, 0, 0, tag, 0) has `bits` low zero bits, one by one. */
uint64_t scalarNonce(const uint32_t base[8], uint32_t tag, int bits) {
  for (uint64_t n = 0;; n++) {
    uint32_t words[16] = {};
    std::copy(base, base + 8, words);
    words[8] = static_cast<uint32_t>(n), words[9] = static_cast<uint32_t>(n >> 32), words[14] = tag;
    uint8_t bytes[64];
    for (int i = 0; i < 64; i++) bytes[i] = static_cast<uint8_t>(words[i / 4] >> (8 * (i % 4)));
    const std::vector<uint8_t> d = ref::Blake2s::hash(bytes, 64);
    uint64_t low = 0;
    for (int i = 7; i >= 0; i--) low = low << 8 | d[i];
    if ((low & ((uint64_t{1} << bits) - 1)) == 0) return n;
  }
}

void checkGrind(const Path& p) {
  for (int bits : {0, 1, 5, 9, 12}) {
    uint32_t base[8];
    for (auto& w : base) w = static_cast<uint32_t>(rng());
    uint64_t nonce = ~uint64_t{0};
    const bool found = leanvm::smallestNonce(*p.hash, base, 6, bits, nonce);
    expect(found && nonce == scalarNonce(base, 6, bits), "smallestNonce at " + std::to_string(bits) + " bits");
  }
}

/** An exception in any range reaches the caller once every range is done, and the pool
 * keeps working. */
void checkPoolErrors() {
  for (size_t failing : {size_t{0}, leanvm::threads() - 1}) {
    bool caught = false;
    try {
      leanvm::parallelFor(64 * leanvm::threads(), 64, [&](size_t from, size_t) {
        if (from == 64 * failing) throw std::runtime_error("range failed");
      });
    } catch (const std::runtime_error& e) {
      caught = std::string(e.what()) == "range failed";
    }
    expect(caught, "an exception in range " + std::to_string(failing) + " reaches the caller");
  }
  size_t sum = 0;
  std::mutex m;
  leanvm::parallelFor(1000, 1, [&](size_t from, size_t to) {
    std::lock_guard<std::mutex> lock(m);
    sum += to - from;
  });
  expect(sum == 1000, "the pool runs after a failed job");
}

/** Over limitAllocations, a mapped buffer, a kernel's scratch and a worker thread fail as
 * AllocationFailure naming the object and its bytes; with the limit lifted all run again. */
void checkAllocationFailures(const Path& p) {
  const auto failure = [](const std::function<void()>& f) -> std::string {
    try {
      f();
    } catch (const leanvm::AllocationFailure& e) {
      return std::string(e.object()) + " " + std::to_string(e.bytes()) + (e.error() == leanvm::AllocationFailure::LIMITED ? " limited" : "");
    }
    return "none";
  };
  const size_t threads = leanvm::threads();
  const auto point = random(3 * 13), seed = random(3);
  std::vector<uint64_t> eq(3 << 13);
  leanvm::limitAllocations(1024);
  expect(failure([] { leanvm::mapPages(4096, false); }) == "a mapped buffer 4096 limited" &&
             failure([] { leanvm::mapPages(4096, true); }) == "a mapped buffer 4096 limited",
         "a mapped buffer over the limit fails, dense or not");
  // 13 coordinates: an outer product of two tables, 2^12 values of scratch the larger.
  expect(failure([&] { leanvm::eqTable(*p.field, point.data(), 13, seed.data(), eq.data()); }) == "kernel scratch 98304 limited",
         "a kernel's scratch over the limit fails");
  expect(failure([&] { leanvm::setThreads(threads + 1); }).rfind("a worker thread's stack", 0) == 0 && leanvm::threads() == 1,
         "a worker thread over the limit fails, and the pool keeps the threads it has");
  leanvm::limitAllocations(SIZE_MAX);
  leanvm::setThreads(threads);
  void* pages = leanvm::mapPages(4096, true);
  expect(leanvm::mappedBytes() == 4096 && *static_cast<const uint64_t*>(pages) == 0, "a mapped buffer is counted, zero");
  leanvm::unmapPages(pages, 4096);
  leanvm::eqTable(*p.field, point.data(), 13, seed.data(), eq.data());
  expect(eq == ref::eqTable(point.data(), 13, seed.data()) && leanvm::threads() == threads && leanvm::mappedBytes() == 0,
         "with the limit lifted the kernels, the maps and the pool run again");
}

}  // namespace

int main() {
  const auto deltas = random(63 * 63);
  leanvm::setTwiddleDeltas(deltas.data());
  const Path* paths[leanvm::MAX_PATHS];
  const size_t n = leanvm::supportedPaths(paths, leanvm::MAX_PATHS);
  for (size_t threads : {1, 2, 3, 7}) {
    leanvm::setThreads(threads);
    checkPoolErrors();
    for (size_t i = 0; i < n && i < 8; i++) {
      const int before = failures;
      leanvm::selectPath(paths[i]->name);  // the table kernels take the active path's rows
      std::printf("path %s, %zu threads: products on %s, hashes %s\n", paths[i]->name, leanvm::threads(), paths[i]->field->describe,
                  paths[i]->hash->describe);
      checkProducts(*paths[i]);
      checkNtt(*paths[i], deltas.data());
      checkMerkle(*paths[i]);
      checkOpening(*paths[i]);
      checkZerocheckStep(*paths[i]);
      checkSkipLanes(*paths[i]);
      checkGrind(*paths[i]);
      checkMapByTables();
      checkAddEq(*paths[i]);
      checkBitColumns(*paths[i]);
      checkAllocationFailures(*paths[i]);
      std::printf("  %s\n", failures == before ? "ok" : "FAILED");
    }
  }
  std::printf("%d checks, %d failed\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
