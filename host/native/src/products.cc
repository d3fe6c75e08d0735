#include "products.h"

#include "threads.h"

namespace leanvm {
namespace {

/** Elements per range at least: a few microseconds of products, a multiple of every lane width. */
constexpr size_t GRAIN = 4096;

}  // namespace

void mulK(const FieldKernels& f, const uint64_t* a, const uint64_t* b, uint64_t* out, size_t n) {
  parallelFor(n, GRAIN, [&](size_t from, size_t to) { f.mulK(a + from, b + from, out + from, to - from); });
}

void mulE(const FieldKernels& f, const uint64_t* a, const uint64_t* b, uint64_t* out, size_t n) {
  parallelFor(n, GRAIN, [&](size_t from, size_t to) { f.mulE(a + 3 * from, b + 3 * from, out + 3 * from, to - from); });
}

}  // namespace leanvm
