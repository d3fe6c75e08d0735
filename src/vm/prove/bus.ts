// The bus argument's prover, the mirror of src/vm/verify/bus.ts (docs/protocol.md §11.3–§11.4):
// draw α and β, build the three trees' leaves (./leaves.ts, from the sides of
// src/vm/verify/sides.ts), prove their grand products (./gkr.ts), then send the framework
// values the verifier reads at ζ: the memory limbs and both final counts, each a column claim.
import type { Backend, DeviceBuffer } from '../../backend/backend';
import { type E, eAdd, eMul, eOne } from '../../field/e';
import { eqTable } from '../../poly/eq';
import type { ProverState } from '../../transcript/prover-state';
import type { VmShape } from '../layout';
import { leafLayout } from '../leaves';
import { BUS_BITS } from '../tables/bus';
import { BYTECODE_FINAL_CNT, MEM_0, MEM_FINAL_CNT } from '../tables/columns';
import type { ColumnClaim } from '../verify/claims';
import type { Fingerprint } from '../verify/sides';
import { proveGrandProducts } from './gkr';
import { busLeaves } from './leaves';

export interface BusProof {
  /** ζ, LSB first. */
  readonly zeta: Uint32Array;
  readonly fp: Fingerprint;
  /** The framework values' claims on the memory and final-count columns. */
  readonly claims: readonly ColumnClaim[];
}

/** The form of one column (coefficient 1). */
const COLUMN_FORM = { constant: new Uint32Array(6), a: Int32Array.of(0), b: Int32Array.of(-1), coeffs: Uint32Array.of(1, 0, 0, 0, 0, 0) };

/** MLE(column)(point) of K columns on `backend`: Σ_i eq(low, i)·(c_i + top·(c_i + c_{i+half}))
 * over the point's low coordinates and its top one, one eq table for them all and a pass of
 * pair sums each. */
async function mlesOn(backend: Backend, columns: readonly DeviceBuffer[], point: Uint32Array): Promise<E[]> {
  const vars = point.length / 6;
  const values: E[] = [];
  if (vars === 0) {
    for (const column of columns) values.push(await backend.vm.values([column]));
    return values;
  }
  const eq = await backend.eqTable(point.subarray(0, 6 * (vars - 1)), eOne());
  try {
    for (const column of columns) {
      const s = await backend.vm.formPairSums([column], COLUMN_FORM, eq, 2 ** (vars - 1));
      values.push(eAdd(s.subarray(0, 6), eMul(point.subarray(6 * (vars - 1)), s.subarray(6, 12))));
    }
    return values;
  } finally {
    backend.free(eq);
  }
}

/** Proves the bus over the run's `columns` (on `backend`) and the program multilinear `bytecode`. */
export async function proveBus(ps: ProverState, backend: Backend, shape: VmShape, columns: readonly DeviceBuffer[], bytecode: Uint32Array): Promise<BusProof> {
  const alphas = ps.sampleVec(BUS_BITS);
  const fp = { weights: eqTable(alphas), beta: ps.sample() };
  const depth = leafLayout(shape).depth;
  const gkr = await proveGrandProducts(ps, backend, await busLeaves(backend, shape, columns, bytecode, fp), depth);
  const zeta = gkr.point;
  const memLow = zeta.subarray(0, 6 * shape.logMemory), bcLow = zeta.subarray(0, 6 * shape.logBytecode);
  // The memory's four columns share their point (and eq table), sent before the bytecode's.
  const framework: [number[], Uint32Array][] = [[[MEM_0, MEM_0 + 1, MEM_0 + 2, MEM_FINAL_CNT], memLow], [[BYTECODE_FINAL_CNT], bcLow]];
  const claims: ColumnClaim[] = [];
  for (const [cols, point] of framework) {
    const values = await mlesOn(backend, cols.map((c) => columns[c]), point);
    cols.forEach((column, i) => {
      ps.addScalar(values[i]);
      claims.push({ column, point, value: values[i] });
    });
  }
  return { zeta, fp, claims };
}
