// The transpose walk (src/kernels/flock/walk.ts transposeWalk, in its order): the circuit run backwards
// from the output rows, every wire word's adjoint 32 E values, XORs only. E values are three u64
// words here (the TypeScript's six u32).
#include "flock_walk.h"

#include <cstring>

#include "blake2s_constants.h"
#include "flock_layout.h"
#include "memory.h"
#include "opening.h"

namespace leanvm {
namespace {

constexpr int WW = 96;  // u64 words of a wire word: 32 E values
constexpr int C = 3 * CONST_POS;
/** Lanes 12..15 start as IV[4..8] ⊕ these input words. */
constexpr int T_BASES[4] = {T_LO_BASE, T_HI_BASE, F0_BASE, F1_BASE};

inline void addTo(uint64_t* dst, const uint64_t* src) {
  dst[0] ^= src[0];
  dst[1] ^= src[1];
  dst[2] ^= src[2];
}
inline void xorInto(uint64_t* dst, const uint64_t* src) {
  for (int j = 0; j < WW; j++) dst[j] ^= src[j];
}
/** The transpose of rotr(·, n): out_j = x_{(j − n) mod 32}. */
inline void rotrT(uint64_t* out, const uint64_t* x, int n) {
  for (int j = 0; j < 32; j++) std::memcpy(out + 3 * j, x + 3 * ((j - n) & 31), 24);
}

class Walk {
 public:
  Walk(const uint64_t* uA, const uint64_t* uB, uint64_t* g) : uA_(uA), uB_(uB), g_(g) {}

  void run() {
    // Every row whose B side is the constant wire sends its uB there; the constant row both.
    inputRows(CONST_POS, 1);
    inputRows(H_BASE, 256);
    inputRows(M_BASE, 512);
    inputRows(T_LO_BASE, 128);
    // Lane adjoints, seeded by the output rows' A sides (A = h ⊕ v[l] ⊕ v[l + 8]).
    std::memset(adj_, 0, sizeof adj_);
    for (int l = 0; l < 8; l++) {
      for (int i = 0; i < 32; i++) {
        const uint64_t* k = uA_ + 3 * (OUT_BASE + 32 * l + i);
        addTo(adj_[l] + 3 * i, k);
        addTo(adj_[l + 8] + 3 * i, k);
        addTo(g_ + 3 * (H_BASE + 32 * l + i), k);
        addTo(g_ + C, uB_ + 3 * (OUT_BASE + 32 * l + i));
      }
    }
    uint64_t A1[WW], B1[WW], C1[WW], D1[WW], A2[WW], D2[WW], X[WW], Y[WW];
    for (int r = ROUNDS - 1; r >= 0; r--) {
      for (int gi = G_PER_ROUND - 1; gi >= 0; gi--) {
        const uint8_t* lanes = G_LANES[gi];
        const int base = GS_BASE + G_STRIDE * (G_PER_ROUND * r + gi);
        uint64_t *a = adj_[lanes[0]], *b = adj_[lanes[1]], *c = adj_[lanes[2]], *d = adj_[lanes[3]];
        std::memcpy(A2, a, sizeof A2);
        std::memcpy(D2, d, sizeof D2);
        rotrT(B1, b, 7);  // b2 = rotr(b1 ⊕ c2, 7)
        xorInto(c, B1);
        backAdd(C1, X, c, base + G_C2);  // c2 = c1 + d2
        xorInto(D2, X);
        rotrT(D1, D2, 8);  // d2 = rotr(d1 ⊕ a2, 8)
        xorInto(A2, D1);
        backAdd3(A1, X, A2, base + G_A2);  // a2 = a1 + b1 + my
        xorInto(B1, X);
        toMessage(SIGMA[r][2 * gi + 1]);
        rotrT(b, B1, 12);  // b1 = rotr(b ⊕ c1, 12)
        xorInto(C1, b);
        backAdd(c, Y, C1, base + G_C1);  // c1 = c + d1
        xorInto(D1, Y);
        rotrT(d, D1, 16);  // d1 = rotr(d ⊕ a1, 16)
        xorInto(A1, d);
        backAdd3(a, X, A1, base + G_A1);  // a1 = a + b + mx
        xorInto(b, X);
        toMessage(SIGMA[r][2 * gi]);
      }
    }
    // The initial lanes: h bits, set IV bits (the constant wire), and the t/f input words.
    for (int l = 0; l < 16; l++) {
      if (l < 8) {
        xorInto(g_ + 3 * (H_BASE + 32 * l), adj_[l]);
        continue;
      }
      if (l >= 12) xorInto(g_ + 3 * T_BASES[l - 12], adj_[l]);
      for (int i = 0; i < 32; i++) {
        if ((BLAKE2S_IV[l - 8] >> i) & 1) addTo(g_ + C, adj_[l] + 3 * i);
      }
    }
  }

 private:
  const uint64_t *uA_, *uB_;
  uint64_t* g_;
  uint64_t adj_[16][WW];
  uint64_t msg_[WW];

  void inputRows(int from, int count) {
    for (int k = from; k < from + count; k++) {
      addTo(g_ + 3 * k, uA_ + 3 * k);
      addTo(g_ + C, uB_ + 3 * k);
    }
  }
  void toMessage(int idx) { xorInto(g_ + 3 * (M_BASE + 32 * idx), msg_); }

  /** Transpose of add at cb: from the sum's adjoint s, the adjoints of x and y. */
  void backAdd(uint64_t* x, uint64_t* y, const uint64_t* s, int cb) {
    uint64_t suffix[3] = {0, 0, 0}, cin[3];
    for (int i = 31; i >= 0; i--) {
      const int o = 3 * i;
      const bool row = i < ADD_ROWS;
      const uint64_t* rA = uA_ + 3 * (cb + i);
      const uint64_t* rB = uB_ + 3 * (cb + i);
      for (int t = 0; t < 3; t++) {
        const uint64_t a = row ? rA[t] : 0, b = row ? rB[t] : 0;
        x[o + t] = s[o + t] ^ a;
        y[o + t] = s[o + t] ^ b;
        cin[t] = s[o + t] ^ a ^ b;
      }
      // cin_i = Σ_{j<i} w[cb+j]: slot j collects the adjoints of every later cin.
      if (row) addTo(g_ + 3 * (cb + i), suffix);
      addTo(suffix, cin);
    }
  }

  /** Transpose of add3 at base (its z the message word's adjoint, msg_): from the sum's
   * adjoint s, the adjoints of x, y and the message. */
  void backAdd3(uint64_t* x, uint64_t* y, const uint64_t* s, int base) {
    uint64_t* z = msg_;
    uint64_t suffix[3] = {0, 0, 0}, cin[3], q[3 * 33] = {};
    for (int i = 31; i >= 0; i--) {
      const int o = 3 * i;
      const bool ripple = i >= 1 && i <= 30;
      const uint64_t* rA = uA_ + 3 * (base + 30 + i);
      const uint64_t* rB = uB_ + 3 * (base + 30 + i);
      for (int t = 0; t < 3; t++) {
        const uint64_t a = ripple ? rA[t] : 0, b = ripple ? rB[t] : 0;
        const uint64_t left = s[o + t] ^ a;  // p_i reaches sum_i and the ripple row's A side
        x[o + t] = y[o + t] = z[o + t] = left;
        cin[t] = left ^ b;
        q[o + t] = i == 0 ? 0 : s[o + t] ^ b;  // q_i reaches sum_i and the B side
      }
      if (ripple) addTo(g_ + 3 * (base + 30 + i), suffix);
      addTo(suffix, cin);
    }
    for (int i = 0; i < 31; i++) {
      const int o = 3 * i, k = 3 * (base + i), qi = 3 * (i + 1);  // maj_i = w[base+i] + z_i is q_{i+1}
      for (int t = 0; t < 3; t++) {
        const uint64_t mA = uA_[k + t], mB = uB_[k + t], qa = q[qi + t];
        x[o + t] ^= mA;
        y[o + t] ^= mB;
        z[o + t] ^= mA ^ mB ^ qa;
        g_[k + t] ^= qa;
      }
    }
  }
};

}  // namespace

void lincheckComb(const FieldKernels& k, const uint64_t* e, const uint64_t* alpha, uint64_t* comb) {
  constexpr size_t N = BLOCK_BITS;
  Scratch<uint64_t> uB(3 * N);  // zero
  addScaled(k, uB.data(), e, N, 1, alpha);
  std::memset(comb, 0, 3 * N * sizeof(uint64_t));
  Walk(e, uB.data(), comb).run();
  uint64_t a2[3], a3[3];
  k.mulE(alpha, alpha, a2, 1);
  k.mulE(a2, alpha, a3, 1);
  addScaled(k, comb, e, N, 1, a2);
  addTo(comb + C, a3);
}

}  // namespace leanvm
