// The field table of a lane type T: batch products and NTT passes over T. A lane type holds
// W K words and provides
//   V load(const uint64_t*), load(p, n), store(p, V), store(p, V, n)   (n < W: a partial step)
//   V add(V, V); P mulWide(V, V); P add(P, P); V reduce(P)          (P: unreduced products)
//   C constant(uint64_t); V addMul(V u, V v, C t) = u + v·t           (C: a prepared twiddle)
//   load3(p, n, V&, V&, V&), store3(p, n, V, V, V)   (E limbs, de-interleaved: lanes in an order
//                                                     of the type's own, which store3 undoes)
//   V zero(); transpose(V x[W])                                         (x[i] word j ↔ x[j] word i)
//   unzip(V& lo, V& hi), where W > 2                      (zerocheck_lanes.h: pairs from load3's order)
#pragma once
#include "dot_lanes.h"
#include "form_lanes.h"
#include "mul.h"
#include "ntt_pass.h"
#include "quartic_lanes.h"
#include "skip_lanes.h"
#include "stack_rows.h"
#include "zerocheck_lanes.h"

namespace leanvm {
namespace {

template <class T>
constexpr FieldKernels fieldKernels(const char* describe) {
  return {describe, mulKLanes<T>, mulELanes<T>, {nttPassLanes<T, 1>, nttPassLanes<T, 2>, nttPassLanes<T, 3>},
          stackRowsLanes<T>, skipLanesOf<T>, ZerocheckLanes<T>::run, nullptr, DotLanes<T>::dot, DotLanes<T>::combine, QuarticLanes<T>::run, QuarticLanes<T>::productsOfFour, FormLanes<T>::rows, FormLanes<T>::pairSums};
}

}  // namespace
}  // namespace leanvm
