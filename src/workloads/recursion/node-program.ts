// The node program a node is a proof of, as one record with the hint builder that makes its
// witness: the compiled program and what it reads besides the batch's hints (the in-VM child
// verifier's streams, src/workloads/recursion/guest/). One record, so a caller can never pair a
// program with another program's witness. The default is the built-in programs/aggregate-node.py
// (compiled-node.ts) with nodeWitness; tests may inject a stand-in (test/recursion/stand-in.ts),
// nothing else does.
import type { E } from '../../field/e';
import type { Program } from '../../vm/program';
import type { VmProofSummary } from '../../vm/verify/verify';
import { compiledNodeProgram } from './compiled-node';
import { nodeWitness } from './guest/node-witness';
import { childShapeProblem } from './guest/windows';
import type { NodeWitnessInput } from './node-prove';

export interface NodeProgram {
  readonly program: Program;
  /** The node program's own witness streams for one node (the batch's are added by proveNode). */
  readonly guestWitness: (input: NodeWitnessInput) => Map<string, E[][]>;
  /** Why the program cannot verify a child proof of this shape (a size outside its dispatch
   * windows), or null: checked before anything is proved. */
  readonly childShapeProblem: (summary: VmProofSummary, logBytecode: number) => string | null;
}

/** The node program every node is proved against unless a caller passes another. */
export const defaultNodeProgram = (): NodeProgram => ({ program: compiledNodeProgram(), guestWitness: nodeWitness, childShapeProblem });

/** `given`, or the default node program. */
export const nodeProgramOr = (given: NodeProgram | undefined): NodeProgram => given ?? defaultNodeProgram();
