// Forms: polynomials of degree at most 2 in one table row's columns, with K coefficients. Every
// bus coordinate a row pushes or pulls is one (an address fp·g^o is a product of two columns, an
// incremented count g·cnt a scaled column, a MUL result a sum of limb products), and so is
// every AIR constraint. The prover evaluates them on a row of K values, the verifier on the
// columns' E evaluations at the table sumcheck's point.
import { type E, eMulAt, eMulKAt } from '../../field/e';
import { type K, kMulAt, kPow } from '../../field/k';

/** coeff · col[a] · col[b]; a or b is NONE for a missing factor (a constant is NONE, NONE). */
export interface Term {
  readonly coeff: K;
  readonly a: number;
  readonly b: number;
}

export const NONE = -1;

/** A sum of terms. */
export type Form = readonly Term[];

const G = Uint32Array.of(2, 0);
const gPowers = new Map<number, K>();

/** g^k in K, shared (the schema's coefficients are a handful of small powers). */
export function gPow(k: number): K {
  let v = gPowers.get(k);
  if (v === undefined) gPowers.set(k, (v = kPow(G, k)));
  return v;
}

const ONE = gPow(0);

/** The constant c (zero: the empty form). */
export function constant(c: K): Form {
  return c[0] === 0 && c[1] === 0 ? [] : [{ coeff: c, a: NONE, b: NONE }];
}

/** The column itself. */
export function col(a: number): Form {
  return [{ coeff: ONE, a, b: NONE }];
}

/** g^k · col[a]. */
export function gCol(a: number, k = 1): Form {
  return [{ coeff: gPow(k), a, b: NONE }];
}

/** g^k · col[a] · col[b]. */
export function product(a: number, b: number, k = 0): Form {
  return [{ coeff: gPow(k), a: Math.min(a, b), b: Math.max(a, b) }];
}

export function sum(...forms: Form[]): Form {
  return forms.flat();
}

/** The form on a row of K values (2 u32 per column, `row[2i..2i+2)` is column i). */
export function evalFormK(form: Form, row: Uint32Array): K {
  const acc = new Uint32Array(2), t = new Uint32Array(2);
  for (const { coeff, a, b } of form) {
    t[0] = coeff[0];
    t[1] = coeff[1];
    if (a !== NONE) kMulAt(t, 0, t, 0, row, 2 * a);
    if (b !== NONE) kMulAt(t, 0, t, 0, row, 2 * b);
    acc[0] ^= t[0];
    acc[1] ^= t[1];
  }
  return acc;
}

/** The form on E column values (6 u32 per column, packed). */
export function evalFormE(form: Form, values: Uint32Array): E {
  const acc = new Uint32Array(6), t = new Uint32Array(6);
  for (const { coeff, a, b } of form) {
    if (a === NONE) {
      t.fill(0);
      t[0] = coeff[0];
      t[1] = coeff[1];
    } else {
      eMulKAt(t, 0, values, 6 * a, coeff, 0);
      if (b !== NONE) eMulAt(t, 0, t, 0, values, 6 * b);
    }
    for (let i = 0; i < 6; i++) acc[i] ^= t[i];
  }
  return acc;
}
