// Forms with E coefficients: E-weighted sums of the tables' K forms (src/vm/tables/form.ts), as
// the prover combines them. A leaf of a table block is β + Σ_i eq(α, i)·t_i, one such form in
// the row's columns; the table sumcheck's summand of a table is a weighted sum of those over
// its blocks and sides, plus its constraints. Terms on the same column pair are merged; the
// kernels (src/backend/vm-kernels.ts) evaluate the result.
import type { VmForm } from '../../backend/vm-kernels';
import { type E, eMulKAt } from '../../field/e';
import { type Form, NONE } from '../tables/form';

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

  /** The form as the kernels take it. */
  build(): VmForm {
    // Terms that cancelled (a push and a pull of the same coordinate) are left out.
    const terms = [...this.terms.values()].filter((t) => t.coeff.some((w) => w !== 0));
    const coeffs = new Uint32Array(6 * terms.length);
    terms.forEach((t, i) => coeffs.set(t.coeff, 6 * i));
    return { constant: this.constant.slice(), a: Int32Array.from(terms, (t) => t.a), b: Int32Array.from(terms, (t) => t.b), coeffs };
  }
}
