// Multiplication by a fixed r ∈ E through precomputed byte tables. Folding by a challenge,
// building eq tables and evaluating MLEs multiply long arrays by one constant r. Since
// r·b = Σ_j Σ_k r·y^j·x^(8k)·byte_k(b_j), a table of r·y^j·x^(8k)·v (reduced, for every
// limb j, byte position k and byte value v) turns a product into eight lookups per K limb
// of b. A table costs about as much as 1000 generic E products (~0.3 ms), a table product
// about a quarter of a generic one. (Fixed K constants: see k-const.ts.)
import { ShapeError } from '../util/errors';
import { type E, eMulAt } from './e';
import { kMulAt } from './k';

/** Entry (j, k, v) at 6·(256·(8j + k) + v) holds r·y^j·v·x^(8k): multiplication by a fixed r ∈ E. */
export type EMulTable = Int32Array;

const X = Uint32Array.of(2, 0);
const Y = Uint32Array.of(0, 0, 1, 0, 0, 0);

/** Writes the 8 × 256 entries of m·v·x^(8k) (6 words each) from t[at]; leaves m·x^64 in m. */
function fillByteRows(t: Int32Array, at: number, m: Uint32Array): void {
  const w = 6;
  for (let k = 0; k < 8; k++) {
    const base = at + 256 * w * k;
    for (let i = 0; i < w; i++) t[base + i] = 0; // v = 0 (tables may be refilled)
    for (let bit = 1; bit < 256; bit <<= 1) {
      for (let i = 0; i < w; i++) t[base + w * bit + i] = m[i];
      for (let limb = 0; limb < w; limb += 2) kMulAt(m, limb, m, limb, X, 0); // x ∈ K acts limbwise
    }
    // Entries are linear in the byte: v = (v without its lowest bit) + its lowest bit.
    for (let v = 3; v < 256; v++) {
      const low = v & -v;
      if (low === v) continue;
      const d = base + w * v, s = base + w * (v ^ low), l = base + w * low;
      for (let i = 0; i < w; i++) t[d + i] = t[s + i] ^ t[l + i];
    }
  }
}

const E_TABLE_WORDS = 6 * 3 * 8 * 256;

/** The table of r (about 147 KB); pass `t` to refill an existing table instead of allocating one. */
export function eMulTable(r: E, t: EMulTable = new Int32Array(E_TABLE_WORDS)): EMulTable {
  if (t.length !== E_TABLE_WORDS) throw new ShapeError(`eMulTable: a table has ${E_TABLE_WORDS} words, got ${t.length}`);
  for (let j = 0; j < 3; j++) {
    const m = r.slice(0, 6); // r·y^j
    for (let i = 0; i < j; i++) eMulAt(m, 0, m, 0, Y, 0);
    fillByteRows(t, 6 * 256 * 8 * j, m);
  }
  return t;
}

/** out[o..o+6) = r·b for the r of the table and the first `limbs` limbs of b[bi..) (E: 3, K: 1). */
function eLookup(t: EMulTable, out: Uint32Array, o: number, b: Uint32Array, bi: number, limbs: number): void {
  let c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0;
  for (let j = 0; j < limbs; j++) {
    const lo = b[bi + 2 * j], hi = b[bi + 2 * j + 1];
    for (let k = 0; k < 8; k++) {
      const i = 6 * (256 * (8 * j + k) + (((k < 4 ? lo : hi) >>> (8 * (k & 3))) & 255));
      c0 ^= t[i];
      c1 ^= t[i + 1];
      c2 ^= t[i + 2];
      c3 ^= t[i + 3];
      c4 ^= t[i + 4];
      c5 ^= t[i + 5];
    }
  }
  out[o] = c0;
  out[o + 1] = c1;
  out[o + 2] = c2;
  out[o + 3] = c3;
  out[o + 4] = c4;
  out[o + 5] = c5;
}

/** out[o..o+6) = r·b for the r of the table and b = b[bi..bi+6) ∈ E; out may alias b. */
export function eMulByTable(t: EMulTable, out: Uint32Array, o: number, b: Uint32Array, bi: number): void {
  eLookup(t, out, o, b, bi, 3);
}

/** out[o..o+6) = r·k for the r of the table and k = k[ki..ki+2) ∈ K; out may overlap k. */
export function eMulKByTable(t: EMulTable, out: Uint32Array, o: number, k: Uint32Array, ki: number): void {
  eLookup(t, out, o, k, ki, 1);
}

/** out = r·b element-wise for a packed E array b (6n words); out may alias b. */
export function eMulArrayByConst(r: E, b: Uint32Array, out: Uint32Array): void {
  if (b.length % 6 !== 0 || out.length !== b.length) {
    throw new ShapeError(
      `eMulArrayByConst: need a word length that is a multiple of 6 and an equal-size output (b ${b.length}, out ${out.length})`,
    );
  }
  const t = eMulTable(r);
  for (let i = 0; i < b.length; i += 6) eMulByTable(t, out, i, b, i);
}
