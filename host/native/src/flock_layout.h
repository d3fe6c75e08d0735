// The positions of Flock's BLAKE2s circuit in a block of 2^14 bits, as src/kernels/flock/layout.ts
// lays them out: the witness writes them (flock_witness.cc), the lincheck's walk reads them
// backwards (flock_walk.cc).
#pragma once
#include <cstdint>

namespace leanvm {

constexpr int H_BASE = 0, OUT_BASE = 256, CONST_POS = 512, M_BASE = 640;
constexpr int T_LO_BASE = 1152, T_HI_BASE = 1184, F0_BASE = 1216, F1_BASE = 1248;
constexpr int GS_BASE = 1280, G_STRIDE = 184;
/** Offsets of a G's four adds inside its rows: a1 = a + b + mx, c1 = c + d1, a2, c2. */
constexpr int G_A1 = 0, G_C1 = 61, G_A2 = 92, G_C2 = 153;
/** Carry rows of a two-input add (bit 31's carry-out is dropped). */
constexpr int ADD_ROWS = 31;
constexpr int ROUNDS = 10, G_PER_ROUND = 8;
/** Bits of a block. */
constexpr int BLOCK_BITS = 1 << 14;
/** Lanes (a, b, c, d) of the eight G calls of a round: four columns, then four diagonals. */
constexpr uint8_t G_LANES[8][4] = {{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15},
                                   {0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14}};

}  // namespace leanvm
