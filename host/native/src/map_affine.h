// mapByTables in affine form (GFNI on AVX-512): an F2-linear map E → E as 24 × 24 blocks of
// 8 × 8 bits, output byte j the XOR over input bytes i of block (j, i) applied to byte i.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "target.h"

namespace leanvm {

/** The 576 blocks of the map whose byte tables are `tables` (24 × 256 E values, linear),
 * block (j, i) at 24j + i in GF2P8AFFINEQB's form: byte 7 − b holds the input bits of output bit b. */
std::vector<uint64_t> affineBlocks(const uint64_t* tables);

#if LEANVM_X86
/** buf[v] = the map of buf[v] for v in [from, to), from a multiple of 64; needs GFNI and AVX-512 VBMI. */
void mapByAffine(const uint64_t* blocks, uint64_t* buf, size_t from, size_t to);
#endif

}  // namespace leanvm
