// The BLAKE2s-compression R1CS block (docs/protocol.md §9.1–§9.2): one compression is one block of
// 2^14 bit positions, and each position is both a witness bit z[k] and the output of row k
// ((A_0 z)(k)·(B_0 z)(k) = z(k), C_0 = I). The positions below fix where every word lives;
// intermediate words are never stored: XORs and rotations are linear and stay symbolic.
import { ShapeError } from '../../util/errors';

/** log2 of the block: 2^14 bit positions per compression. */
export const K_LOG = 14;
export const BLOCK_BITS = 1 << K_LOG;
/** Univariate-skip / packing width: 64 bits per K word, 256 K words (512 u32) per block. */
export const K_SKIP = 6;
export const BLOCK_U32 = BLOCK_BITS >>> 5;

export const WORD_BITS = 32;
export const H_BASE = 0; // input chaining value h[0..8]
export const OUT_BASE = 256; // output h'[w] = h[w] ^ v[w] ^ v[w + 8]
export const CONST_POS = 512; // the constant wire, 1 in every block
export const M_BASE = 640; // message m[0..16]
export const T_LO_BASE = 1152;
export const T_HI_BASE = 1184;
export const F0_BASE = 1216;
export const F1_BASE = 1248;
export const GS_BASE = 1280; // 80 G blocks
export const G_STRIDE = 184;
export const ROUNDS = 10;
export const G_PER_ROUND = 8;
export const USEFUL_BITS = GS_BASE + ROUNDS * G_PER_ROUND * G_STRIDE; // 16000; the rest is empty rows

/** Carry rows of a two-input add (bit 31's carry-out is dropped). */
export const ADD_ROWS = 31;
/** Rows of a fused three-input add: 31 majority rows, then 30 ripple rows (bits 1..30). */
export const ADD3_ROWS = 61;

// Offsets of a G's four adds inside its 184 rows: a1 = a + b + mx, c1 = c + d1,
// a2 = a1 + b1 + my, c2 = c1 + d2.
export const G_A1 = 0;
export const G_C1 = 61;
export const G_A2 = 92;
export const G_C2 = 153;

/** Lanes (a, b, c, d) of the eight G calls of a round: four columns, then four diagonals. */
export const G_LANES: readonly (readonly [number, number, number, number])[] = [
  [0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15],
  [0, 5, 10, 15], [1, 6, 11, 12], [2, 7, 8, 13], [3, 4, 9, 14],
];

/** RFC 7693 message schedule; G number g of round r reads m[SIGMA[r][2g]], m[SIGMA[r][2g+1]]. */
export const SIGMA: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];

/** First row of G number g (0..79, g = 8·round + index in round). */
export function gBase(g: number): number {
  return GS_BASE + G_STRIDE * g;
}

/**
 * log2 of the block slots for n compressions: the next power of two of max(n, 8) (lincheck
 * needs at least 8 blocks).
 */
export function minNBlocksLog(n: number): number {
  if (!Number.isSafeInteger(n) || n < 1) throw new ShapeError(`minNBlocksLog: need at least one compression, got ${n}`);
  let log = 3;
  while (1 << log < n) log++;
  return log;
}

/** Variables of the packed column q_flock for 2^nBlocksLog blocks: m − 6 = 8 + nBlocksLog. */
export function qflockVars(nBlocksLog: number): number {
  return K_LOG - K_SKIP + nBlocksLog;
}
