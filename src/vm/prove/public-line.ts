// The public input's line, the prover's side of ../verify/public-line.ts (docs/protocol.md §11.5):
// at a drawn r each memory limb at (r, 0, …, 0) is p0 + r·(p0 + p1) in that limb, sent and
// returned as the three claims the opening discharges.
import { type E, eMulKAt } from '../../field/e';
import type { ProverState } from '../../transcript/prover-state';
import type { PublicInput } from '../public-input';
import { MEM_0 } from '../tables/columns';
import type { ColumnClaim } from '../verify/claims';

export function provePublicLine(ps: ProverState, publicInput: PublicInput, logMemory: number): ColumnClaim[] {
  const r = ps.sample();
  return [0, 1, 2].map((l) => {
    const p0 = publicInput[0].subarray(2 * l, 2 * l + 2), p1 = publicInput[1].subarray(2 * l, 2 * l + 2);
    const value: E = new Uint32Array(6);
    eMulKAt(value, 0, r, 0, Uint32Array.of(p0[0] ^ p1[0], p0[1] ^ p1[1]), 0);
    value[0] ^= p0[0];
    value[1] ^= p0[1];
    ps.addScalar(value);
    const point = new Uint32Array(6 * logMemory);
    point.set(r);
    return { column: MEM_0 + l, point, value };
  });
}
