// The portable path: plain C++ for every CPU, and the fallback for each SIMD path's tail.
#include <cstddef>
#include <cstdint>

#include "kernels.h"
#include "k_scalar.h"
#include "field_lanes.h"
#include "blake2s_lanes.h"

namespace leanvm {

const FieldKernels GENERIC_FIELD = fieldKernels<ScalarK>("portable C++ (nibble tables)");
const HashKernels SCALAR_HASH = hashKernels<ScalarLanes>("1 lane (scalar)");

}  // namespace leanvm
