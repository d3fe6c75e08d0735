// An F2-linear map M: E → E (ring switching's Φ is one) by byte tables: M is fixed by its images of
// the 192 bit-basis vectors b_w (w < 64: (x^w, 0, 0), then limb 1, limb 2), and the sums of those
// images over each byte's set bits evaluate M with 24 lookups a value.
import { ShapeError } from '../util/errors';

const E_BITS = 192;
const E_BYTES = 24;
/** Words of the byte tables: 24 tables × 256 entries × 6 words. */
export const E_LINEAR_TABLE_WORDS = 6 * 256 * E_BYTES;

/**
 * Subset sums of the coordinate weights cw[w] = M(b_w) per byte of an E element: table t (< 24) entry v is
 * Σ_{bits i of v} cw[8t + i], at word offset 6·(256t + v). M(e) is then 24 lookups and XORs.
 */
export function eLinearTables(cw: Uint32Array): Uint32Array {
  if (cw.length !== 6 * E_BITS) throw new ShapeError(`eLinearTables: need ${E_BITS} coordinate weights (${6 * E_BITS} words), got ${cw.length} words`);
  const tables = new Uint32Array(E_LINEAR_TABLE_WORDS);
  for (let t = 0; t < E_BYTES; t++) {
    const base = 6 * 256 * t;
    for (let v = 1; v < 256; v++) {
      // v = (v without its lowest bit) + that bit: one earlier entry plus one weight.
      const low = 31 - Math.clz32(v & -v);
      const prev = base + 6 * (v & (v - 1));
      const weight = 6 * (8 * t + low);
      const o = base + 6 * v;
      for (let i = 0; i < 6; i++) tables[o + i] = tables[prev + i] ^ cw[weight + i];
    }
  }
  return tables;
}

/** out[o..o+6) = M(src[si..si+6)) by the byte tables; src may be out (it is read first). */
export function eLinearAt(tables: Uint32Array, src: Uint32Array, si: number, out: Uint32Array, o: number): void {
  let a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0;
  for (let word = 0; word < 6; word++) {
    const x = src[si + word];
    for (let b = 0; b < 4; b++) {
      const e = 6 * (256 * (4 * word + b) + ((x >>> (8 * b)) & 0xff));
      a0 ^= tables[e];
      a1 ^= tables[e + 1];
      a2 ^= tables[e + 2];
      a3 ^= tables[e + 3];
      a4 ^= tables[e + 4];
      a5 ^= tables[e + 5];
    }
  }
  out[o] = a0;
  out[o + 1] = a1;
  out[o + 2] = a2;
  out[o + 3] = a3;
  out[o + 4] = a4;
  out[o + 5] = a5;
}
