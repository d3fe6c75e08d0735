// The table sumcheck (leanVM-b constraints.rs): one back-loaded sumcheck over all six tables at
// once. Table t's summand on its 2^τ_t rows is
//   eq(ζ_<τ_t, x)·(Σ_c ξ^(base_t + c)·C_c(x) + Σ_s ξ^(n_C + s)·B_{s,t}(x)),
// its constraints C on a disjoint range of ξ's powers and its share B_{s,t} of each bus side on
// three shared ones, so the sum is Σ_s ξ^(n_C + s)·total_s (constraints vanish on every row).
// Rounds bind the variables top first, max τ of them, degree 3 (3 coefficients sent); a table
// joins when its own variables are reached, weighted by the challenges of the variables above it
// (it sits at their all-ones corner). The prover then sends every table column's value at the
// table's point; the AIR terminal identity checks them against the last round's claim.
import { type E, eAdd, eEq, eMul, eOne, eZero } from '../../field/e';
import { evalRoundPoly, powers } from '../../pcs/whir/claims';
import { VerificationError } from '../../transcript/errors';
import type { VerifierState } from '../../transcript/verifier-state';
import type { VmShape } from '../layout';
import { TABLE_BASES } from '../tables/columns';
import { evalFormE } from '../tables/form';
import { N_CONSTRAINTS, TABLE_SCHEMAS } from '../tables/schema';
import { type BusResult, tableShare } from './bus';
import type { ColumnClaim } from './claims';

/** Draws ξ, runs the sumcheck and returns every table column's claim (in global order). */
export function verifyTableSumcheck(vs: VerifierState, shape: VmShape, bus: BusResult): ColumnClaim[] {
  const xi = powers(vs.sample(), N_CONSTRAINTS + bus.totals.length);
  const xiAt = (i: number): E => xi.subarray(6 * i, 6 * i + 6);
  let claim = eZero();
  bus.totals.forEach((t, s) => (claim = eAdd(claim, eMul(xiAt(N_CONSTRAINTS + s), t))));

  const depth = Math.max(...shape.taus);
  if (bus.point.length < 6 * depth) throw new RangeError(`table sumcheck: ζ has ${bus.point.length / 6} coordinates, the tables need ${depth}`);
  const point = new Uint32Array(6 * depth);
  const weights = shape.taus.map(() => eOne());
  for (let v = depth - 1; v >= 0; v--) {
    const poly = vs.nextRoundPoly(4, claim, null);
    const r = vs.sample();
    point.set(r, 6 * v);
    claim = evalRoundPoly(poly, r);
    const eq = eAdd(bus.point.subarray(6 * v, 6 * v + 6), r);
    eq[0] ^= 1;
    shape.taus.forEach((tau, t) => (weights[t] = eMul(weights[t], tau > v ? eq : r)));
  }

  let terminal = eZero();
  let base = 0;
  const claims: ColumnClaim[] = [];
  TABLE_SCHEMAS.forEach((schema, t) => {
    const values = vs.nextScalars(schema.columns.length);
    let summand = eZero();
    schema.constraints.forEach((c, i) => (summand = eAdd(summand, eMul(xiAt(base + i), evalFormE(c, values)))));
    base += schema.constraints.length;
    bus.sides.forEach((side, s) => (summand = eAdd(summand, eMul(xiAt(N_CONSTRAINTS + s), tableShare(side, t, values)))));
    terminal = eAdd(terminal, eMul(weights[t], summand));
    const at = point.subarray(0, 6 * shape.taus[t]);
    schema.columns.forEach((_, i) => claims.push({ column: TABLE_BASES[t] + i, point: at, value: values.subarray(6 * i, 6 * i + 6) }));
  });
  if (!eEq(terminal, claim)) throw new VerificationError("table sumcheck: the AIR terminal identity fails (the tables' column values do not give the last round's claim)");
  return claims;
}
