// The node program a node is a proof of, as one record with the hint builder that makes its
// witness: the compiled program and what it reads besides the batch's hints (the in-VM child
// verifier's streams, src/workloads/recursion/guest/). One record, so a caller can never pair a
// program with another program's witness. Tests inject a stand-in; the default is the real
// programs/aggregate-node.py once it is built into the bundle with a pinned digest and has passed
// its acceptance checks (docs/recursion.md §10) — until then there is no default, and proving a
// node is refused (NodeProgramError), never done with a stand-in.
import type { E } from '../../field/e';
import type { Program } from '../../vm/program';
import { NodeProgramError } from './errors';
import type { NodeWitnessInput } from './node-prove';

export interface NodeProgram {
  readonly program: Program;
  /** The node program's own witness streams for one node (the batch's are added by proveNode). */
  readonly guestWitness: (input: NodeWitnessInput) => Map<string, E[][]>;
}

/** Why no node can be proved by default yet (docs/recursion.md §10). */
export const NODE_PROGRAM_INCOMPLETE =
  'the node program (programs/aggregate-node.py) is not complete yet: it verifies its children in the VM, but it is not built into this bundle with a pinned digest nor through its acceptance checks (16 children, cross-backend identity, the mutation suite), so no node is proved by default (docs/recursion.md §10)';

/** The node program every node is proved and verified against; NodeProgramError('incomplete') until it lands. */
export function defaultNodeProgram(): NodeProgram {
  throw new NodeProgramError('incomplete', NODE_PROGRAM_INCOMPLETE);
}

/** `given`, or the default node program (which may refuse). */
export const nodeProgramOr = (given: NodeProgram | undefined): NodeProgram => given ?? defaultNodeProgram();

/** The default node program, or why there is none. */
export function availableNodeProgram(): NodeProgram | NodeProgramError {
  try {
    return defaultNodeProgram();
  } catch (e) {
    if (e instanceof NodeProgramError) return e;
    throw e;
  }
}
