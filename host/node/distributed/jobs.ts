// A tree's jobs as BullMQ stores them: each job's data (everything a worker needs, in JSON) and
// its id, a digest of its statement. Equal statements give equal ids, so submitting a tree twice
// adds nothing the second time, and a job re-run anywhere proves the same bytes (proofs are
// deterministic). Node ids cover their children's ids and the node program's digest: a tree is
// one id at its root.
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

const fromHex = (h: string): Uint8Array => Uint8Array.from(Buffer.from(h, 'hex'));
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

function digest(tag: string, data: { message: string; epoch: number }, n: number, parts: Uint8Array[]): string {
  const head = [Buffer.from(tag.padEnd(32, '\0')), fromHex(data.message), u32Field(data.epoch), u32Field(n)];
  return toHex(blake2s(Buffer.concat([...head, ...parts])));
}

/** A leaf job's id: its message, epoch and signers (each key and the digest of its signature), in order. */
export function leafJobId(data: LeafJobData): string {
  return digest(LEAF_TAG, data, data.signers.length, data.signers.flatMap((s) => [fromHex(s.publicKey), blake2s(fromHex(s.signature))]));
}

/** A node job's id: its message, epoch, node program and children's ids, in order. */
export function nodeJobId(data: NodeJobData): string {
  return digest(NODE_TAG, data, data.children.length, [fromHex(data.nodeProgram), ...data.children.map((c) => fromHex(c.id))]);
}
