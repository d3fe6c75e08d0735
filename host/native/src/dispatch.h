// The instruction-set paths: a field table and a hash table each, the best one this CPU
// runs chosen at load time; tests and benches may switch to any other supported one.
#pragma once
#include <cstddef>

#include "kernels.h"

namespace leanvm {

struct Path {
  const char* name;
  const FieldKernels* field;
  const HashKernels* hash;
  /** Its CPU runs AVX2: the byte-table kernels take 32-byte rows (e_rows.h). */
  bool avx2;
  /** Its CPU runs GFNI on AVX-512: mapByTables and the zerocheck entries take the affine form (map_affine.h). */
  bool affine;
};

/** The compiled candidates (dispatch.cc): a bound for arrays of paths. */
constexpr size_t MAX_PATHS = 9;

/** The paths this CPU runs, best first (the portable one last). */
size_t supportedPaths(const Path** out, size_t capacity);

const Path& activePath();

/** Makes `name` the active path; false (nothing changes) if this CPU cannot run it. */
bool selectPath(const char* name);

}  // namespace leanvm
