// Proving a node (docs/recursion.md §5, §9): the children checked natively first (nothing is
// proved for a refused one), the raw signers checked as a leaf's, the signer union, the
// deferred-claim batch proved on the host, then the node program proved on its witness: the
// batch's hints and what the node program's own hint builder (NodeProgram.guestWitness, the in-VM
// child verifier's, src/workloads/recursion/guest/) derives from the checked children. The node
// program is the caller's (a test's stand-in) or the built-in programs/aggregate-node.py
// (node-program.ts).
import { abortable, abortedIn, checkpoint } from '../../backend/abort';
import type { Backend } from '../../backend/backend';
import { createCpuBackend } from '../../backend/cpu/index';
import type { E } from '../../field/e';
import { bytecodeDigest, bytecodeHash, bytecodeMultilinear } from '../../vm/bytecode';
import type { Program } from '../../vm/program';
import { type ProgramProof, type ProveProgramOptions, VM_STAGES, type VmStage, proveProgram } from '../../vm/prove/prove';
import type { PublicInput } from '../../vm/public-input';
import { type AggregateSigner, type CheckedSigner, checkSigners } from '../xmss-aggregate/signers';
import { aggregationProgram } from '../xmss-aggregate/program';
import type { NodeAggregate } from './aggregate-file';
import { batchHints } from './batch-hints';
import { type BatchProof, proveBatch } from './batch-prove';
import { type CheckedChild, type ChildSource, checkChildren } from './children';
import type { ClaimShape } from './claims';
import { ChildCheckError } from './errors';
import { nodePublicInput } from './statement';
import { type SignerUnion, signerUnion } from './union';
import { treeShape } from './verify';
import { type NodeProgram, nodeProgramOr } from './node-program';

export interface NodeRequest {
  readonly message: Uint8Array;
  readonly epoch: number;
  readonly children: readonly ChildSource[];
  /** Raw signatures verified by the node itself. */
  readonly signers?: readonly AggregateSigner[];
}

/** What the node program's hint builder gets: everything checked, the union and the batch. */
export interface NodeWitnessInput {
  readonly message: Uint8Array;
  readonly epoch: number;
  readonly children: readonly CheckedChild[];
  readonly signers: readonly CheckedSigner[];
  /** The union over the children's key lists, then the raw signers' (in that order). */
  readonly union: SignerUnion;
  readonly batch: BatchProof;
  readonly shape: ClaimShape;
  readonly nodeProgramDigest: Uint8Array;
  readonly publicInput: PublicInput;
  /** The leaf and node programs the children are proofs of. */
  readonly programs: { readonly leaf: Program; readonly node: Program };
}

export type NodeStage = 'check' | 'batch' | 'hints' | VmStage;
export const NODE_STAGES: readonly NodeStage[] = ['check', 'batch', 'hints', ...VM_STAGES];

export interface NodeProveOptions {
  readonly backend: Backend;
  /** The node program and its witness builder (default: the built-in one). */
  readonly node?: NodeProgram;
  readonly leaf?: Program;
  readonly logInvRate?: number;
  readonly onProgress?: (stage: NodeStage, fraction: number) => void;
  readonly onShape?: ProveProgramOptions['onShape'];
  /** Stops the node at its next stage or backend call once aborted (AbortError). */
  readonly signal?: AbortSignal;
}

export interface NodeStats {
  readonly n: number;
  readonly children: number;
  readonly overlaps: number;
  readonly stageMs: Readonly<Record<NodeStage, number>>;
  /** The proven rows (the fill included) and the program's own steps. */
  readonly cycles: number;
  readonly programCycles: number;
  readonly proofBytes: number;
  /** The VM proof's per stage, on a backend that meters its device traffic. */
  readonly traffic?: ProgramProof['stats']['traffic'];
}

/** What proving a node needs before the VM: the node program, the children and raw signers
 * checked, the union, the batch proved, the public input; the two steps' times. */
export interface PreparedNode {
  readonly node: NodeProgram;
  readonly input: NodeWitnessInput;
  readonly checkMs: number;
  readonly batchMs: number;
}

/**
 * Everything before the VM proof. Refuses before proving anything: a child that is no aggregate
 * or does not verify for (message, epoch), more than 16 children, one of a shape the node program
 * cannot verify (ChildCheckError naming the
 * child), a signer (AggregateInputError). The batch's rounds run on `backend` (default: cpu).
 */
export async function prepareNode(request: NodeRequest, options: Pick<NodeProveOptions, 'node' | 'leaf' | 'onProgress' | 'signal'> & { readonly backend?: Backend } = {}): Promise<PreparedNode> {
  const { message, epoch } = request;
  const nodeProgram = nodeProgramOr(options.node);
  const leaf = options.leaf ?? aggregationProgram();
  const { onProgress } = options;
  onProgress?.('check', 0);
  await checkpoint(options.signal, 'check');
  let t = performance.now();
  const children = checkChildren(request, { leaf, node: nodeProgram.program });
  for (const c of children) {
    const problem = nodeProgram.childShapeProblem(c.verdict.summary, Math.log2((c.aggregate.kind === 'leaf' ? leaf : nodeProgram.program).bytecode.length));
    const label = c.name === `child ${c.index}` ? c.name : `child ${c.index} (${c.name})`;
    if (problem !== null) throw new ChildCheckError('unsupported', `${label}: valid, but the node program cannot verify it: ${problem}`, c.index, c.name);
  }
  const signers = request.signers === undefined || request.signers.length === 0 ? [] : checkSigners({ message, epoch, signers: request.signers });
  const node = nodeProgram.program;
  const union = signerUnion([...children.map((c) => c.aggregate.publicKeys), signers.map((s) => s.publicKey)]);
  const checkMs = performance.now() - t;
  onProgress?.('batch', 0);
  await checkpoint(options.signal, 'batch');
  t = performance.now();
  const shape = treeShape(leaf, node);
  // The batch's rounds run on the backend (the cpu one if none is given), stopping at its next
  // call once aborted.
  const backend = abortable(options.backend ?? createCpuBackend(), options.signal);
  const batch = await proveBatch(backend, children.map((c) => c.verdict.claims), shape, { leaf: bytecodeMultilinear(leaf), node: bytecodeMultilinear(node) }).catch((e: unknown) => {
    throw abortedIn(e, 'batch');
  });
  const batchMs = performance.now() - t;
  const nodeProgramDigest = bytecodeDigest(node);
  const publicInput = nodePublicInput(message, epoch, union.keys, nodeProgramDigest, batch.claims);
  return { node: nodeProgram, input: { message, epoch, children, signers, union, batch, shape, nodeProgramDigest, publicInput, programs: { leaf, node } }, checkMs, batchMs };
}

/** The node program's whole witness: its own streams (guestWitness) and the batch's. */
export function nodeProgramWitness(prepared: PreparedNode): Map<string, E[][]> {
  const { node, input } = prepared;
  return new Map([...node.guestWitness(input), ...batchHints(input.children.map((c) => c.verdict.claims), input.shape, input.batch)]);
}

/** Proves a node over `request.children` (and its raw signers); refuses as prepareNode does. */
export async function proveNode(request: NodeRequest, options: NodeProveOptions): Promise<{ aggregate: NodeAggregate; stats: NodeStats }> {
  const prepared = await prepareNode(request, options);
  const { onProgress } = options;
  onProgress?.('hints', 0);
  await checkpoint(options.signal, 'hints');
  const t = performance.now();
  const witness = nodeProgramWitness(prepared);
  const hintsMs = performance.now() - t;
  const { children, union, batch, publicInput } = prepared.input;
  const node = prepared.node.program;
  const { proof, stats } = await proveProgram(node, publicInput, { backend: options.backend, witness, logInvRate: options.logInvRate, onProgress, onShape: options.onShape, signal: options.signal });
  const { leafBytecode, nodeBytecode, matrix } = batch.claims;
  return {
    aggregate: { kind: 'node', programDigest: bytecodeHash(node), publicKeys: union.keys, points: { leafBytecode: leafBytecode.point, nodeBytecode: nodeBytecode.point, matrix: matrix.point }, proof },
    stats: {
      n: union.keys.length, children: children.length, overlaps: union.overlaps,
      stageMs: { check: prepared.checkMs, batch: prepared.batchMs, hints: hintsMs, ...stats.stageMs },
      cycles: stats.cycles, programCycles: stats.programCycles, proofBytes: stats.proofBytes,
      ...(stats.traffic === undefined ? {} : { traffic: stats.traffic }),
    },
  };
}
