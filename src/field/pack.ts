// Packing GF(2) vectors into K words (docs/protocol.md §1.4, LOG_PACKING = 6): bit i of K word y is
// z[64y + i]. The low six boolean coordinates become the bit position inside a word. As
// u32 pairs [lo, hi] that is simply bit j of u32 word w = z[32w + j].
import { ShapeError } from '../util/errors';

export const LOG_PACKING = 6;

/** Packs bits (each 0 or 1; a multiple of 64 of them) into K words, 2 u32 per word. */
export function packBits(z: Uint8Array): Uint32Array {
  if (z.length % 64 !== 0) throw new ShapeError(`packBits: need a multiple of 64 bits, got ${z.length}`);
  const out = new Uint32Array(z.length / 32);
  for (let i = 0; i < z.length; i++) {
    const bit = z[i];
    if (bit > 1) throw new ShapeError(`packBits: entry ${i} is ${bit}, not a bit`);
    out[i >>> 5] |= bit << (i & 31);
  }
  return out;
}

/** The bits of packed K words (2n u32), 64n of them, in packing order. */
export function unpackBits(words: Uint32Array): Uint8Array {
  if (words.length % 2 !== 0) throw new ShapeError(`unpackBits: need whole K words (an even u32 count), got ${words.length}`);
  const z = new Uint8Array(words.length * 32);
  for (let i = 0; i < z.length; i++) z[i] = (words[i >>> 5] >>> (i & 31)) & 1;
  return z;
}
