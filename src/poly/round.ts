// The message of one round of a product sumcheck Σ_x f(x)·b(x) over one variable: the
// round polynomial h(X) = Σ (f_lo + X(f_lo+f_hi))·(b_lo + X(b_lo+b_hi)) has degree 2, and the
// "plain" convention sends c0 = h(0) and c2 (the X² coefficient); c1 = claim + c2 follows
// from h(0) + h(1) = claim (characteristic 2).
import { eMulAt, eMulKAt } from '../field/e';
import { ShapeError } from '../util/errors';
import { checkBit, pairLo } from './fold';
import { type Kind, WORDS, checkOut, tableVars } from './table';

const F = new Uint32Array(6);
const B = new Uint32Array(6);
const P = new Uint32Array(6);

/**
 * Writes c0 (words 0..6) and c2 (words 6..12) of the round over variable `bit` to `out`,
 * for f a K or E table and b an E table of the same size.
 */
export function roundMessage(f: Uint32Array, kind: Kind, b: Uint32Array, bit: number, out: Uint32Array = new Uint32Array(12)): Uint32Array {
  const n = checkBit(f, kind, bit, 'roundMessage');
  if (tableVars(b, 'E', 'roundMessage') !== n) {
    throw new ShapeError(`roundMessage: f has 2^${n} elements but b has ${b.length / 6}`);
  }
  checkOut(out, 12, 'roundMessage');
  out.fill(0);
  const w = WORDS[kind];
  const step = 1 << bit;
  const half = 1 << (n - 1);
  for (let j = 0; j < half; j++) {
    const i = pairLo(j, bit);
    const flo = w * i, fhi = flo + w * step;
    const blo = 6 * i, bhi = blo + 6 * step;
    for (let t = 0; t < w; t++) F[t] = f[flo + t] ^ f[fhi + t];
    for (let t = 0; t < 6; t++) B[t] = b[blo + t] ^ b[bhi + t];
    if (w === 6) {
      eMulAt(P, 0, f, flo, b, blo);
      for (let t = 0; t < 6; t++) out[t] ^= P[t];
      eMulAt(P, 0, F, 0, B, 0);
    } else {
      eMulKAt(P, 0, b, blo, f, flo);
      for (let t = 0; t < 6; t++) out[t] ^= P[t];
      eMulKAt(P, 0, B, 0, F, 0);
    }
    for (let t = 0; t < 6; t++) out[6 + t] ^= P[t];
  }
  return out;
}
