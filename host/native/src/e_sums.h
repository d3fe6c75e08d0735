// Sums of E values (3 words each) across a kernel's threads: each range XORs its values into
// its own sums, then adds them to the shared ones under a lock. XOR is exact, so every
// thread count and order gives the same bytes.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <mutex>

namespace leanvm {

/** sum[0..3) ^= the c E values of v. */
inline void accumulate(uint64_t sum[3], const uint64_t* v, size_t c) {
  for (size_t i = 0; i < c; i++) {
    for (int l = 0; l < 3; l++) sum[l] ^= v[3 * i + l];
  }
}

/** XORs a thread's sums into the shared ones (zeroed when this is made). */
class SumOfParts {
 public:
  explicit SumOfParts(uint64_t* out, size_t words) : out_(out), words_(words) { std::fill(out, out + words, 0); }
  void add(const uint64_t* part) {
    std::lock_guard<std::mutex> lock(m_);
    for (size_t i = 0; i < words_; i++) out_[i] ^= part[i];
  }

 private:
  std::mutex m_;
  uint64_t* out_;
  size_t words_;
};

}  // namespace leanvm
