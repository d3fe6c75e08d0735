// The portable lane type: one K word, products from nibble tables (gf64.h). A twiddle is
// prepared as its nibble table, so an NTT butterfly does not rebuild it.
#pragma once
#include "gf64.h"

namespace leanvm {
namespace {

struct ScalarK {
  static constexpr size_t W = 1;
  using V = uint64_t;
  using P = U128;
  using C = NibbleTable;

  static V load(const uint64_t* p) { return *p; }
  static V load(const uint64_t* p, size_t) { return *p; }
  static void store(uint64_t* p, V v) { *p = v; }
  static void store(uint64_t* p, V v, size_t) { *p = v; }
  static V zero() { return 0; }
  static void transpose(V*) {}
  static V add(V a, V b) { return a ^ b; }
  static P mulWide(V a, V b) { return clmulTable(nibbleTable(a), b); }
  static P add(P a, P b) { return {a.lo ^ b.lo, a.hi ^ b.hi}; }
  static V reduce(P p) { return reducePortable(p); }
  static C constant(uint64_t t) { return nibbleTable(t); }
  static V addMul(V u, V v, const C& t) { return u ^ reducePortable(clmulTable(t, v)); }
  static void load3(const uint64_t* p, size_t, V& c0, V& c1, V& c2) {
    c0 = p[0];
    c1 = p[1];
    c2 = p[2];
  }
  static void store3(uint64_t* p, size_t, V c0, V c1, V c2) {
    p[0] = c0;
    p[1] = c1;
    p[2] = c2;
  }
};

}  // namespace
}  // namespace leanvm
