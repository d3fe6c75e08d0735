// A tree's jobs as BullMQ stores them: each job's data (everything a worker needs, in JSON) and
// its id. A tree's id is its root's statement digest (a node's covers the node program and its
// children's statements, down to every signer): equal trees, equal ids, so submitting a tree
// twice adds nothing the second time. Every other job's id is its place in its tree (the tree id,
// level and index), not its statement: BullMQ gives a job one parent, so a statement met twice
// (two equal leaves in a tree, a sub-tree two trees share) must be two jobs; each proves the same
// bytes (proofs are deterministic).
import { blake2s } from '../../../src/hash/blake2s';
import { u32Field } from '../../../src/workloads/xmss-aggregate/statement';

/** One signer of a leaf job: its name (a file stem, to name it in a refusal) and its bytes, hex. */
export interface SignerEntry {
  readonly name: string;
  readonly publicKey: string;
  readonly signature: string;
}

export interface LeafJobData {
  readonly kind: 'leaf';
  /** 32 bytes, hex. */
  readonly message: string;
  readonly epoch: number;
  readonly signers: readonly SignerEntry[];
}

/** A child of a node job: its queue and id, in the node's order. */
export interface ChildRef {
  readonly queue: 'leaf' | 'node';
  readonly id: string;
}

export interface NodeJobData {
  readonly kind: 'node';
  readonly message: string;
  readonly epoch: number;
  readonly children: readonly ChildRef[];
  /** The node program's bytecode digest (hex) the node is a proof of; a worker with another leaves the job. */
  readonly nodeProgram: string;
}

export type TreeJobData = LeafJobData | NodeJobData;

/** What a done job returns (BullMQ keeps it as the job's return value, and in its parent's). */
export interface TreeJobResult {
  /** The aggregate file (version 2), base64. */
  readonly aggregate: string;
  readonly n: number;
  readonly proofBytes: number;
  /** The worker that proved it, and how long the proof took there. */
  readonly worker: string;
  readonly ms: number;
}

const LEAF_TAG = 'leanvm-gpu/tree-job/leaf/v1';
const NODE_TAG = 'leanvm-gpu/tree-job/node/v1';
const PLACE_TAG = 'leanvm-gpu/tree-job/place/v1';

const fromHex = (h: string): Uint8Array => Uint8Array.from(Buffer.from(h, 'hex'));
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

function digest(tag: string, parts: Uint8Array[]): string {
  return toHex(blake2s(Buffer.concat([Buffer.from(tag.padEnd(32, '\0')), ...parts])));
}

const statementHead = (s: { message: string; epoch: number }, n: number) => [fromHex(s.message), u32Field(s.epoch), u32Field(n)];

/** A leaf's statement digest: its message, epoch and signers (each key and the digest of its signature), in order. */
export function leafDigest(data: LeafJobData): string {
  return digest(LEAF_TAG, [...statementHead(data, data.signers.length), ...data.signers.flatMap((s) => [fromHex(s.publicKey), blake2s(fromHex(s.signature))])]);
}

/** A node's statement digest: its message, epoch, node program and its children's statement digests, in order. */
export function nodeDigest(node: Pick<NodeJobData, 'message' | 'epoch' | 'nodeProgram'>, children: readonly string[]): string {
  return digest(NODE_TAG, [...statementHead(node, children.length), fromHex(node.nodeProgram), ...children.map(fromHex)]);
}

/** The id of the job at `level` (0: the leaves) and `index` of tree `tree`, other than its root (whose id is the tree's). */
export function jobIdAt(tree: string, level: number, index: number): string {
  return digest(PLACE_TAG, [fromHex(tree), u32Field(level), u32Field(index)]);
}
