// The prover of the table sumcheck (src/vm/verify/table-sumcheck.ts is its verifier): one
// back-loaded sumcheck over the six tables, binding the variables top first. Table t's summand
// on its 2^τ_t rows is eq(ζ_<τ_t, x)·S_t(x), S_t its constraints on their ξ powers plus its
// weighted bus blocks (./table-forms.ts); before its own variables are reached a table sits at
// the all-ones corner of the higher ones, so a round's polynomial gets X·weight·σ_t from it,
// σ_t = Σ_x eq·S_t. Rounds are degree 3, sent as c0, c2, c3; the prover then sends every
// column's value at its table's point.
import { type E, eAdd, eMul, eMulAt, eOne } from '../../field/e';
import { foldTop } from '../../poly/fold';
import { eqTable } from '../../poly/eq';
import type { ProverState } from '../../transcript/prover-state';
import { NONE } from '../tables/form';
import type { EForm } from './eform';

/** A table's columns as E values (2^n packed E each). */
type ETable = Uint32Array[];

const T = new Uint32Array(6), U = new Uint32Array(6);

const toE = (k: Uint32Array): Uint32Array => {
  const out = new Uint32Array(3 * k.length);
  for (let i = 0; i < k.length / 2; i++) {
    out[6 * i] = k[2 * i];
    out[6 * i + 1] = k[2 * i + 1];
  }
  return out;
};

/** Σ_{i < 2^v} eq[i]·(s0, s1, s2) of S(lo_i + X·(lo_i + hi_i)), hi_i = i + 2^v; 18 words. */
function pairSums(form: EForm, cols: ETable, eq: Uint32Array, half: number): Uint32Array {
  const s = new Uint32Array(18);
  s.set(form.constant, 0);
  const a0 = new Uint32Array(6), da = new Uint32Array(6), b0 = new Uint32Array(6), db = new Uint32Array(6);
  const acc = new Uint32Array(18);
  for (const { coeff, a, b } of form.terms) {
    acc.fill(0);
    const ca = cols[a], cb = b === NONE ? null : cols[b];
    for (let i = 0; i < half; i++) {
      const lo = 6 * i, hi = 6 * (i + half);
      for (let t = 0; t < 6; t++) {
        a0[t] = ca[lo + t];
        da[t] = ca[lo + t] ^ ca[hi + t];
      }
      if (cb === null) {
        eMulAt(T, 0, a0, 0, eq, 6 * i);
        for (let t = 0; t < 6; t++) acc[t] ^= T[t];
        eMulAt(T, 0, da, 0, eq, 6 * i);
        for (let t = 0; t < 6; t++) acc[6 + t] ^= T[t];
        continue;
      }
      for (let t = 0; t < 6; t++) {
        b0[t] = cb[lo + t];
        db[t] = cb[lo + t] ^ cb[hi + t];
      }
      eMulAt(T, 0, a0, 0, b0, 0);
      eMulAt(T, 0, T, 0, eq, 6 * i);
      for (let t = 0; t < 6; t++) acc[t] ^= T[t];
      eMulAt(T, 0, a0, 0, db, 0);
      eMulAt(U, 0, da, 0, b0, 0);
      for (let t = 0; t < 6; t++) T[t] ^= U[t];
      eMulAt(T, 0, T, 0, eq, 6 * i);
      for (let t = 0; t < 6; t++) acc[6 + t] ^= T[t];
      eMulAt(T, 0, da, 0, db, 0);
      eMulAt(T, 0, T, 0, eq, 6 * i);
      for (let t = 0; t < 6; t++) acc[12 + t] ^= T[t];
    }
    for (let k = 0; k < 3; k++) {
      eMulAt(T, 0, acc, 6 * k, coeff, 0);
      for (let t = 0; t < 6; t++) s[6 * k + t] ^= T[t];
    }
  }
  return s;
}

/** σ = Σ_x eq(ζ_<n, x)·S(x) over a table's rows (E columns). */
function tableSum(form: EForm, cols: ETable, zeta: Uint32Array, n: number): E {
  const eq = eqTable(zeta.subarray(0, 6 * n));
  let sum: E = form.constant.slice();
  for (const { coeff, a, b } of form.terms) {
    const acc = new Uint32Array(6);
    for (let i = 0; i < 2 ** n; i++) {
      T.set(cols[a].subarray(6 * i, 6 * i + 6));
      if (b !== NONE) eMulAt(T, 0, T, 0, cols[b], 6 * i);
      eMulAt(T, 0, T, 0, eq, 6 * i);
      for (let t = 0; t < 6; t++) acc[t] ^= T[t];
    }
    sum = eAdd(sum, eMul(acc, coeff));
  }
  return sum;
}

/**
 * Runs the rounds on `ps` (ξ already drawn and folded into `forms`) and sends the columns'
 * values; returns each table's columns at its point (packed E, in column order) and the point.
 */
export function proveTableSumcheck(ps: ProverState, taus: readonly number[], columns: readonly (readonly Uint32Array[])[], forms: readonly EForm[], zeta: Uint32Array): { values: Uint32Array[]; point: Uint32Array } {
  const depth = Math.max(...taus);
  let tables: ETable[] = columns.map((cols) => cols.map(toE));
  const sigmas = tables.map((cols, t) => tableSum(forms[t], cols, zeta, taus[t]));
  const weights = taus.map(() => eOne());
  const point = new Uint32Array(6 * depth);
  for (let v = depth - 1; v >= 0; v--) {
    const p = new Uint32Array(24);
    const e0 = zeta.slice(6 * v, 6 * v + 6);
    e0[0] ^= 1; // eq(ζ_v, X) = (1 + ζ_v) + X
    const eq = eqTable(zeta.subarray(0, 6 * v));
    taus.forEach((tau, t) => {
      if (tau <= v) {
        eMulAt(T, 0, weights[t], 0, sigmas[t], 0);
        for (let i = 0; i < 6; i++) p[6 + i] ^= T[i];
        return;
      }
      const s = pairSums(forms[t], tables[t], eq, 2 ** v);
      const w = (k: number) => s.subarray(6 * k, 6 * k + 6);
      // (e0 + X)·(s0 + s1 X + s2 X²), times the table's weight.
      const q = [eMul(e0, w(0)), eAdd(w(0), eMul(e0, w(1))), eAdd(w(1), eMul(e0, w(2))), w(2)];
      q.forEach((c, k) => {
        eMulAt(T, 0, c, 0, weights[t], 0);
        for (let i = 0; i < 6; i++) p[6 * k + i] ^= T[i];
      });
    });
    ps.addRoundPoly(p, false);
    const r = ps.sample();
    point.set(r, 6 * v);
    const eqR = eAdd(e0, r);
    taus.forEach((tau, t) => (weights[t] = eMul(weights[t], tau > v ? eqR : r)));
    tables = tables.map((cols, t) => (taus[t] > v ? cols.map((c) => foldTop(c, 'E', r, new Uint32Array(c.length / 2))) : cols));
  }
  const values = tables.map((cols) => {
    const out = new Uint32Array(6 * cols.length);
    cols.forEach((c, i) => out.set(c.subarray(0, 6), 6 * i));
    ps.addScalars(out);
    return out;
  });
  return { values, point };
}
