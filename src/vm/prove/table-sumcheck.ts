// The prover of the table sumcheck (src/vm/verify/table-sumcheck.ts is its verifier): one
// back-loaded sumcheck over the six tables, binding the variables top first. Table t's summand
// on its 2^τ_t rows is eq(ζ_<τ_t, x)·S_t(x), S_t its constraints on their ξ powers plus its
// weighted bus blocks (./table-forms.ts); before its own variables are reached a table sits at
// the all-ones corner of the higher ones, so a round's polynomial gets X·weight·σ_t from it,
// σ_t = Σ_x eq·S_t. Rounds are degree 3, sent as c0, c2, c3; the prover then sends every
// column's value at its table's point. A table's first round reads its K columns as they are,
// its first binding of them is the one E copy, and later ones bind that in place; each binding
// is done by the next round's pair sums, in the same pass.
import type { Elem } from '../../backend/backend';
import type { VmForm, VmKernels } from '../../backend/vm-kernels';
import { type E, eAdd, eMul, eOne } from '../../field/e';
import type { ProverState } from '../../transcript/prover-state';
import type { HostWords } from './host-words';

interface TableState {
  columns: Uint32Array[];
  elem: Elem;
  /** The array the bound columns are views of, from the table's first binding on. */
  bound?: Uint32Array;
  /** A challenge the columns' top variable is still to be bound at: the next round's pair sums
   * bind it in the same pass. */
  pending?: E;
}

const at = (v: Uint32Array, k: number): E => v.subarray(6 * k, 6 * k + 6);

/** eq(ζ_v, X) = e0 + X: e0 = 1 + ζ_v. */
function eqConstant(zeta: Uint32Array, v: number): E {
  const e0 = zeta.slice(6 * v, 6 * v + 6);
  e0[0] ^= 1;
  return e0;
}

/** Where a table's columns go bound to `half` values: a table's first binding takes its E
 * columns from `words`, one array for all; later ones bind them in place. */
function boundColumns(words: HostWords, t: TableState, half: number): Uint32Array[] {
  if (t.elem === 'K') t.bound = words.take(6 * half * t.columns.length);
  return t.columns.map((c, i) => (t.elem === 'K' ? t.bound!.subarray(6 * half * i, 6 * half * (i + 1)) : c.subarray(0, 6 * half)));
}

/** Binds the pending challenge into the columns (2·half rows) on its own, after the last round. */
async function bindPending(kernels: VmKernels, words: HostWords, t: TableState, half: number): Promise<void> {
  const out = boundColumns(words, t, half);
  for (let i = 0; i < out.length; i++) await kernels.fold(t.columns[i], t.elem, half, t.pending!, out[i]);
  [t.columns, t.elem, t.pending] = [out, 'E', undefined];
}

/**
 * Runs the rounds on `ps` (ξ already drawn and folded into `forms`) and sends the columns'
 * values; returns each table's columns at its point (packed E, in column order) and the point.
 * The bound columns and eq tables live in arrays from `words`, given back at the end.
 */
export async function proveTableSumcheck(ps: ProverState, kernels: VmKernels, words: HostWords, taus: readonly number[], columns: readonly (readonly Uint32Array[])[], forms: readonly VmForm[], zeta: Uint32Array): Promise<{ values: Uint32Array[]; point: Uint32Array }> {
  const depth = Math.max(...taus);
  const tables: TableState[] = columns.map((cols) => ({ columns: [...cols], elem: 'K' }));
  // eq(ζ_<v, ·) for a round binding variable v, in the first words of one array.
  const eqWords = words.take(6 << Math.max(depth - 1, 0));
  let eqVars = -1;
  const pairSums = async (t: number, v: number): Promise<Uint32Array> => {
    const eq = eqWords.subarray(0, 6 << v);
    if (eqVars !== v) await kernels.eqTable(zeta.subarray(0, 6 * v), eq);
    eqVars = v;
    const tb = tables[t];
    if (tb.pending === undefined) return kernels.formPairSums(tb.columns, tb.elem, forms[t], eq, 2 ** v);
    const out = boundColumns(words, tb, 2 ** (v + 1));
    const sums = await kernels.formPairSums(tb.columns, tb.elem, forms[t], eq, 2 ** v, { r: tb.pending, out });
    [tb.columns, tb.elem, tb.pending] = [out, 'E', undefined];
    return sums;
  };
  // A table's first round sums depend on its columns and ζ alone, so they are taken up front:
  // they give σ_t (its two ends, eq-weighted) for the rounds before it joins. A one-row table
  // never joins: σ_t is its form on that row.
  const first: (Uint32Array | null)[] = [];
  const sigmas: E[] = [];
  for (let t = 0; t < taus.length; t++) {
    if (taus[t] === 0) {
      const row = new Uint32Array(6);
      await kernels.formRows(tables[t].columns, forms[t], 1, row, 0);
      first.push(null);
      sigmas.push(row);
      continue;
    }
    const s = await pairSums(t, taus[t] - 1);
    const e0 = eqConstant(zeta, taus[t] - 1);
    const atOne = eAdd(at(s, 0), eAdd(at(s, 1), at(s, 2)));
    first.push(s);
    sigmas.push(eAdd(eMul(e0, at(s, 0)), eMul(eAdd(e0, eOne()), atOne)));
  }
  const weights = taus.map(() => eOne());
  const point = new Uint32Array(6 * depth);
  for (let v = depth - 1; v >= 0; v--) {
    const p = new Uint32Array(24);
    const add = (k: number, c: E) => {
      for (let i = 0; i < 6; i++) p[6 * k + i] ^= c[i];
    };
    const e0 = eqConstant(zeta, v);
    for (let t = 0; t < taus.length; t++) {
      if (taus[t] <= v) {
        add(1, eMul(weights[t], sigmas[t]));
        continue;
      }
      const s = taus[t] - 1 === v ? first[t]! : await pairSums(t, v);
      // (e0 + X)·(s0 + s1·X + s2·X²), times the table's weight.
      const q = [eMul(e0, at(s, 0)), eAdd(at(s, 0), eMul(e0, at(s, 1))), eAdd(at(s, 1), eMul(e0, at(s, 2))), at(s, 2)];
      q.forEach((c, k) => add(k, eMul(c, weights[t])));
    }
    ps.addRoundPoly(p, false);
    const r = ps.sample();
    point.set(r, 6 * v);
    const eqR = eAdd(e0, r);
    for (let t = 0; t < taus.length; t++) {
      weights[t] = eMul(weights[t], taus[t] > v ? eqR : r);
      if (taus[t] > v) tables[t].pending = r;
    }
  }
  for (const tb of tables) if (tb.pending !== undefined) await bindPending(kernels, words, tb, 1);
  words.give(eqWords);
  const values = tables.map((tb) => {
    const out = new Uint32Array(6 * tb.columns.length);
    tb.columns.forEach((c, i) => {
      if (tb.elem === 'E') out.set(c.subarray(0, 6), 6 * i);
      else out.set(c.subarray(0, 2), 6 * i);
    });
    ps.addScalars(out);
    if (tb.bound !== undefined) words.give(tb.bound);
    return out;
  });
  return { values, point };
}
