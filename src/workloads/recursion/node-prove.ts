// Proving a node (docs/recursion.md §5, §9): the children checked natively first (nothing is
// proved for a refused one), the raw signers checked as a leaf's, the signer union, the
// deferred-claim batch proved on the host, then the node program proved on its witness: the
// batch's hints and what the node program's own hint builder (`guestWitness`, the in-VM child
// verifier's, src/workloads/recursion/guest/) derives from the checked children. Not exported
// until the node program lands: without it there is no in-VM verification to prove.
import type { Backend } from '../../backend/backend';
import type { E } from '../../field/e';
import { bytecodeDigest, bytecodeHash, bytecodeMultilinear } from '../../vm/bytecode';
import type { Program } from '../../vm/program';
import { type ProveProgramOptions, VM_STAGES, type VmStage, proveProgram } from '../../vm/prove/prove';
import type { PublicInput } from '../../vm/public-input';
import { type AggregateSigner, type CheckedSigner, checkSigners } from '../xmss-aggregate/signers';
import { aggregationProgram } from '../xmss-aggregate/program';
import type { NodeAggregate } from './aggregate-file';
import { batchHints } from './batch-hints';
import { type BatchProof, proveBatch } from './batch-prove';
import { type CheckedChild, type ChildSource, checkChildren } from './children';
import type { ClaimShape } from './claims';
import { nodePublicInput } from './statement';
import { type SignerUnion, signerUnion } from './union';
import { treeShape } from './verify';

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
}

export type NodeStage = 'check' | 'batch' | 'hints' | VmStage;
export const NODE_STAGES: readonly NodeStage[] = ['check', 'batch', 'hints', ...VM_STAGES];

export interface NodeProveOptions {
  readonly backend: Backend;
  readonly node: Program;
  readonly leaf?: Program;
  readonly guestWitness: (input: NodeWitnessInput) => Map<string, E[][]>;
  readonly logInvRate?: number;
  readonly onProgress?: (stage: NodeStage, fraction: number) => void;
  readonly onShape?: ProveProgramOptions['onShape'];
}

export interface NodeStats {
  readonly n: number;
  readonly children: number;
  readonly overlaps: number;
  readonly stageMs: Readonly<Record<NodeStage, number>>;
  readonly cycles: number;
  readonly proofBytes: number;
}

/** What proving a node needs before the VM: the children checked, the raw signers checked, the
 * union, the batch proved, the public input; each step's time. */
export interface PreparedNode {
  readonly input: NodeWitnessInput;
  readonly checkMs: number;
  readonly batchMs: number;
}

export function prepareNode(request: NodeRequest, programs: { node: Program; leaf?: Program }, onProgress?: (stage: NodeStage, fraction: number) => void): PreparedNode {
  const { message, epoch } = request;
  const node = programs.node, leaf = programs.leaf ?? aggregationProgram();
  onProgress?.('check', 0);
  let t = performance.now();
  const children = checkChildren(request, { leaf, node });
  const signers = request.signers === undefined || request.signers.length === 0 ? [] : checkSigners({ message, epoch, signers: request.signers });
  const union = signerUnion([...children.map((c) => c.aggregate.publicKeys), signers.map((s) => s.publicKey)]);
  const checkMs = performance.now() - t;
  onProgress?.('batch', 0);
  t = performance.now();
  const shape = treeShape(leaf, node);
  const batch = proveBatch(children.map((c) => c.verdict.claims), shape, { leaf: bytecodeMultilinear(leaf), node: bytecodeMultilinear(node) });
  const batchMs = performance.now() - t;
  const nodeProgramDigest = bytecodeDigest(node);
  const publicInput = nodePublicInput(message, epoch, union.keys, nodeProgramDigest, batch.claims);
  return { input: { message, epoch, children, signers, union, batch, shape, nodeProgramDigest, publicInput }, checkMs, batchMs };
}

/** The node program's whole witness: the guest's streams and the batch's. */
export function nodeProgramWitness(input: NodeWitnessInput, guestWitness: NodeProveOptions['guestWitness']): Map<string, E[][]> {
  return new Map([...guestWitness(input), ...batchHints(input.children.map((c) => c.verdict.claims), input.shape, input.batch)]);
}

export async function proveNode(request: NodeRequest, options: NodeProveOptions): Promise<{ aggregate: NodeAggregate; stats: NodeStats }> {
  const { node } = options;
  const { onProgress } = options;
  const { input, checkMs, batchMs } = prepareNode(request, { node, leaf: options.leaf }, onProgress);
  onProgress?.('hints', 0);
  const t = performance.now();
  const witness = nodeProgramWitness(input, options.guestWitness);
  const hintsMs = performance.now() - t;
  const { children, union, batch, publicInput } = input;
  const { proof, stats } = await proveProgram(node, publicInput, { backend: options.backend, witness, logInvRate: options.logInvRate, onProgress, onShape: options.onShape });
  const { leafBytecode, nodeBytecode, matrix } = batch.claims;
  return {
    aggregate: { kind: 'node', programDigest: bytecodeHash(node), publicKeys: union.keys, points: { leafBytecode: leafBytecode.point, nodeBytecode: nodeBytecode.point, matrix: matrix.point }, proof },
    stats: {
      n: union.keys.length, children: children.length, overlaps: union.overlaps,
      stageMs: { check: checkMs, batch: batchMs, hints: hintsMs, ...stats.stageMs },
      cycles: stats.cycles, proofBytes: stats.proofBytes,
    },
  };
}
