// zv[j] = MLE(z)(j, χ_out) = Σ_t eq(χ_out, t)·z_t[j]: the committed bits folded over the block
// index, one E value per block position j < 2^14 (docs/protocol.md §9.4). Blocks are taken eight at
// a time: the 256 subset sums of their eight weights are tabulated once, and the eight bits at
// position j (one per block) index that table. The identical padding tail adds its one block
// times the tail's eq mass.
import type { E } from '../../field/e';
import { ShapeError } from '../../util/errors';
import { eqTableFast } from './eq-table';
import { BLOCK_BITS, BLOCK_U32 } from './layout';

/** SPREAD4[n]: bit i of the nibble n moved to bit 8i. */
const SPREAD4 = new Int32Array(16);
for (let n = 0; n < 16; n++) for (let i = 0; i < 4; i++) SPREAD4[n] |= ((n >>> i) & 1) << (8 * i);

/** zv for 2^nBlocksLog blocks of the packed column z whose blocks from `live` on copy block `live`. */
export function foldBlocks(z: Uint32Array, nBlocksLog: number, live: number, chiOut: Uint32Array): Uint32Array {
  const blocks = 2 ** nBlocksLog;
  if (z.length !== blocks * BLOCK_U32) throw new ShapeError(`foldBlocks: z needs ${blocks * BLOCK_U32} u32 words, got ${z.length}`);
  checkPoint(nBlocksLog, chiOut);
  const eq = eqTableFast(chiOut), zv = new Uint32Array(6 * BLOCK_BITS);
  hostFoldBlocks(z, live, eq, zv);
  if (live < blocks) {
    const mass: E = new Uint32Array(6);
    for (let t = live; t < blocks; t++) for (let i = 0; i < 6; i++) mass[i] ^= eq[6 * t + i];
    addTail(z, live, mass, zv);
  }
  return zv;
}

export function checkPoint(nBlocksLog: number, chiOut: Uint32Array): void {
  if (chiOut.length !== 6 * nBlocksLog) throw new ShapeError(`foldBlocks: χ_out needs ${nBlocksLog} coordinates, got ${chiOut.length / 6}`);
}

/** zv += the first `live` blocks of z weighted by eq (native's foldBlocks the same). */
export function hostFoldBlocks(z: Uint32Array, live: number, eq: Uint32Array, zv: Uint32Array): void {
  const sub = new Uint32Array(6 * 256);
  for (let g = 0; g < live; g += 8) {
    // sub[β] = Σ of the weights of the blocks 8g + k with bit k of β set (blocks ≥ live weigh 0).
    for (let beta = 1; beta < 256; beta++) {
      const k = 31 - Math.clz32(beta & -beta), rest = 6 * (beta & (beta - 1));
      for (let t = 0; t < 6; t++) sub[6 * beta + t] = sub[rest + t] ^ (g + k < live ? eq[6 * (g + k) + t] : 0);
    }
    const at = g * BLOCK_U32;
    for (let i = 0; i < BLOCK_U32; i++) {
      const w0 = z[at + i], w1 = z[at + BLOCK_U32 + i], w2 = z[at + 2 * BLOCK_U32 + i], w3 = z[at + 3 * BLOCK_U32 + i];
      const w4 = z[at + 4 * BLOCK_U32 + i], w5 = z[at + 5 * BLOCK_U32 + i], w6 = z[at + 6 * BLOCK_U32 + i], w7 = z[at + 7 * BLOCK_U32 + i];
      for (let q = 0; q < 32; q += 4) {
        // Four positions at once: byte i of `bytes` = the eight blocks' bits at position 32i + q + i.
        const bytes = SPREAD4[(w0 >>> q) & 15] | (SPREAD4[(w1 >>> q) & 15] << 1) | (SPREAD4[(w2 >>> q) & 15] << 2)
          | (SPREAD4[(w3 >>> q) & 15] << 3) | (SPREAD4[(w4 >>> q) & 15] << 4) | (SPREAD4[(w5 >>> q) & 15] << 5)
          | (SPREAD4[(w6 >>> q) & 15] << 6) | (SPREAD4[(w7 >>> q) & 15] << 7);
        for (let b = 0; b < 4; b++) {
          const s = 6 * ((bytes >>> (8 * b)) & 255), o = 6 * (32 * i + q + b);
          zv[o] ^= sub[s]; zv[o + 1] ^= sub[s + 1]; zv[o + 2] ^= sub[s + 2];
          zv[o + 3] ^= sub[s + 3]; zv[o + 4] ^= sub[s + 4]; zv[o + 5] ^= sub[s + 5];
        }
      }
    }
  }
}

/** zv += block `live` of z times the identical padding tail's eq mass. */
export function addTail(z: Uint32Array, live: number, mass: E, zv: Uint32Array): void {
  const at = live * BLOCK_U32;
  for (let j = 0; j < BLOCK_BITS; j++) {
    if (((z[at + (j >>> 5)] >>> (j & 31)) & 1) === 0) continue;
    for (let i = 0; i < 6; i++) zv[6 * j + i] ^= mass[i];
  }
}
