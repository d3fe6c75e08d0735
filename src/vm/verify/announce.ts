// The proof's first eight scalars: the sizes the prover chose (h, the six τ, log_inv_rate), each
// (n, 0, 0), and the bounds the verifier holds them to before it builds anything from them: the
// shape's own (src/vm/layout.ts) and the window of the stack they imply.
import { N_TABLES } from '../isa';
import { MAX_STACK_LOG, MIN_STACK_LOG, shapeProblem, stackLog, type VmShape } from '../layout';
import { VerificationError } from '../../transcript/errors';
import type { VerifierState } from '../../transcript/verifier-state';

export interface Announced {
  readonly shape: VmShape;
  readonly logInvRate: number;
}

/** Scalars announced: h, τ per table, log_inv_rate. */
export const ANNOUNCED_SCALARS = 2 + N_TABLES;

/** Reads and checks the announcement; `logBytecode` is the program's, not announced. */
export function readAnnounced(vs: VerifierState, logBytecode: number): Announced {
  const sizes = vs.nextScalars(ANNOUNCED_SCALARS);
  const values: number[] = [];
  for (let i = 0; i < ANNOUNCED_SCALARS; i++) {
    const w = sizes.subarray(6 * i, 6 * i + 6);
    if ((w[1] | w[2] | w[3] | w[4] | w[5]) !== 0) throw new VerificationError(`announced size ${i} is not a small integer (a nonzero high word or limb)`);
    values.push(w[0]);
  }
  const shape: VmShape = { logMemory: values[0], taus: values.slice(1, 1 + N_TABLES), logBytecode };
  const logInvRate = values[ANNOUNCED_SCALARS - 1];
  const problem = shapeProblem(shape, logInvRate);
  if (problem !== null) throw new VerificationError(`announced sizes: ${problem}`);
  const mu = stackLog(shape);
  if (mu < MIN_STACK_LOG || mu > MAX_STACK_LOG) throw new VerificationError(`announced sizes commit a stack of 2^${mu} words, outside 2^${MIN_STACK_LOG}..2^${MAX_STACK_LOG}`);
  return { shape, logInvRate };
}
