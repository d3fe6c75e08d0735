import { type E, eKDot, eMulAt } from '../field/e';
import { ShapeError } from '../util/errors';
import { type Kind, WORDS } from './table';

const T = new Uint32Array(6);

/** Σ_i a[i]·b[i] for a K or E array `a` and an E array `b` of the same element count. */
export function innerProduct(a: Uint32Array, kind: Kind, b: Uint32Array): E {
  const w = WORDS[kind];
  const count = a.length / w;
  if (!Number.isInteger(count) || b.length !== 6 * count) {
    throw new ShapeError(`innerProduct: ${a.length} words of ${kind} and ${b.length} words of E are not arrays of equal length`);
  }
  if (w === 2) return eKDot(b, 0, a, 0, count);
  const acc = new Uint32Array(6);
  for (let i = 0; i < count; i++) {
    eMulAt(T, 0, a, 6 * i, b, 6 * i);
    for (let t = 0; t < 6; t++) acc[t] ^= T[t];
  }
  return acc;
}
