// F2-linear maps into E in affine form (GFNI on AVX-512): a map from nIn input bytes to the
// 24 bytes of an E value as 24 × nIn blocks of 8 × 8 bits, output byte j the XOR over input
// bytes i of block (j, i) applied to byte i. mapByTables (E → E, 24 input bytes) and the
// zerocheck's entries (a pair of words → E, 16 input bytes) take this form.
#pragma once
#include <cstddef>
#include <cstdint>

#include "memory.h"
#include "target.h"

namespace leanvm {

/** The blocks of the map whose input bit b of byte i has the image images[3·(8i + b) ..] (an E
 * value), nIn = images.size() / 24, block (j, i) at nIn·j + i in GF2P8AFFINEQB's form: byte
 * 7 − b holds the input bits of output bit b. */
Scratch<uint64_t> affineBlocks(const Scratch<uint64_t>& images);

/** The images of byte tables (tables[256t + β] a linear byte table's E value of β): input
 * byte t's bit b is row 1 << b of table t. */
Scratch<uint64_t> tableImages(const uint64_t* tables, size_t nTables);

#if LEANVM_X86
/** buf[v] = the 24-byte map of buf[v] for v in [from, to), from a multiple of 64; needs GFNI
 * and AVX-512 VBMI. */
void mapByAffine(const uint64_t* blocks, uint64_t* buf, size_t from, size_t to);

/** out[v] = the 16-byte map of words in[2v], in[2v + 1] for v in [from, to), from a multiple
 * of 64; needs GFNI and AVX-512 VBMI. */
void pairsByAffine(const uint64_t* blocks, const uint64_t* in, uint64_t* out, size_t from, size_t to);
#endif

}  // namespace leanvm
