// The Flock reduction's prover end to end (docs/protocol.md §10.3; its verifier is ./verify.ts):
// zerocheck, then lincheck, on a transcript that has already bound the q_flock commitment. What
// comes out is the claim ring switching consumes: the 64 slice values s at the q_flock point.
import type { Backend } from '../backend/backend';
import type { DoneWith, FlockColumns } from '../backend/flock-passes';
import type { ProverState } from '../transcript/prover-state';
import type { FlockReduction } from './lincheck/claim';
import { proveLincheck, proveLincheckOn } from './lincheck/prover';
import type { FlockWitness } from '../kernels/flock/witness';
import { type TailOptions, proveZerocheck, proveZerocheckOn } from './zerocheck/prover';

export interface FlockProveOptions {
  /**
   * Run every block through the zerocheck and lincheck instead of summing the identical
   * padding tail once (same bytes; for testing that they are).
   */
  plain?: boolean;
  /** On the backend: called with columns a and b once the zerocheck's tables are made
   * (FlockPasses.zerocheckTables), so they can be freed before the lincheck. */
  doneWith?: DoneWith;
  /** On the backend: runs each half (a prover that reports them as stages, src/backend/stages.ts). */
  stage?: <T>(name: 'zerocheck' | 'lincheck', body: () => Promise<T>) => Promise<T>;
}

/** Zerocheck then lincheck for a witness whose z is the committed q_flock column. */
export function proveFlock(w: FlockWitness, ps: ProverState, opts: FlockProveOptions = {}): FlockReduction {
  const tail = tailOf(w, opts);
  const zerocheck = proveZerocheck({ a: w.a, b: w.b, c: w.z }, w.nBlocksLog, ps, tail);
  return { zerocheck, claim: proveLincheck(zerocheck, w.z, w.nBlocksLog, ps, tail) };
}

/** proveFlock (the same bytes) for the witness columns on `backend` (FlockPasses.witness): the
 * one entry the hash batch and the VM prover share. */
export async function proveFlockOn(backend: Backend, cols: FlockColumns, ps: ProverState, opts: FlockProveOptions = {}): Promise<FlockReduction> {
  // Every block from `live` on is a copy: `plain` proves them as live ones.
  const on = opts.plain ? { ...cols, live: 2 ** cols.nBlocksLog } : cols;
  const stage = opts.stage ?? ((_name, body) => body());
  const zerocheck = await stage('zerocheck', () => proveZerocheckOn(backend, on, ps, opts.doneWith));
  return { zerocheck, claim: await stage('lincheck', () => proveLincheckOn(backend, zerocheck, on, ps)) };
}

function tailOf(w: FlockWitness, opts: FlockProveOptions): TailOptions {
  const blocks = 2 ** w.nBlocksLog;
  return { live: opts.plain ? blocks : Math.min(w.live, blocks) };
}
