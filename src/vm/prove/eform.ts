// Forms with E coefficients: E-weighted sums of the tables' K forms (src/vm/tables/form.ts), as
// the prover combines them. A leaf of a table block is β + Σ_i eq(α, i)·t_i, one such form in
// the row's columns; the table sumcheck's summand of a table is a weighted sum of those over
// its blocks and sides, plus its constraints. Terms on the same column pair are merged.
import { type E, eMulAt, eMulKAt } from '../../field/e';
import { kMulAt } from '../../field/k';
import { type Form, NONE } from '../tables/form';

export interface ETerm {
  readonly coeff: Uint32Array;
  /** Column indices (a ≤ b), NONE for a missing factor. */
  readonly a: number;
  readonly b: number;
}

/** constant + Σ coeff·col[a]·col[b], a constant term folded into `constant`. */
export interface EForm {
  readonly constant: E;
  readonly terms: readonly ETerm[];
}

export class EFormBuilder {
  private readonly constant = new Uint32Array(6);
  private readonly terms = new Map<string, { coeff: Uint32Array; a: number; b: number }>();
  private readonly t = new Uint32Array(6);

  /** Adds the E constant c. */
  addConstant(c: E): this {
    for (let i = 0; i < 6; i++) this.constant[i] ^= c[i];
    return this;
  }

  /** Adds weight · form. */
  add(form: Form, weight: E): this {
    for (const { coeff, a, b } of form) {
      eMulKAt(this.t, 0, weight, 0, coeff, 0);
      if (a === NONE) {
        this.addConstant(this.t);
        continue;
      }
      const key = `${a},${b}`;
      let term = this.terms.get(key);
      if (term === undefined) this.terms.set(key, (term = { coeff: new Uint32Array(6), a, b }));
      for (let i = 0; i < 6; i++) term.coeff[i] ^= this.t[i];
    }
    return this;
  }

  /** The form, scaled by `weight` if given. */
  build(weight?: E): EForm {
    const scale = (c: Uint32Array) => {
      if (weight === undefined) return c.slice();
      const out = new Uint32Array(6);
      eMulAt(out, 0, c, 0, weight, 0);
      return out;
    };
    return { constant: scale(this.constant), terms: [...this.terms.values()].map((t) => ({ coeff: scale(t.coeff), a: t.a, b: t.b })) };
  }
}

/** Adds the terms of `forms` into one builder (their sum). */
export function sumForms(forms: readonly EForm[]): EForm {
  const constant = new Uint32Array(6);
  const terms = new Map<string, { coeff: Uint32Array; a: number; b: number }>();
  for (const f of forms) {
    for (let i = 0; i < 6; i++) constant[i] ^= f.constant[i];
    for (const t of f.terms) {
      const key = `${t.a},${t.b}`;
      let acc = terms.get(key);
      if (acc === undefined) terms.set(key, (acc = { coeff: new Uint32Array(6), a: t.a, b: t.b }));
      for (let i = 0; i < 6; i++) acc.coeff[i] ^= t.coeff[i];
    }
  }
  return { constant, terms: [...terms.values()] };
}

const P = new Uint32Array(2);
const T = new Uint32Array(6);

/** out[o..o+6) = the form on row i of K columns (2 u32 a value). */
export function evalEFormK(form: EForm, columns: readonly Uint32Array[], i: number, out: Uint32Array, o: number): void {
  out.set(form.constant, o);
  for (const { coeff, a, b } of form.terms) {
    const ca = columns[a];
    P[0] = ca[2 * i];
    P[1] = ca[2 * i + 1];
    if (b !== NONE) kMulAt(P, 0, P, 0, columns[b], 2 * i);
    eMulKAt(T, 0, coeff, 0, P, 0);
    for (let t = 0; t < 6; t++) out[o + t] ^= T[t];
  }
}
