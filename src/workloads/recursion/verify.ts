// Verifying an aggregate of either kind natively, with the fresh claims its proof raised
// (docs/recursion.md §6): a leaf as docs/xmss-aggregation.md §4; a node against the node program,
// its statement rebuilt from the caller's message and epoch, its keys, the node program's real
// digest and its claims' values recomputed at its points. The verdict carries what a parent
// batches: the proof's fresh claims (checked natively here) and a node's carried claims.
import { ProofFormatError, VerificationError } from '../../transcript/errors';
import { parseProof } from '../../transcript/proof';
import { bytecodeDigest, bytecodeHash, bytecodeMultilinear } from '../../vm/bytecode';
import type { Program } from '../../vm/program';
import type { PublicInput } from '../../vm/public-input';
import { nativeSink, recordingSink } from '../../vm/verify/deferred';
import { type VmProofSummary, verifyExecution, vmVerifierState } from '../../vm/verify/verify';
import { AggregateInputError } from '../xmss-aggregate/errors';
import { aggregationProgram } from '../xmss-aggregate/program';
import { checkKeyList, checkMessageEpoch, digestPublicInput, statementDigest } from '../xmss-aggregate/statement';
import type { TreeAggregate } from './aggregate-file';
import type { ChildClaims } from './batch';
import { bytecodeVars, type ClaimShape, MATRIX_VARS } from './claims';
import { AggregateFileError } from './errors';
import { compiledNodeProgram } from './compiled-node';
import { claimsAt } from './native-claims';
import { checkUnionKeys, nodePublicInput } from './statement';

/** The two programs of a tree: the leaf's and the node's (default: the pinned built-in ones). */
export interface TreePrograms {
  readonly leaf?: Program;
  readonly node?: Program;
}

export type TreeVerdict =
  | { valid: true; n: number; summary: VmProofSummary; claims: ChildClaims }
  | { valid: false; reason: string };

/** The point shapes of a tree's claims. */
export function treeShape(leaf: Program, node: Program): ClaimShape {
  return { leafVars: bytecodeVars(Math.log2(leaf.bytecode.length)), nodeVars: bytecodeVars(Math.log2(node.bytecode.length)) };
}

/** The VM verifier on `proof`, its deferred claims evaluated natively and kept. */
function verifyRecording(program: Program, pi: PublicInput, proofBytes: Uint8Array) {
  let proof;
  try {
    proof = parseProof(proofBytes);
  } catch (e) {
    if (e instanceof ProofFormatError) throw new AggregateFileError('proof', `the aggregate's proof is no VM proof: ${e.message}`);
    throw e;
  }
  const sink = recordingSink(nativeSink(bytecodeMultilinear(program)));
  try {
    return { valid: true as const, summary: verifyExecution(vmVerifierState(program, pi, proof), program, pi, proof, sink), fresh: sink.claims() };
  } catch (e) {
    if (e instanceof VerificationError) return { valid: false as const, reason: e.message };
    throw e;
  }
}

const keysProblem = (check: () => void): string | null => {
  try {
    check();
    return null;
  } catch (e) {
    if (e instanceof AggregateInputError) return `its key list: ${e.message}`;
    throw e;
  }
};

/**
 * Does `aggregate` prove that each of its keys signed (message, epoch)? A malformed message or
 * epoch throws AggregateInputError, proof bytes that are no proof AggregateFileError('proof');
 * everything else that fails is `{ valid: false }`.
 */
export function verifyTreeAggregate(aggregate: TreeAggregate, statement: { message: Uint8Array; epoch: number }, programs: TreePrograms = {}): TreeVerdict {
  const { message, epoch } = statement;
  checkMessageEpoch(message, epoch);
  const leaf = programs.leaf ?? aggregationProgram();
  if (aggregate.kind === 'leaf') {
    if (aggregate.programDigest !== bytecodeHash(leaf)) return { valid: false, reason: `a leaf of the program ${aggregate.programDigest}, not the leaf program ${bytecodeHash(leaf)}` };
    const bad = keysProblem(() => checkKeyList(aggregate.publicKeys));
    if (bad !== null) return { valid: false, reason: bad };
    const v = verifyRecording(leaf, digestPublicInput(statementDigest(message, epoch, aggregate.publicKeys)), aggregate.proof);
    if (!v.valid) return { valid: false, reason: `the proof does not verify for these keys, this message and this epoch: ${v.reason}` };
    return { valid: true, n: aggregate.publicKeys.length, summary: v.summary, claims: { kind: 'leaf', fresh: v.fresh } };
  }
  const node = programs.node ?? compiledNodeProgram();
  if (aggregate.programDigest !== bytecodeHash(node)) return { valid: false, reason: `a node of the program ${aggregate.programDigest}, not the node program ${bytecodeHash(node)}` };
  const bad = keysProblem(() => checkUnionKeys(aggregate.publicKeys));
  if (bad !== null) return { valid: false, reason: bad };
  const shape = treeShape(leaf, node);
  const points = aggregate.points;
  const lengths: [string, Uint32Array, number][] = [['leaf bytecode', points.leafBytecode, shape.leafVars], ['node bytecode', points.nodeBytecode, shape.nodeVars], ['matrix', points.matrix, MATRIX_VARS]];
  for (const [what, p, vars] of lengths) {
    if (p.length !== 6 * vars) return { valid: false, reason: `its ${what} point has ${p.length / 6} coordinates, not ${vars}` };
  }
  const carried = claimsAt(points, { leaf, node });
  const pi = nodePublicInput(message, epoch, aggregate.publicKeys, bytecodeDigest(node), carried);
  const v = verifyRecording(node, pi, aggregate.proof);
  if (!v.valid) return { valid: false, reason: `the proof does not verify for these keys, this message, this epoch and these deferred points: ${v.reason}` };
  return { valid: true, n: aggregate.publicKeys.length, summary: v.summary, claims: { kind: 'node', fresh: v.fresh, carried } };
}
