// eq(r, x) = Π_i (1 + r_i + x_i) over characteristic 2 (docs/protocol.md §0).
import { type E, eMulAt, eOne } from '../field/e';
import { ShapeError } from '../util/errors';
import { checkOut, pointVars } from './table';

/**
 * The eq table of r ∈ E^n (6n words): out[i] = eq(r, bits of i), 6·2^n words, built
 * LSB-first. Doubling step for r_k: the old entry e becomes e·(1 + r_k) = e + e·r_k at i and
 * e·r_k at i + 2^k, so each step costs one product per old entry.
 */
export function eqTable(r: Uint32Array, out: Uint32Array = new Uint32Array(6 << pointVars(r, 'eqTable'))): Uint32Array {
  const n = pointVars(r, 'eqTable');
  checkOut(out, 6 << n, 'eqTable');
  out.fill(0, 0, 6);
  out[0] = 1;
  for (let k = 0, size = 1; k < n; k++, size <<= 1) {
    const rk = 6 * k;
    for (let i = 0; i < size; i++) {
      const lo = 6 * i;
      const hi = 6 * (i + size);
      eMulAt(out, hi, out, lo, r, rk);
      for (let t = 0; t < 6; t++) out[lo + t] ^= out[hi + t];
    }
  }
  return out;
}

/** eq(r, x) for two points of E^n. */
export function eqEval(r: Uint32Array, x: Uint32Array): E {
  const n = pointVars(r, 'eqEval');
  if (pointVars(x, 'eqEval') !== n) throw new ShapeError(`eqEval: points differ in length (${n} and ${x.length / 6} coordinates)`);
  const acc = eOne();
  const factor = new Uint32Array(6);
  for (let i = 0; i < 6 * n; i += 6) {
    for (let t = 0; t < 6; t++) factor[t] = r[i + t] ^ x[i + t];
    factor[0] ^= 1;
    eMulAt(acc, 0, acc, 0, factor, 0);
  }
  return acc;
}
