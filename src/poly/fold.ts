// Binding one variable of a table at a challenge r: new = lo + r·(lo + hi) = (1−r)·lo + r·hi
// (docs/protocol.md §0), where (lo, hi) are the entries whose index differs only in that bit.
import { type E, eMulAt, eMulKAt } from '../field/e';
import { ShapeError } from '../util/errors';
import { type Kind, WORDS, checkOut, tableVars } from './table';

const T = new Uint32Array(6);

/**
 * Index of `lo` for output j when binding `bit`: j's bits above `bit` move up one place.
 * The partner is lo | 2^bit.
 */
export function pairLo(j: number, bit: number): number {
  const below = (1 << bit) - 1;
  return ((j & ~below) << 1) | (j & below);
}

/** Throws unless 0 ≤ bit < n; returns n for a table of the given kind. */
export function checkBit(table: Uint32Array, kind: Kind, bit: number, what: string): number {
  const n = tableVars(table, kind, what);
  if (!Number.isInteger(bit) || bit < 0 || bit >= n) throw new ShapeError(`${what}: variable ${bit} is not one of the table's ${n}`);
  return n;
}

/**
 * Binds variable `bit` of `src` (K or E table of 2^n elements) at r ∈ E, writing the E table of
 * 2^(n−1) elements to `out`. For E input, out may be src itself (or its prefix): output j is
 * written only after every input at or below j has been read. K input must not overlap out.
 */
export function foldAt(src: Uint32Array, kind: Kind, bit: number, r: E, out: Uint32Array): Uint32Array {
  const n = checkBit(src, kind, bit, 'foldAt');
  const half = 1 << (n - 1);
  checkOut(out, 6 * half, 'foldAt');
  const w = WORDS[kind];
  const step = 1 << bit;
  for (let j = 0; j < half; j++) {
    const lo = w * pairLo(j, bit);
    const hi = lo + w * step;
    const o = 6 * j;
    for (let t = 0; t < w; t++) T[t] = src[lo + t] ^ src[hi + t];
    if (w === 6) eMulAt(T, 0, T, 0, r, 0);
    else eMulKAt(T, 0, r, 0, T, 0);
    // K entries are (k, 0, 0) in E, so only the first two words of lo are added.
    for (let t = 0; t < w; t++) out[o + t] = src[lo + t] ^ T[t];
    for (let t = w; t < 6; t++) out[o + t] = T[t];
  }
  return out;
}

/** Binds the lowest variable: pairs (2i, 2i+1). */
export function foldLow(src: Uint32Array, kind: Kind, r: E, out: Uint32Array): Uint32Array {
  return foldAt(src, kind, 0, r, out);
}

/** Binds the top variable: pairs (i, i + half). */
export function foldTop(src: Uint32Array, kind: Kind, r: E, out: Uint32Array): Uint32Array {
  return foldAt(src, kind, tableVars(src, kind, 'foldTop') - 1, r, out);
}
