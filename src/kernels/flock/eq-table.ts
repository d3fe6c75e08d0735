// eq tables and eq masses of hypercube prefixes, as the Flock provers need them.
import { type E, eMulAt, eOne } from '../../field/e';
import { eqTableSeeded } from '../../poly/bulk';
import { ShapeError } from '../../util/errors';

/**
 * eq(r, x) for every x (6·2^n words), LSB-first: entry i at 6i; r has n coordinates. With
 * `seeds` (m E values), the m tables seeds[s]·eq(r, ·) interleaved, entry (s, x) at 6(s + m·x):
 * the seeds stand for low coordinates that are not an eq, as lincheck's Lagrange weights are.
 * The bulk kernels' eqTableSeeded, with the Flock's errors.
 */
export function eqTableFast(r: Uint32Array, seeds: Uint32Array = eOne()): Uint32Array {
  if (r.length % 6 !== 0) throw new ShapeError(`eqTableFast: a point is whole E coordinates, got ${r.length} words`);
  if (seeds.length === 0 || seeds.length % 6 !== 0) throw new ShapeError(`eqTableFast: seeds are one or more E values, got ${seeds.length} words`);
  return eqTableSeeded(r, seeds);
}

/**
 * Σ_{x < count} eq(r, x) over the n-bit x (0 ≤ count ≤ 2^n). Such an x first falls below
 * count at a set bit k of count (x_k = 0, bits above equal), with the bits below free, whose
 * eq factors sum to 1: the sum is Σ_{k: count_k = 1} (1 + r_k)·Π_{j>k} eq(r_j, count_j).
 */
export function eqPrefixSum(r: Uint32Array, count: number): E {
  const n = r.length / 6;
  if (!Number.isInteger(n) || !Number.isInteger(count) || count < 0 || count > 2 ** n) {
    throw new ShapeError(`eqPrefixSum: count ${count} is outside [0, 2^${n}]`);
  }
  if (count === 2 ** n) return eOne();
  const acc = new Uint32Array(6), above = eOne(), f = new Uint32Array(6);
  for (let k = n - 1; k >= 0; k--) {
    f.set(r.subarray(6 * k, 6 * k + 6));
    const bit = Math.floor(count / 2 ** k) % 2;
    if (bit === 1) {
      f[0] ^= 1; // 1 + r_k
      eMulAt(f, 0, f, 0, above, 0);
      for (let t = 0; t < 6; t++) acc[t] ^= f[t];
      eMulAt(above, 0, above, 0, r, 6 * k); // eq(r_k, 1) = r_k
    } else {
      f[0] ^= 1;
      eMulAt(above, 0, above, 0, f, 0); // eq(r_k, 0) = 1 + r_k
    }
  }
  return acc;
}
