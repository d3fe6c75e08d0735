// The prover of the table sumcheck (src/vm/verify/table-sumcheck.ts is its verifier): one
// back-loaded sumcheck over the six tables, binding the variables top first. Table t's summand
// on its 2^τ_t rows is eq(ζ_<τ_t, x)·S_t(x), S_t its constraints on their ξ powers plus its
// weighted bus blocks (./table-forms.ts); before its own variables are reached a table sits at
// the all-ones corner of the higher ones, so a round's polynomial gets X·weight·σ_t from it,
// σ_t = Σ_x eq·S_t. Rounds are degree 3, sent as c0, c2, c3; the prover then sends every
// column's value at its table's point. A table's first round reads its K columns as they are,
// its first binding of them is the one E copy, and later ones bind that in place; each binding
// is done by the next round's pair sums, in the same pass, and the last by the columns' values.
import type { Backend, DeviceBuffer, Elem } from '../../backend/backend';
import type { VmForm } from '../../backend/vm-kernels';
import { type E, eAdd, eMul, eOne } from '../../field/e';
import type { ProverState } from '../../transcript/prover-state';

interface TableState {
  columns: DeviceBuffer[];
  elem: Elem;
  /** The buffer the bound columns are views of, from the table's first binding on. */
  bound?: DeviceBuffer;
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

/** Where a table's columns go bound to `half` values: a table's first binding makes one E
 * buffer for all of them; later ones bind them in place. */
async function boundColumns(backend: Backend, t: TableState, half: number): Promise<DeviceBuffer[]> {
  if (t.elem === 'K') t.bound = await backend.alloc('E', half * t.columns.length);
  return t.columns.map((c, i) => backend.vm.view(t.elem === 'K' ? t.bound! : c, t.elem === 'K' ? half * i : 0, half));
}

/**
 * Runs the rounds on `ps` (ξ already drawn and folded into `forms`) and sends the columns'
 * values; returns each table's columns at its point (packed E, in column order) and the point.
 * The columns are K buffers of `backend`; the bound columns and eq tables are freed at the end.
 */
export async function proveTableSumcheck(ps: ProverState, backend: Backend, taus: readonly number[], columns: readonly (readonly DeviceBuffer[])[], forms: readonly VmForm[], zeta: Uint32Array): Promise<{ values: Uint32Array[]; point: Uint32Array }> {
  const { vm } = backend;
  const depth = Math.max(...taus);
  const tables: TableState[] = columns.map((cols) => ({ columns: [...cols], elem: 'K' }));
  // eq(ζ_<v, ·) for a round binding variable v.
  let eq: { vars: number; buf: DeviceBuffer } | undefined;
  const pairSums = async (t: number, v: number): Promise<Uint32Array> => {
    if (eq?.vars !== v) {
      if (eq !== undefined) backend.free(eq.buf);
      eq = undefined;
      eq = { vars: v, buf: await backend.eqTable(zeta.subarray(0, 6 * v), eOne()) };
    }
    const tb = tables[t];
    if (tb.pending === undefined) return vm.formPairSums(tb.columns, forms[t], eq.buf, 2 ** v);
    const out = await boundColumns(backend, tb, 2 ** (v + 1));
    const sums = await vm.formPairSums(tb.columns, forms[t], eq.buf, 2 ** v, { r: tb.pending, out });
    [tb.columns, tb.elem, tb.pending] = [out, 'E', undefined];
    return sums;
  };
  try {
    // A table's first round sums depend on its columns and ζ alone, so they are taken up front:
    // they give σ_t (its two ends, eq-weighted) for the rounds before it joins. A one-row table
    // never joins: σ_t is its form on that row.
    const first: (Uint32Array | null)[] = [];
    const sigmas: E[] = [];
    for (let t = 0; t < taus.length; t++) {
      if (taus[t] === 0) {
        const row = await backend.alloc('E', 1);
        await vm.formRows(tables[t].columns, forms[t], 1, row, 0);
        first.push(null);
        sigmas.push(await backend.download(row));
        backend.free(row);
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
    const values: Uint32Array[] = [];
    for (const tb of tables) {
      const out = await vm.values(tb.columns, tb.pending);
      ps.addScalars(out);
      values.push(out);
    }
    return { values, point };
  } finally {
    if (eq !== undefined) backend.free(eq.buf);
    for (const tb of tables) if (tb.bound !== undefined) backend.free(tb.bound);
  }
}
