// The Flock reduction's verifier end to end (docs/protocol.md §10.4): the zerocheck's replay, then the
// lincheck's with its terminal identity, on a transcript that has already bound the commitment
// holding q_flock. What comes out is the claim ring switching consumes.
import type { VerifierState } from '../transcript/verifier-state';
import type { FlockReduction, MatrixTermClaim } from './lincheck/claim';
import { verifyLincheck } from './lincheck/verifier';
import { verifyZerocheck } from './zerocheck/verifier';

/** Replays both; throws a VerificationError when lincheck's terminal identity fails (its matrix
 * term checked at once, or handed to `onMatrix` to defer: verifyLincheck). */
export function verifyFlock(vs: VerifierState, nBlocksLog: number, onMatrix?: (c: MatrixTermClaim) => void): FlockReduction {
  const zerocheck = verifyZerocheck(vs, nBlocksLog);
  return { zerocheck, claim: verifyLincheck(zerocheck, vs, onMatrix) };
}
