// What the WHIR prover and verifier compute alike (docs/protocol.md §6.3–§6.4): powers of a batching
// challenge, a product sumcheck's round polynomial from its sums and its value, a query batch's enforced sum from its opened
// rows, and the query batch's weight in closed form at a point.
import { type E, eMulAt, eMulKAt } from '../../field/e';
import { columnWeightEval } from '../../poly/column-weight';
import { type Kind, WORDS } from '../../poly/table';
import { ShapeError } from '../../util/errors';

/** base^0, base^1, …, base^(n−1), packed (6n words). */
export function powers(base: E, n: number): Uint32Array {
  const out = new Uint32Array(6 * n);
  if (n > 0) out[0] = 1;
  for (let i = 1; i < n; i++) eMulAt(out, 6 * i, out, 6 * (i - 1), base, 0);
  return out;
}

/** The full round polynomial (c0, c1, c2) of a product sumcheck from roundSums' two sums
 * (c0, then c2) and the claim h(0) + h(1) = c1 + c2. */
export function roundPoly(sums: Uint32Array, claim: E): Uint32Array {
  const poly = new Uint32Array(18);
  poly.set(sums.subarray(0, 6), 0);
  poly.set(sums.subarray(6, 12), 12);
  for (let t = 0; t < 6; t++) poly[6 + t] = claim[t] ^ sums[6 + t];
  return poly;
}

/** h(x) for a round polynomial given by its packed coefficients, constant first (Horner). */
export function evalRoundPoly(coeffs: Uint32Array, x: E): E {
  const acc = coeffs.slice(coeffs.length - 6);
  for (let o = coeffs.length - 12; o >= 0; o -= 6) {
    eMulAt(acc, 0, acc, 0, x, 0);
    for (let t = 0; t < 6; t++) acc[t] ^= coeffs[o + t];
  }
  return acc;
}

/**
 * Σ_q coeffs_q · Σ_lane laneEq[lane]·row_q[lane]: the batch's claim on the folded table. Rows
 * hold K (level 0) or E (deeper) lane values; `descending` rows store lane b at index
 * len−1−b (level 0's leaf images and stored rows), and lanes past the row are zero.
 */
export function enforcedSum(rows: readonly Uint32Array[], kind: Kind, laneEq: Uint32Array, coeffs: Uint32Array, descending: boolean): E {
  if (coeffs.length !== 6 * rows.length) throw new ShapeError(`enforcedSum: ${rows.length} rows need as many coefficients, got ${coeffs.length / 6}`);
  const w = WORDS[kind];
  const total = new Uint32Array(6);
  const dot = new Uint32Array(6);
  const p = new Uint32Array(6);
  rows.forEach((row, q) => {
    const len = row.length / w;
    if (!Number.isInteger(len) || 6 * len > laneEq.length) throw new ShapeError(`enforcedSum: row ${q} of ${row.length} words does not fit ${laneEq.length / 6} lanes`);
    dot.fill(0);
    for (let j = 0; j < len; j++) {
      const lane = descending ? len - 1 - j : j;
      if (w === 6) eMulAt(p, 0, row, 6 * j, laneEq, 6 * lane);
      else eMulKAt(p, 0, laneEq, 6 * lane, row, 2 * j);
      for (let t = 0; t < 6; t++) dot[t] ^= p[t];
    }
    eMulAt(dot, 0, dot, 0, coeffs, 6 * q);
    for (let t = 0; t < 6; t++) total[t] ^= dot[t];
  });
  return total;
}

/** The query batch's weight at a point p: Σ_q coeffs_q · Π_k (1 + p_k·(1 + Ŵ_k(x_q))). */
export function queryWeightAt(queries: readonly number[], coeffs: Uint32Array, point: Uint32Array): E {
  const total = new Uint32Array(6);
  const x = new Uint32Array(2);
  queries.forEach((q, i) => {
    x[0] = q;
    const w = columnWeightEval(x, point);
    eMulAt(w, 0, w, 0, coeffs, 6 * i);
    for (let t = 0; t < 6; t++) total[t] ^= w[t];
  });
  return total;
}
