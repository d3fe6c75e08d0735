// E values (3 words) as the rows of the byte-table kernels (bit_columns.cc, mapByTables).
// On a path with AVX2 a row is padded to 32 bytes, so adding one is a single 256-bit load and
// XOR; elsewhere it stays 3 words (a 32-byte vector there is split into halves that GCC keeps
// in memory). A kernel body is a template over the row type, instantiated once per kind: the
// wide one inside an AVX2 region (target.h), where the always-inlined body compiles to ymm.
#pragma once
#include <cstdint>
#include <cstring>

#include "dispatch.h"
#include "memory.h"
#include "target.h"

#define LEANVM_ALWAYS_INLINE inline __attribute__((always_inline))

namespace leanvm {

/** The portable row: an E value's 3 words. */
struct Row3 {
  uint64_t w[3];
  Row3& operator^=(const Row3& o) {
    for (int l = 0; l < 3; l++) w[l] ^= o.w[l];
    return *this;
  }
};

/** The wide row: 3 words and a zero, one vector (GCC/Clang extension). Taken by reference
 * only: by value its ABI would differ between regions with and without AVX (GCC warns). */
typedef uint64_t Row4 __attribute__((vector_size(32)));

LEANVM_ALWAYS_INLINE void loadRow(Row3& r, const uint64_t* e) { std::memcpy(r.w, e, sizeof r.w); }
LEANVM_ALWAYS_INLINE void loadRow(Row4& r, const uint64_t* e) { r = Row4{e[0], e[1], e[2], 0}; }
LEANVM_ALWAYS_INLINE void storeRow(uint64_t* e, const Row3& r) { std::memcpy(e, r.w, sizeof r.w); }
LEANVM_ALWAYS_INLINE void storeRow(uint64_t* e, const Row4& r) {
  for (int l = 0; l < 3; l++) e[l] = r[l];
}
/** e += r. */
LEANVM_ALWAYS_INLINE void addRow(uint64_t* e, const Row3& r) {
  for (int l = 0; l < 3; l++) e[l] ^= r.w[l];
}
LEANVM_ALWAYS_INLINE void addRow(uint64_t* e, const Row4& r) {
  for (int l = 0; l < 3; l++) e[l] ^= r[l];
}

/** n zeroed rows on a 32-byte boundary (Scratch<Row4> is not: its allocation is not
 * over-aligned for a vector-extension type here). */
template <class Row>
class Rows {
 public:
  explicit Rows(size_t n) : words_(sizeof(Row) / 8 * n + 4) {}
  Row* data() {
    const uintptr_t at = reinterpret_cast<uintptr_t>(words_.data());
    return reinterpret_cast<Row*>((at + 31) & ~uintptr_t{31});
  }
  const Row* data() const { return const_cast<Rows*>(this)->data(); }
  Row& operator[](size_t i) { return data()[i]; }

 private:
  Scratch<uint64_t> words_;
};

/** The rows of n E values. */
template <class Row>
Rows<Row> rowsOf(const uint64_t* e, size_t n) {
  Rows<Row> rows(n);
  for (size_t i = 0; i < n; i++) loadRow(rows[i], e + 3 * i);
  return rows;
}

/** Whether the active path's kernels take wide rows: it runs AVX2 (the avx2 and avx512 paths). */
inline bool wideRows() {
#if LEANVM_X86
  return activePath().avx2;
#else
  return false;
#endif
}

}  // namespace leanvm
