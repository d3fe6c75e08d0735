// BLAKE2s (RFC 7693) compressions across W independent messages at once, one message per
// lane of a u32 vector type U:
//   T set1(uint32_t); T add(T, T); T xor_(T, T); T rotr<n>(T)
//   loadTransposed(p, stride, T m[16]): m[k] lane j = p[j·stride + k]
//   storeDigests(const T h[8], out): lane j's digest to out[8j .. 8j+8)
// Merkle leaves and levels run W hashes per step and the tail one at a time (ScalarLanes).
#pragma once

#include "blake2s_constants.h"

namespace leanvm {
namespace {

template <class U>
inline void mixG(typename U::T& a, typename U::T& b, typename U::T& c, typename U::T& d, typename U::T x,
                 typename U::T y) {
  a = U::add(U::add(a, b), x);
  d = U::template rotr<16>(U::xor_(d, a));
  c = U::add(c, d);
  b = U::template rotr<12>(U::xor_(b, c));
  a = U::add(U::add(a, b), y);
  d = U::template rotr<8>(U::xor_(d, a));
  c = U::add(c, d);
  b = U::template rotr<7>(U::xor_(b, c));
}

/** h ← compress(h, m) with the byte counter (t0, t1) and the flags (f0, f1) as given. */
template <class U>
inline void compressWith(typename U::T h[8], const typename U::T m[16], uint32_t t0, uint32_t t1, uint32_t f0,
                         uint32_t f1) {
  typename U::T v[16];
  for (int i = 0; i < 8; i++) v[i] = h[i];
  for (int i = 0; i < 8; i++) v[8 + i] = U::set1(BLAKE2S_IV[i]);
  v[12] = U::set1(BLAKE2S_IV[4] ^ t0);
  v[13] = U::set1(BLAKE2S_IV[5] ^ t1);
  v[14] = U::set1(BLAKE2S_IV[6] ^ f0);
  v[15] = U::set1(BLAKE2S_IV[7] ^ f1);
#pragma GCC unroll 10
  for (int r = 0; r < 10; r++) {
    const uint8_t* s = SIGMA[r];
    mixG<U>(v[0], v[4], v[8], v[12], m[s[0]], m[s[1]]);
    mixG<U>(v[1], v[5], v[9], v[13], m[s[2]], m[s[3]]);
    mixG<U>(v[2], v[6], v[10], v[14], m[s[4]], m[s[5]]);
    mixG<U>(v[3], v[7], v[11], v[15], m[s[6]], m[s[7]]);
    mixG<U>(v[0], v[5], v[10], v[15], m[s[8]], m[s[9]]);
    mixG<U>(v[1], v[6], v[11], v[12], m[s[10]], m[s[11]]);
    mixG<U>(v[2], v[7], v[8], v[13], m[s[12]], m[s[13]]);
    mixG<U>(v[3], v[4], v[9], v[14], m[s[14]], m[s[15]]);
  }
  for (int i = 0; i < 8; i++) h[i] = U::xor_(h[i], U::xor_(v[i], v[8 + i]));
}

/** h ← compress(h, m) with byte counter `bytes` (below 2^32 here) and the final-block flag. */
template <class U>
inline void compressLanes(typename U::T h[8], const typename U::T m[16], uint32_t bytes, bool last) {
  compressWith<U>(h, m, bytes, 0, last ? 0xffffffffu : 0u, 0);
}

/** One message per lane, u32 scalars: the tail of every path and the whole generic path. */
struct ScalarLanes {
  static constexpr size_t W = 1;
  using T = uint32_t;
  static T set1(uint32_t x) { return x; }
  static T add(T a, T b) { return a + b; }
  static T xor_(T a, T b) { return a ^ b; }
  template <int n>
  static T rotr(T x) { return (x >> n) | (x << (32 - n)); }
  static void loadTransposed(const uint32_t* p, size_t, T m[16]) {
    for (int k = 0; k < 16; k++) m[k] = p[k];
  }
  static void storeDigests(const T h[8], uint32_t* out) {
    for (int k = 0; k < 8; k++) out[k] = h[k];
  }
};

/** Leaves first .. first + W of the job. A block straddling the zero prefix or the image's
 * end is copied, zero-padded, before it is transposed. */
template <class U>
void leafGroup(const LeafJob& job, size_t first) {
  constexpr size_t W = U::W;
  const size_t lead = job.imageU32 - job.rowU32;
  const size_t blocks = job.imageU32 == 0 ? 1 : (job.imageU32 + 15) / 16;
  const uint32_t* rows = job.rows + first * job.rowU32;
  typename U::T h[8], m[16];
  for (int i = 0; i < 8; i++) h[i] = U::set1(job.state[i]);
  uint32_t pad[16 * W];
  for (size_t blk = job.firstBlock; blk < blocks; blk++) {
    const size_t lo = 16 * blk;
    if (lo >= lead && lo + 16 <= job.imageU32) {
      U::loadTransposed(rows + (lo - lead), job.rowU32, m);
      // The next group's same block: rows W·rowU32 on (prefetchers follow few of these strides).
      for (size_t j = 0; j < W; j++) __builtin_prefetch(rows + (W + j) * job.rowU32 + (lo - lead));
    } else {
      for (size_t j = 0; j < W; j++) {
        for (size_t k = 0; k < 16; k++) {
          const size_t w = lo + k;
          pad[16 * j + k] = w >= lead && w < job.imageU32 ? rows[j * job.rowU32 + (w - lead)] : 0;
        }
      }
      U::loadTransposed(pad, 16, m);
    }
    const bool last = blk + 1 == blocks;
    compressLanes<U>(h, m, static_cast<uint32_t>(last ? 4 * job.imageU32 : 64 * (blk + 1)), last);
  }
  U::storeDigests(h, job.out + 8 * first);
}

template <class U>
void hashLeavesLanes(const LeafJob& job) {
  size_t i = 0;
  for (; i + U::W <= job.count; i += U::W) leafGroup<U>(job, i);
  for (; i < job.count; i++) leafGroup<ScalarLanes>(job, i);
}

template <class U>
inline void levelGroup(const uint32_t* children, uint32_t* out) {
  typename U::T h[8], m[16];
  for (int i = 0; i < 8; i++) h[i] = U::set1(PARAM_IV[i]);
  U::loadTransposed(children, 16, m);
  compressLanes<U>(h, m, 64, true);
  U::storeDigests(h, out);
}

template <class U>
void hashLevelLanes(const uint32_t* children, size_t count, uint32_t* out) {
  size_t i = 0;
  for (; i + U::W <= count; i += U::W) levelGroup<U>(children + 16 * i, out + 8 * i);
  for (; i < count; i++) levelGroup<ScalarLanes>(children + 16 * i, out + 8 * i);
}

template <class U>
constexpr HashKernels hashKernels(const char* describe) {
  return {describe, hashLeavesLanes<U>, hashLevelLanes<U>};
}

}  // namespace
}  // namespace leanvm
