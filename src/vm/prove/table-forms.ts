// Each table's summand in the table sumcheck, as one form with E coefficients over its row:
//   S_t = Σ_c ξ^(base_t + c)·C_c + Σ_s ξ^(n_C + s)·Σ_{b of t on side s} sel_b(ζ)·(β_s + Σ_i eq(α_s, i)·t_{b,i}),
// its constraints C on a disjoint range of ξ's powers and its bus blocks on three shared ones
// (the count side has α = 0 and β = 0: its leaf is the count column itself).
import { type E, eMul } from '../../field/e';
import { powers } from '../../pcs/whir/claims';
import type { VmShape } from '../layout';
import { N_CONSTRAINTS, TABLE_SCHEMAS } from '../tables/schema';
import type { VmForm } from '../../backend/vm-kernels';
import { busSides, type Fingerprint } from '../verify/sides';
import { EFormBuilder } from './eform';

/** The six summands, for the bus's fingerprints (push and pull share one; count's is α = β = 0). */
export function tableForms(xi: E, shape: VmShape, zeta: Uint32Array, fp: Fingerprint): VmForm[] {
  const sides = busSides(shape, zeta, fp);
  const xiPow = powers(xi, N_CONSTRAINTS + sides.length);
  const at = (i: number) => xiPow.subarray(6 * i, 6 * i + 6);
  const builders = TABLE_SCHEMAS.map(() => new EFormBuilder());
  let base = 0;
  TABLE_SCHEMAS.forEach((schema, t) => {
    schema.constraints.forEach((c, i) => builders[t].add(c, at(base + i)));
    base += schema.constraints.length;
  });
  sides.forEach((side, s) => {
    for (const b of side.blocks) {
      const weight = eMul(at(N_CONSTRAINTS + s), b.selector);
      builders[b.table].addConstant(eMul(weight, side.beta));
      b.tuple.forEach((f, i) => builders[b.table].add(f, eMul(weight, side.weights.subarray(6 * i, 6 * i + 6))));
    }
  });
  return builders.map((b) => b.build());
}
