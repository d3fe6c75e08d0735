// K and E batch products over the pool: each thread takes a contiguous range of elements.
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels.h"

namespace leanvm {

/** FieldKernels::mulK and mulE (n elements; out may alias), split among the threads. */
void mulK(const FieldKernels& f, const uint64_t* a, const uint64_t* b, uint64_t* out, size_t n);
void mulE(const FieldKernels& f, const uint64_t* a, const uint64_t* b, uint64_t* out, size_t n);

}  // namespace leanvm
