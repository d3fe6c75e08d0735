// The table sumcheck (leanVM-b constraints.rs): one back-loaded sumcheck over all six tables at
// once. Table t's summand on its 2^τ_t rows is
//   eq(ζ_<τ_t, x)·(Σ_c ξ^(base_t + c)·C_c(x) + Σ_s ξ^(n_C + s)·B_{s,t}(x)),
// its constraints C on a disjoint range of ξ's powers and its share B_{s,t} of each bus side on
// three shared ones, so the sum is Σ_s ξ^(n_C + s)·total_s (constraints vanish on every row).
// Rounds bind the variables top first, max τ of them, degree 3 (3 coefficients sent); a table
// joins when its own variables are reached, weighted by the challenges of the variables above it
// (it sits at their all-ones corner). The prover then sends every table column's value at the
// table's point; the AIR terminal identity checks them against the last round's claim.
import { type E, eAdd, eEq, eInv, eIsZero, eMul, eOne, eZero } from '../../field/e';
import { evalRoundPoly, powers } from '../../pcs/whir/claims';
import { VerificationError } from '../../transcript/errors';
import type { VerifierState } from '../../transcript/verifier-state';
import type { VmShape } from '../layout';
import { TABLE_BASES } from '../tables/columns';
import { evalFormE } from '../tables/form';
import { N_CONSTRAINTS, TABLE_SCHEMAS } from '../tables/schema';
import { type BusResult, tableShare } from './bus';
import type { ColumnClaim } from './claims';
import { AIR_TERMINAL_FAILS, type BytecodeClaim } from './deferred';

/**
 * Draws ξ, runs the sumcheck and returns every table column's claim (in global order) and the
 * bytecode share's claim. With the share v given (evaluated natively), the sumcheck runs on its
 * true claim. Deferred (no v), it runs on the claim less b·v (bus.shareWeights): a round maps the
 * claim c to poly_c(r) = poly_0(r) + r·c, so the last claim is a + b·v, b those weights times the
 * challenges, and the terminal identity holds for exactly one v, the claim handed on
 * (./deferred.ts). Where b = 0 (probability ≈ 2^-190) the terminal must equal a and the claim is
 * the trivially true (0, 0) (P's slot 0 is zero).
 */
export function verifyTableSumcheck(vs: VerifierState, shape: VmShape, bus: BusResult, share?: E): { claims: ColumnClaim[]; bytecode: BytecodeClaim } {
  const xi = powers(vs.sample(), N_CONSTRAINTS + bus.totals.length);
  const xiAt = (i: number): E => xi.subarray(6 * i, 6 * i + 6);
  let claim = eZero();
  let shareWeight = eZero();
  bus.totals.forEach((t, s) => (claim = eAdd(claim, eMul(xiAt(N_CONSTRAINTS + s), t))));
  bus.shareWeights.forEach((w, s) => (shareWeight = eAdd(shareWeight, eMul(xiAt(N_CONSTRAINTS + s), w))));
  if (share !== undefined) {
    claim = eAdd(claim, eMul(shareWeight, share));
    shareWeight = eZero();
  }

  const depth = Math.max(...shape.taus);
  if (bus.point.length < 6 * depth) throw new RangeError(`table sumcheck: ζ has ${bus.point.length / 6} coordinates, the tables need ${depth}`);
  const point = new Uint32Array(6 * depth);
  const weights = shape.taus.map(() => eOne());
  for (let v = depth - 1; v >= 0; v--) {
    const poly = vs.nextRoundPoly(4, claim, null);
    const r = vs.sample();
    point.set(r, 6 * v);
    claim = evalRoundPoly(poly, r);
    shareWeight = eMul(shareWeight, r);
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
  if (share !== undefined || eIsZero(shareWeight)) {
    if (!eEq(terminal, claim)) throw new VerificationError(AIR_TERMINAL_FAILS);
    if (share !== undefined) return { claims, bytecode: { point: bus.sharePoint, value: share } };
    return { claims, bytecode: { point: new Uint32Array(bus.sharePoint.length), value: eZero() } };
  }
  return { claims, bytecode: { point: bus.sharePoint, value: eMul(eAdd(terminal, claim), eInv(shareWeight)) } };
}
