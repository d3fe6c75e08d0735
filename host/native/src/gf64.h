// Portable K = GF(2)[x]/(x^64 + x^4 + x^3 + x + 1) arithmetic on u64 words: the generic
// path's products, and the reduction every path shares. Internal linkage: SIMD files include
// this inside their target regions.
#pragma once

namespace leanvm {
namespace {

/** An unreduced 128-bit carry-less product. */
struct U128 {
  uint64_t lo, hi;
};

/** a·n for every nibble n; a·n spans up to 67 bits, the top three in hi. */
struct NibbleTable {
  uint64_t lo[16], hi[16];
};

inline NibbleTable nibbleTable(uint64_t a) {
  NibbleTable t;
  t.lo[0] = t.hi[0] = 0;
  for (int n = 1; n < 16; n++) {
    const int s = 31 - __builtin_clz(n);  // n = 2^s + rest, rest already tabled
    const int rest = n ^ (1 << s);
    t.lo[n] = t.lo[rest] ^ (a << s);
    t.hi[n] = t.hi[rest] ^ (s ? a >> (64 - s) : 0);
  }
  return t;
}

/** a·b carry-less, from a's table, four bits of b at a time from the top. */
inline U128 clmulTable(const NibbleTable& t, uint64_t b) {
  uint64_t lo = 0, hi = 0;
  for (int s = 60; s >= 0; s -= 4) {
    hi = (hi << 4) | (lo >> 60);
    lo <<= 4;
    const unsigned n = (b >> s) & 15;
    lo ^= t.lo[n];
    hi ^= t.hi[n];
  }
  return {lo, hi};
}

/**
 * hi·x^64 ≡ hi·g with g = x^4 + x^3 + x + 1 = (1 + x)(1 + x^3): the low word is hh ⊕ hh≪3 with
 * hh = hi ⊕ hi≪1 (bits shifted past 63 only feed the spill). The spilled bits depend on hi's
 * top nibble alone and their image under g is below 2^8: SPILL[n] is that image for top
 * nibble n, the byte table the SIMD paths look up too.
 */
constexpr uint8_t spillOf(unsigned n) {
  const unsigned s = n ^ (n >> 1) ^ (n >> 3);
  return static_cast<uint8_t>(s ^ (s << 1) ^ (s << 3) ^ (s << 4));
}

constexpr uint8_t SPILL[16] = {
    spillOf(0), spillOf(1), spillOf(2),  spillOf(3),  spillOf(4),  spillOf(5),  spillOf(6),  spillOf(7),
    spillOf(8), spillOf(9), spillOf(10), spillOf(11), spillOf(12), spillOf(13), spillOf(14), spillOf(15),
};

inline uint64_t reducePortable(U128 p) {
  const uint64_t hh = p.hi ^ (p.hi << 1);
  return p.lo ^ hh ^ (hh << 3) ^ SPILL[p.hi >> 60];
}

}  // namespace
}  // namespace leanvm
