// Plain scalar reference implementations for the harness, written from the definitions and
// sharing no code with the kernels: bit-serial carry-less products reduced by long division,
// E products limb by limb, the NTT layer by layer with every twiddle a subset sum, BLAKE2s
// on bytes as RFC 7693 states it, and the Merkle tree over byte leaf images.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace ref {

/** a·b mod x^64 + x^4 + x^3 + x + 1, one bit of b at a time. */
inline uint64_t mulK(uint64_t a, uint64_t b) {
  uint64_t lo = 0, hi = 0;
  for (int i = 0; i < 64; i++) {
    if ((b >> i) & 1) {
      lo ^= a << i;
      hi ^= i ? a >> (64 - i) : 0;
    }
  }
  // Bits 127..64 from the top: x^(64+j) = x^j·(x^4 + x^3 + x + 1).
  for (int j = 63; j >= 0; j--) {
    if ((hi >> j) & 1) {
      hi ^= uint64_t{1} << j;
      for (int s : {0, 1, 3, 4}) {
        const int bit = j + s;
        if (bit < 64) lo ^= uint64_t{1} << bit;
        else hi ^= uint64_t{1} << (bit - 64);
      }
    }
  }
  return lo;
}

/** (a0 + a1·y + a2·y²)(b0 + b1·y + b2·y²) with y³ = y + 1. */
inline void mulE(const uint64_t* a, const uint64_t* b, uint64_t* out) {
  uint64_t m[5] = {};
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) m[i + j] ^= mulK(a[i], b[j]);
  }
  // y⁴ = y² + y, y³ = y + 1
  out[0] = m[0] ^ m[3];
  out[1] = m[1] ^ m[3] ^ m[4];
  out[2] = m[2] ^ m[4];
}

/** a += b on E values. */
inline void addE(uint64_t* a, const uint64_t* b) {
  for (int l = 0; l < 3; l++) a[l] ^= b[l];
}

/** Value v of a K (w = 1) or E (w = 3) table as an E value. */
inline void valueE(const uint64_t* t, size_t w, size_t v, uint64_t* out) {
  out[0] = t[w * v];
  out[1] = w == 3 ? t[3 * v + 1] : 0;
  out[2] = w == 3 ? t[3 * v + 2] : 0;
}

/** The round of Σ f·b at `stride` (src/poly/bulk.ts roundSums): c0 then c2. */
inline std::vector<uint64_t> roundSums(const uint64_t* f, size_t w, const uint64_t* b, size_t n, size_t s) {
  std::vector<uint64_t> out(6);
  for (size_t unit = 0; unit < n; unit += 2 * s) {
    for (size_t lo = unit; lo < unit + s; lo++) {
      uint64_t fl[3], fh[3] = {}, bh[3] = {}, p[3];
      valueE(f, w, lo, fl);
      if (unit + s < n) {
        valueE(f, w, lo + s, fh);
        valueE(b, 3, lo + s, bh);
      }
      mulE(fl, b + 3 * lo, p);
      addE(&out[0], p);
      addE(fh, fl);
      addE(bh, b + 3 * lo);
      mulE(fh, bh, p);
      addE(&out[3], p);
    }
  }
  return out;
}

/** The table with the variable of `stride` bound at r: lo + r·(lo + hi). */
inline std::vector<uint64_t> fold(const uint64_t* src, size_t w, size_t n, size_t s, const uint64_t* r) {
  std::vector<uint64_t> out;
  for (size_t unit = 0; unit < n; unit += 2 * s) {
    for (size_t lo = unit; lo < unit + s; lo++) {
      uint64_t l[3], h[3] = {}, p[3];
      valueE(src, w, lo, l);
      if (unit + s < n) valueE(src, w, lo + s, h);
      addE(h, l);
      mulE(r, h, p);
      addE(p, l);
      out.insert(out.end(), p, p + 3);
    }
  }
  return out;
}

/** seed·eq(point, u) for every u < 2^coords, each a product over the coordinates. */
inline std::vector<uint64_t> eqTable(const uint64_t* point, size_t coords, const uint64_t* seed) {
  std::vector<uint64_t> out(3 << coords);
  for (size_t u = 0; u < (size_t{1} << coords); u++) {
    uint64_t v[3] = {seed[0], seed[1], seed[2]};
    for (size_t k = 0; k < coords; k++) {
      uint64_t f[3] = {point[3 * k], point[3 * k + 1], point[3 * k + 2]};
      if (!((u >> k) & 1)) f[0] ^= 1;  // 1 + r_k
      uint64_t p[3];
      mulE(v, f, p);
      std::copy(p, p + 3, v);
    }
    std::copy(v, v + 3, &out[3 * u]);
  }
  return out;
}

/** G(1), G(∞) of the zerocheck round over pairs (2x, 2x + 1). */
inline std::vector<uint64_t> zerocheckSums(const uint64_t* a, const uint64_t* b, const uint64_t* c, const uint64_t* eq, size_t n) {
  std::vector<uint64_t> out(6);
  for (size_t x = 0; x < n; x++) {
    const uint64_t *a0 = a + 6 * x, *a1 = a0 + 3, *b0 = b + 6 * x, *b1 = b0 + 3;
    uint64_t t[3], p[3], sa[3] = {a0[0], a0[1], a0[2]}, sb[3] = {b0[0], b0[1], b0[2]};
    mulE(a1, b1, t);
    addE(t, c + 6 * x + 3);
    mulE(t, eq + 3 * x, p);
    addE(&out[0], p);
    addE(sa, a1);
    addE(sb, b1);
    mulE(sa, sb, t);
    mulE(t, eq + 3 * x, p);
    addE(&out[3], p);
  }
  return out;
}

/** M(v) for the F2-linear map M given by 24 byte tables: bit by bit, M of one bit being the
 * table entry of that bit alone. */
inline void mapByTables(const uint64_t* tables, const uint64_t* v, uint64_t* out) {
  out[0] = out[1] = out[2] = 0;
  for (int bit = 0; bit < 192; bit++) {
    if ((v[bit / 64] >> (bit % 64)) & 1) addE(out, tables + 3 * (256 * (bit / 8) + (1 << (bit % 8))));
  }
}

/** t(ℓ, b) of a transform of 2^L points: Σ_j bit_j(b)·(Δ_d[j] − Δ_d[j−1]), d = L − 1 − ℓ. */
/** The skip pass's sums from its lane words (word w of group g at lanes[w·n + g]): group g's
 * weight W[g] times φ8 of each lane's byte of each set (E, O, I: bit p from word 8s + p; D: bit
 * 2j from word 24 + j), added into sums[64s + λ]. */
inline void skipSums(const uint64_t* lanes, size_t n, const uint64_t* W, uint64_t* sums) {
  for (size_t g = 0; g < n; g++) {
    for (size_t s = 0; s < 4; s++) {
      for (size_t lane = 0; lane < 64; lane++) {
        uint64_t phi = 0;
        for (size_t p = 0; p < 8; p++) {
          const size_t w = s < 3 ? 8 * s + p : 24 + p / 2;
          if ((s < 3 || p % 2 == 0) && ((lanes[w * n + g] >> lane) & 1)) phi ^= leanvm::PHI8_BASIS[p];
        }
        for (int l = 0; l < 3; l++) sums[3 * (64 * s + lane) + l] ^= mulK(W[3 * g + l], phi);
      }
    }
  }
}

/** Entry x: Σ_k t0[k][byte k of w_2x] + t1[k][byte k of w_2x ⊕ w_2x+1]. */
inline void zerocheckEntry(const uint64_t* col, size_t x, const uint64_t* t0, const uint64_t* t1, uint64_t* out) {
  std::fill(out, out + 3, 0);
  for (size_t k = 0; k < 8; k++) {
    addE(out, t0 + 3 * (256 * k + ((col[2 * x] >> (8 * k)) & 255)));
    addE(out, t1 + 3 * (256 * k + (((col[2 * x] ^ col[2 * x + 1]) >> (8 * k)) & 255)));
  }
}

/** zv[j] += eq[t] for every block t < blocks (256 words) whose bit j is set. */
inline void foldBlocks(const uint64_t* z, size_t blocks, const uint64_t* eq, uint64_t* zv) {
  for (size_t t = 0; t < blocks; t++) {
    for (size_t j = 0; j < 256 * 64; j++) {
      if ((z[256 * t + j / 64] >> (j % 64)) & 1) addE(zv + 3 * j, eq + 3 * t);
    }
  }
}

inline uint64_t twiddle(const uint64_t* deltas, int logSize, int layer, uint64_t block) {
  const uint64_t* row = deltas + 63 * (logSize - 1 - layer);
  uint64_t t = 0;
  for (int j = 0; j < layer; j++) {
    if ((block >> j) & 1) t ^= row[j] ^ (j ? row[j - 1] : 0);
  }
  return t;
}

/** Forward layers startLayer..L−1 on interleaved lanes: u += t·v, v += u. */
inline void forwardNtt(const uint64_t* deltas, uint64_t* data, size_t nLanes, int logSize, int startLayer) {
  for (int layer = startLayer; layer < logSize; layer++) {
    const size_t half = nLanes << (logSize - 1 - layer);
    for (uint64_t b = 0; b < (uint64_t{1} << layer); b++) {
      const uint64_t t = twiddle(deltas, logSize, layer, b);
      uint64_t* u = data + 2 * half * b;
      for (size_t i = 0; i < half; i++) {
        u[i] ^= mulK(t, u[half + i]);
        u[half + i] ^= u[i];
      }
    }
  }
}

/** The level-0 codeword of a stack (src/ntt/encode.ts encodeStack). */
inline std::vector<uint64_t> encodeStack(const uint64_t* deltas, const uint64_t* q, size_t words, int logMsg, size_t nLanes,
                                         int logInvRate) {
  const size_t blockLen = size_t{1} << logMsg;
  std::vector<uint64_t> cw((nLanes * blockLen) << logInvRate);
  for (size_t copy = 0; copy < (size_t{1} << logInvRate); copy++) {
    for (size_t p = 0; p < blockLen; p++) {
      for (size_t t = 0; t < nLanes; t++) {
        const size_t at = (nLanes - 1 - t) * blockLen + p;
        cw[(copy * blockLen + p) * nLanes + t] = at < words ? q[at] : 0;
      }
    }
  }
  forwardNtt(deltas, cw.data(), nLanes, logMsg + logInvRate, logInvRate);
  return cw;
}

/** RFC 7693 BLAKE2s-256, unkeyed, of a byte string. */
class Blake2s {
 public:
  static std::vector<uint8_t> hash(const uint8_t* in, size_t len) {
    uint32_t h[8];
    for (int i = 0; i < 8; i++) h[i] = IV[i];
    h[0] ^= 0x01010000 ^ 32;
    size_t done = 0;
    uint8_t block[64];
    do {
      const size_t n = len - done > 64 ? 64 : len - done;
      std::memset(block, 0, 64);
      std::memcpy(block, in + done, n);
      done += n;
      compress(h, block, done, done == len);
    } while (done < len);
    std::vector<uint8_t> out(32);
    for (int i = 0; i < 32; i++) out[i] = static_cast<uint8_t>(h[i / 4] >> (8 * (i % 4)));
    return out;
  }

 private:
  static constexpr uint32_t IV[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                     0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  static uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }
  static void g(uint32_t* v, int a, int b, int c, int d, uint32_t x, uint32_t y) {
    v[a] = v[a] + v[b] + x;
    v[d] = rotr(v[d] ^ v[a], 16);
    v[c] = v[c] + v[d];
    v[b] = rotr(v[b] ^ v[c], 12);
    v[a] = v[a] + v[b] + y;
    v[d] = rotr(v[d] ^ v[a], 8);
    v[c] = v[c] + v[d];
    v[b] = rotr(v[b] ^ v[c], 7);
  }
  static void compress(uint32_t* h, const uint8_t* block, uint64_t t, bool last) {
    static const uint8_t SIGMA[10][16] = {
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
        {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
        {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
        {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
        {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},  {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0}};
    uint32_t m[16], v[16];
    for (int i = 0; i < 16; i++) {
      m[i] = block[4 * i] | block[4 * i + 1] << 8 | block[4 * i + 2] << 16 | static_cast<uint32_t>(block[4 * i + 3]) << 24;
    }
    for (int i = 0; i < 8; i++) v[i] = h[i], v[8 + i] = IV[i];
    v[12] ^= static_cast<uint32_t>(t);
    v[13] ^= static_cast<uint32_t>(t >> 32);
    if (last) v[14] = ~v[14];
    for (const auto& s : SIGMA) {
      g(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
      g(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
      g(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
      g(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
      g(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
      g(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
      g(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
      g(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
    }
    for (int i = 0; i < 8; i++) h[i] ^= v[i] ^ v[8 + i];
  }
};

/** Every node of the tree (src/merkle/tree.ts) as u32 digests: leaves are BLAKE2s-256 of
 * the images' LE bytes, a node of its children's 64 bytes. */
inline std::vector<uint32_t> merkleTree(const uint32_t* rows, size_t nLeaves, size_t rowU32, size_t imageU32) {
  std::vector<uint32_t> nodes(8 * (2 * nLeaves - 1));
  std::vector<uint8_t> image(4 * imageU32);
  auto put = [&](size_t slot, const std::vector<uint8_t>& d) {
    for (int i = 0; i < 8; i++) {
      nodes[8 * slot + i] = d[4 * i] | d[4 * i + 1] << 8 | d[4 * i + 2] << 16 | static_cast<uint32_t>(d[4 * i + 3]) << 24;
    }
  };
  for (size_t i = 0; i < nLeaves; i++) {
    std::fill(image.begin(), image.end(), 0);
    std::memcpy(image.data() + 4 * (imageU32 - rowU32), rows + i * rowU32, 4 * rowU32);
    put(i, Blake2s::hash(image.data(), image.size()));
  }
  size_t read = 0, write = nLeaves;
  for (size_t len = nLeaves / 2; len >= 1; len /= 2) {
    for (size_t i = 0; i < len; i++) {
      put(write + i, Blake2s::hash(reinterpret_cast<const uint8_t*>(nodes.data() + 8 * (read + 2 * i)), 64));
    }
    read = write;
    write += len;
  }
  return nodes;
}

}  // namespace ref
