// Checks every kernel of every path this CPU runs against the plain references in
// reference.h, on random inputs of many shapes, at several thread counts (shapes large
// enough that the pool splits them, unevenly at 3 and 7). Built and run by run.sh, natively
// and for arm64 under qemu. Exit status 1 if anything differs.
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "../src/dispatch.h"
#include "../src/merkle.h"
#include "../src/ntt.h"
#include "../src/products.h"
#include "../src/threads.h"
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

void checkNtt(const Path& p, const uint64_t* deltas) {
  // [log positions, lanes, start layer]: SIMD tails, every leftover-layer count, and shapes
  // whose blocks pass the plan's 2^15-word chunk (slab-by-slab breadth layers).
  const int shapes[][3] = {{0, 1, 0}, {1, 3, 0}, {3, 1, 0}, {4, 5, 1}, {6, 8, 2}, {7, 64, 1}, {9, 35, 0},
                           {10, 2, 3}, {12, 64, 1}, {16, 1, 0}, {14, 3, 1}, {13, 48, 2}};
  for (const auto& s : shapes) {
    const size_t lanes = s[1];
    auto data = random(lanes << s[0]);
    auto want = data;
    ref::forwardNtt(deltas, want.data(), lanes, s[0], s[2]);
    leanvm::forwardNtt(*p.field, data.data(), lanes, s[0], s[2]);
    expect(data == want, "forwardNtt 2^" + std::to_string(s[0]) + " x " + std::to_string(lanes) + " from " + std::to_string(s[2]));
  }
  // [logMsg, lanes, logInvRate]; the last two pass a chunk per copy (breadth layers).
  const int stacks[][3] = {{0, 64, 1}, {1, 3, 2}, {4, 35, 1}, {6, 64, 3}, {9, 64, 1}, {10, 17, 2}, {8, 64, 4},
                           {11, 35, 1}, {12, 9, 2}};
  for (const auto& s : stacks) {
    const size_t lanes = s[1], blockLen = size_t{1} << s[0];
    const size_t words = (lanes - 1) * blockLen + (blockLen + 1) / 2;  // the last block half full
    const auto q = random(words);
    std::vector<uint64_t> cw((lanes * blockLen) << s[2]);
    leanvm::encodeStack(*p.field, q.data(), words, cw.data(), s[0], lanes, s[2]);
    expect(cw == ref::encodeStack(deltas, q.data(), words, s[0], lanes, s[2]),
           "encodeStack 2^" + std::to_string(s[0]) + " x " + std::to_string(lanes) + " rate 2^-" + std::to_string(s[2]));
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

}  // namespace

int main() {
  const auto deltas = random(63 * 63);
  leanvm::setTwiddleDeltas(deltas.data());
  const Path* paths[8];
  const size_t n = leanvm::supportedPaths(paths, 8);
  for (size_t threads : {1, 2, 3, 7}) {
    leanvm::setThreads(threads);
    for (size_t i = 0; i < n && i < 8; i++) {
      const int before = failures;
      std::printf("path %s, %zu threads: products on %s, hashes %s\n", paths[i]->name, leanvm::threads(), paths[i]->field->describe,
                  paths[i]->hash->describe);
      checkProducts(*paths[i]);
      checkNtt(*paths[i], deltas.data());
      checkMerkle(*paths[i]);
      std::printf("  %s\n", failures == before ? "ok" : "FAILED");
    }
  }
  std::printf("%d checks, %d failed\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
