// An E constant repeated across a chunk: the other operand of a batch product (the path's
// mulE) by a constant, so a chunk's products by r are one call.
#pragma once
#include <cstddef>
#include <cstdint>

namespace leanvm {

/** r repeated N times (3N words). */
template <size_t N>
struct Repeated {
  alignas(64) uint64_t words[3 * N];
  explicit Repeated(const uint64_t r[3]) {
    for (size_t i = 0; i < 3 * N; i++) words[i] = r[i % 3];
  }
};

}  // namespace leanvm
