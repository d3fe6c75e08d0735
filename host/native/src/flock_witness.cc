// One block at a time into a block-sized scratch (in L1), then copied out, so the columns are
// only written. Only a and b are built: every row writes z = a ∧ b and every other bit is 0 in
// all three, so z = a ∧ b word by word. The positions are flock_layout.h's.
#include "flock_witness.h"

#include <cstring>

#include "blake2s_constants.h"
#include "flock_layout.h"
#include "threads.h"

namespace leanvm {
namespace {

constexpr uint32_t LOW31 = 0x7fffffff, LOW30 = 0x3fffffff;

/** Blocks a thread takes at least (a block is about two microseconds). */
constexpr size_t BLOCK_GRAIN = 64;

inline uint32_t rotr(uint32_t x, int n) { return x >> n | x << (32 - n); }

/** Columns a and b of one block (z = a ∧ b word by word, taken on the way out), one spare
 * word so a run's two words are always one unaligned u64. */
struct BlockRows {
  uint32_t a[BLOCK_U32 + 1], b[BLOCK_U32 + 1];
  // The G rows (GS_BASE.., word aligned) are one gapless run of runs in position order:
  // words sw, sw + 1 of a and b are held in sa, sb until a run starts past word sw.
  int sw;
  uint64_t sa, sb;

  static void orAt(uint32_t* col, int w, uint64_t bits) {
    uint64_t x;
    std::memcpy(&x, col + w, 8);
    x |= bits;
    std::memcpy(col + w, &x, 8);
  }

  /** Rows pos.. take the bits of av and bv (already masked to their run) as a and b. */
  void rows(int pos, uint32_t av, uint32_t bv) {
    const int w = pos >> 5, s = pos & 31;
    orAt(a, w, uint64_t{av} << s);
    orAt(b, w, uint64_t{bv} << s);
  }

  /** rows() for the G rows, each run starting where the last ended (at most 32 bits on). */
  void carries(int pos, uint32_t av, uint32_t bv) {
    if (pos >> 5 != sw) {
      a[sw] = static_cast<uint32_t>(sa), b[sw] = static_cast<uint32_t>(sb);
      sa >>= 32, sb >>= 32, sw++;
    }
    const int s = pos & 31;
    sa |= uint64_t{av} << s;
    sb |= uint64_t{bv} << s;
  }

  /** A row per bit whose value is v: input and output words (a = z = v, b = 1). */
  void value(int pos, uint32_t v) { rows(pos, v, ~0u); }

  /** The 31 carry rows of x + y at `pos`; returns the sum. */
  uint32_t add(int pos, uint32_t x, uint32_t y) {
    const uint32_t sum = x + y, cin = sum ^ x ^ y;
    carries(pos, (x ^ cin) & LOW31, (y ^ cin) & LOW31);
    return sum;
  }

  /** The fused x + y + w: 31 majority rows, then 30 ripple rows for bits 1..30; returns the sum. */
  uint32_t add3(int pos, uint32_t x, uint32_t y, uint32_t w) {
    const uint32_t ml = (x ^ w) & LOW31, mr = (y ^ w) & LOW31;
    carries(pos, ml, mr);
    const uint32_t p = x ^ y ^ w;
    const uint32_t q = ((ml & mr) ^ (w & LOW31)) << 1;  // the carries of x + y + w, one place up
    const uint32_t sum = p + q, cin = sum ^ p ^ q;
    carries(pos + 31, ((p ^ cin) >> 1) & LOW30, ((q ^ cin) >> 1) & LOW30);
    return sum;
  }

  /** Zeroes the block, then writes the rows of the compression of message m (MESSAGE_WORDS
   * words) and header `head` (HEADER_WORDS words). */
  void write(const uint32_t* m, const uint32_t* head) {
    std::memset(this, 0, sizeof(*this));
    const uint32_t* h = head;
    const uint32_t tLo = head[8], tHi = head[9], f0 = head[10], f1 = head[11];
    rows(CONST_POS, 1, 1);
    for (int i = 0; i < 8; i++) value(H_BASE + 32 * i, h[i]);
    for (int i = 0; i < 16; i++) value(M_BASE + 32 * i, m[i]);
    value(T_LO_BASE, tLo);
    value(T_HI_BASE, tHi);
    value(F0_BASE, f0);
    value(F1_BASE, f1);
    uint32_t v[16];
    for (int i = 0; i < 8; i++) v[i] = h[i], v[8 + i] = BLAKE2S_IV[i];
    v[12] ^= tLo;
    v[13] ^= tHi;
    v[14] ^= f0;
    v[15] ^= f1;
    sw = GS_BASE >> 5, sa = sb = 0;
    for (int r = 0; r < 10; r++) {
      for (int gi = 0; gi < 8; gi++) {
        const uint8_t* l = G_LANES[gi];
        const int base = GS_BASE + G_STRIDE * (8 * r + gi);
        const uint32_t a1 = add3(base + G_A1, v[l[0]], v[l[1]], m[SIGMA[r][2 * gi]]);
        const uint32_t d1 = rotr(v[l[3]] ^ a1, 16);
        const uint32_t c1 = add(base + G_C1, v[l[2]], d1);
        const uint32_t b1 = rotr(v[l[1]] ^ c1, 12);
        const uint32_t a2 = add3(base + G_A2, a1, b1, m[SIGMA[r][2 * gi + 1]]);
        const uint32_t d2 = rotr(d1 ^ a2, 8);
        const uint32_t c2 = add(base + G_C2, c1, d2);
        v[l[0]] = a2;
        v[l[1]] = rotr(b1 ^ c2, 7);
        v[l[2]] = c2;
        v[l[3]] = d2;
      }
    }
    std::memcpy(a + sw, &sa, 8);
    std::memcpy(b + sw, &sb, 8);
    for (int i = 0; i < 8; i++) value(OUT_BASE + 32 * i, h[i] ^ v[i] ^ v[i + 8]);
  }

  void copyTo(size_t t, uint32_t* zc, uint32_t* ac, uint32_t* bc) const {
    zc += BLOCK_U32 * t, ac += BLOCK_U32 * t, bc += BLOCK_U32 * t;
    for (size_t i = 0; i < BLOCK_U32; i++) zc[i] = a[i] & b[i];
    std::memcpy(ac, a, 4 * BLOCK_U32);
    std::memcpy(bc, b, 4 * BLOCK_U32);
  }
};

}  // namespace

void flockWitness(const uint32_t* messages, const uint32_t* headers, size_t headerStride, size_t live, size_t blocks, uint32_t* z,
                  uint32_t* a, uint32_t* b) {
  BlockRows pad;
  if (live < blocks) pad.write(messages + MESSAGE_WORDS * live, headers + headerStride * live);
  parallelFor(blocks, BLOCK_GRAIN, [&](size_t begin, size_t end) {
    BlockRows block;
    for (size_t t = begin; t < end; t++) {
      if (t < live) {
        block.write(messages + MESSAGE_WORDS * t, headers + headerStride * t);
        block.copyTo(t, z, a, b);
      } else {
        pad.copyTo(t, z, a, b);
      }
    }
  });
}

}  // namespace leanvm
