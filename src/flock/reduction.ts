// The Flock reduction end to end (PROTOCOL.md §10.3–10.4): zerocheck, then lincheck, on a
// transcript that has already bound the q_flock commitment. What comes out is the claim ring
// switching consumes: the 64 slice values s at the q_flock point `suffix`.
import type { Backend } from '../backend/backend';
import type { FlockColumns } from '../backend/flock-passes';
import type { ProverState } from '../transcript/prover-state';
import type { VerifierState } from '../transcript/verifier-state';
import { type FlockClaim, proveLincheck, proveLincheckOn } from './lincheck/prover';
import { verifyLincheck } from './lincheck/verifier';
import type { FlockWitness } from './witness';
import { type TailOptions, type ZerocheckClaim, proveZerocheck, proveZerocheckOn } from './zerocheck/prover';
import { verifyZerocheck } from './zerocheck/verifier';

export interface FlockProveOptions {
  /**
   * Run every block through the zerocheck and lincheck instead of summing the identical
   * padding tail once (same bytes; for testing that they are).
   */
  plain?: boolean;
}

export interface FlockReduction {
  readonly zerocheck: ZerocheckClaim;
  readonly claim: FlockClaim;
}

/** Zerocheck then lincheck for a witness whose z is the committed q_flock column. */
export function proveFlock(w: FlockWitness, ps: ProverState, opts: FlockProveOptions = {}): FlockReduction {
  const tail = tailOf(w, opts);
  const zerocheck = proveZerocheck({ a: w.a, b: w.b, c: w.z }, w.nBlocksLog, ps, tail);
  return { zerocheck, claim: proveLincheck(zerocheck, w.z, w.nBlocksLog, ps, tail) };
}

/** proveFlock (the same bytes) for the witness columns on `backend` (FlockPasses.witness). */
export async function proveFlockOn(backend: Backend, cols: FlockColumns, ps: ProverState, opts: FlockProveOptions = {}): Promise<FlockReduction> {
  // Every block from `live` on is a copy: `plain` proves them as live ones.
  const on = opts.plain ? { ...cols, live: 2 ** cols.nBlocksLog } : cols;
  const zerocheck = await proveZerocheckOn(backend, on, ps);
  return { zerocheck, claim: await proveLincheckOn(backend, zerocheck, on, ps) };
}

function tailOf(w: FlockWitness, opts: FlockProveOptions): TailOptions {
  const blocks = 2 ** w.nBlocksLog;
  return { live: opts.plain ? blocks : Math.min(w.live, blocks) };
}

/** Replays both; throws a VerificationError when lincheck's terminal identity fails. */
export function verifyFlock(vs: VerifierState, nBlocksLog: number): FlockReduction {
  const zerocheck = verifyZerocheck(vs, nBlocksLog);
  return { zerocheck, claim: verifyLincheck(zerocheck, vs) };
}
