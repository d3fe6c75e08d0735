// Each table's summand in the table sumcheck, as one form with E coefficients over its row:
//   S_t = Σ_c ξ^(base_t + c)·C_c + Σ_s ξ^(n_C + s)·Σ_{b of t on side s} sel_b(ζ)·(β_s + Σ_i eq(α_s, i)·t_{b,i}),
// its constraints C on a disjoint range of ξ's powers and its bus blocks on three shared ones
// (the count side has α = 0 and β = 0: its leaf is the count column itself).
import { type E, eMul } from '../../field/e';
import { selectorEq } from '../../pcs/stack/placement';
import { powers } from '../../pcs/whir/claims';
import type { VmShape } from '../layout';
import { blockSelector, leafLayout } from '../leaves';
import { col } from '../tables/form';
import { N_CONSTRAINTS, TABLE_SCHEMAS } from '../tables/schema';
import type { VmForm } from '../../backend/vm-kernels';
import { EFormBuilder } from './eform';
import { type Fingerprint, SIDES } from './leaves';

/** The six summands, for the bus's fingerprints (push and pull share one; count's is α = β = 0). */
export function tableForms(xi: E, shape: VmShape, zeta: Uint32Array, fp: Fingerprint): VmForm[] {
  const xiPow = powers(xi, N_CONSTRAINTS + SIDES.length);
  const at = (i: number) => xiPow.subarray(6 * i, 6 * i + 6);
  const layout = leafLayout(shape);
  const builders = TABLE_SCHEMAS.map(() => new EFormBuilder());
  let base = 0;
  TABLE_SCHEMAS.forEach((schema, t) => {
    schema.constraints.forEach((c, i) => builders[t].add(c, at(base + i)));
    base += schema.constraints.length;
  });
  SIDES.forEach((side, s) => {
    const tree = side === 'count' ? layout.count : layout[side];
    for (const b of tree.blocks) {
      if (b.kind === 'framework') continue;
      const weight = eMul(at(N_CONSTRAINTS + s), selectorEq(blockSelector(b), zeta.subarray(6 * b.logRows)));
      const builder = builders[b.table];
      if (b.kind === 'count') {
        builder.add(col(b.column), weight);
        continue;
      }
      builder.addConstant(eMul(weight, fp.beta));
      TABLE_SCHEMAS[b.table].interactions[b.interaction][side as 'push' | 'pull'].forEach((f, i) => builder.add(f, eMul(weight, fp.weights.subarray(6 * i, 6 * i + 6))));
    }
  });
  return builders.map((b) => b.build());
}
