// FieldKernels::quarticPairs and productsOfFour over a lane type T: the GKR's layer products
// and its round's sums over W nodes or pairs of rows at a time, every product in registers and the eq-weighted sums unreduced until the end (reduction
// is linear, so the bytes are those of summing reduced products). A pair's eight E values (row
// 2p's four children, then row 2p + 1's) are gathered by limbs into planes, so each register
// holds one value of W pairs in their natural order.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "mul.h"

namespace leanvm {
namespace {

template <class T>
struct QuarticLanes {
  static constexpr size_t W = T::W;
  using E = ELimbs<T>;

  static E loadPlane(const uint64_t (*plane)[W]) { return {{T::load(plane[0]), T::load(plane[1]), T::load(plane[2])}}; }

  /** (a_i + X d_i)(a_j + X d_j) as its three coefficients (Karatsuba: three products). */
  static void line(const E& ai, const E& di, const E& aj, const E& dj, E q[3]) {
    q[0] = mulE<T>(pieces<T>(ai), pieces<T>(aj));
    q[2] = mulE<T>(pieces<T>(di), pieces<T>(dj));
    q[1] = addE<T>(addE<T>(mulE<T>(pieces<T>(addE<T>(ai, di)), pieces<T>(addE<T>(aj, dj))), q[0]), q[2]);
  }

  /** out[x] = Π_{c<4} src[4x + c] for x < n (E values): W products a step. */
  static void productsOfFour(const uint64_t* src, size_t n, uint64_t* out) {
    alignas(64) uint64_t plane[4][3][W], prod[3][W];
    for (size_t x0 = 0; x0 < n; x0 += W) {
      const size_t r = std::min(W, n - x0);
      for (size_t i = 0; i < W; i++) {
        for (int v = 0; v < 4; v++) {
          for (int l = 0; l < 3; l++) plane[v][l][i] = i < r ? src[12 * (x0 + i) + 3 * v + l] : 0;
        }
      }
      const E p01 = mulE<T>(pieces<T>(loadPlane(plane[0])), pieces<T>(loadPlane(plane[1])));
      const E p23 = mulE<T>(pieces<T>(loadPlane(plane[2])), pieces<T>(loadPlane(plane[3])));
      const E p = mulE<T>(pieces<T>(p01), pieces<T>(p23));
      for (int l = 0; l < 3; l++) T::store(prod[l], p.l[l]);
      for (size_t i = 0; i < r; i++) {
        for (int l = 0; l < 3; l++) out[3 * (x0 + i) + l] = prod[l][i];
      }
    }
  }

  static void run(const uint64_t* rows, size_t n, const uint64_t* eq, uint64_t sums[12]) {
    EWide<T> acc[4] = {};
    alignas(64) uint64_t plane[8][3][W], weight[3][W];
    for (size_t p0 = 0; p0 < n; p0 += W) {
      const size_t r = std::min(W, n - p0);
      for (size_t i = 0; i < W; i++) {
        const uint64_t* pair = rows + 24 * (p0 + i);
        for (int v = 0; v < 8; v++) {
          for (int l = 0; l < 3; l++) plane[v][l][i] = i < r ? pair[3 * v + l] : 0;
        }
        for (int l = 0; l < 3; l++) weight[l][i] = i < r ? eq[3 * (p0 + i) + l] : 0;
      }
      E a[4], d[4];
      for (int c = 0; c < 4; c++) {
        a[c] = loadPlane(plane[c]);
        d[c] = addE<T>(a[c], loadPlane(plane[4 + c]));
      }
      E L[3], R[3];
      line(a[0], d[0], a[1], d[1], L);
      line(a[2], d[2], a[3], d[3], R);
      // The quartic L·R: c0 = L0R0, c4 = L2R2, c2 = (L0+L2)(R0+R2) + c0 + c4 + L1R1,
      // c3 = (L1+L2)(R1+R2) + L1R1 + c4, q(0) + q(1) = c0 + ΣL·ΣR.
      const E c0 = mulE<T>(pieces<T>(L[0]), pieces<T>(R[0])), c4 = mulE<T>(pieces<T>(L[2]), pieces<T>(R[2]));
      const E m11 = mulE<T>(pieces<T>(L[1]), pieces<T>(R[1]));
      const E at1 = mulE<T>(pieces<T>(addE<T>(addE<T>(L[0], L[1]), L[2])), pieces<T>(addE<T>(addE<T>(R[0], R[1]), R[2])));
      const E m02 = mulE<T>(pieces<T>(addE<T>(L[0], L[2])), pieces<T>(addE<T>(R[0], R[2])));
      const E m12 = mulE<T>(pieces<T>(addE<T>(L[1], L[2])), pieces<T>(addE<T>(R[1], R[2])));
      const E out[4] = {addE<T>(c0, at1), addE<T>(addE<T>(m02, c0), addE<T>(c4, m11)), addE<T>(addE<T>(m12, m11), c4), c4};
      const EPieces<T> w = pieces<T>(loadPlane(weight));
      for (int k = 0; k < 4; k++) acc[k] = addWide<T>(acc[k], mulWideE<T>(pieces<T>(out[k]), w));
    }
    alignas(64) uint64_t lanes[W];
    for (int k = 0; k < 4; k++) {
      const E s = reduceE<T>(acc[k]);
      for (int l = 0; l < 3; l++) {
        T::store(lanes, s.l[l]);
        for (size_t i = 0; i < W; i++) sums[3 * k + l] ^= lanes[i];
      }
    }
  }
};

}  // namespace
}  // namespace leanvm
