// submitTree(): a whole tree as one BullMQ flow, laid out by planTree exactly as aggregateTree
// proves it on one machine (so the roots are the same bytes): leaves in the leaf queue, nodes in
// the node queue, each node a parent of its children, the root at the top. The root's id is its
// statement's digest, the tree's id; every other job's is its place in the tree (jobs.ts): a
// tree submitted again finds its root and adds nothing. The tree's manifest (its jobs level by level) is kept beside the jobs
// for treeStatus.
import type { FlowJob } from 'bullmq';
import { bullmq } from './bullmq';
import { checkOptions } from '../../../src/util/options';
import { bytecodeHash } from '../../../src/vm/bytecode';
import type { Program } from '../../../src/vm/program';
import { checkMessageEpoch } from '../../../src/workloads/xmss-aggregate/statement';
import { defaultNodeProgram } from '../../../src/workloads/recursion/node-program';
import { planTree, type TreePlan } from '../../../src/workloads/recursion/tree-plan';
import { connectionOf, DEFAULT_PREFIX, REDIS_RULES, type RedisTarget } from './connection';
import { type ChildRef, jobIdAt, type LeafJobData, leafDigest, type NodeJobData, nodeDigest } from './jobs';
import { writeManifest } from './manifest';

export interface TreeSigner {
  /** What a refusal calls it (a file stem); default its index. */
  readonly name?: string;
  readonly publicKey: Uint8Array;
  readonly signature: Uint8Array;
}

export interface SubmitOptions extends RedisTarget {
  readonly message: Uint8Array;
  readonly epoch: number;
  readonly signers: readonly TreeSigner[];
  readonly leafSize: number;
  readonly arity: number;
  /** The node program the nodes are proofs of (default the built-in programs/aggregate-node.py). */
  readonly nodeProgram?: Program;
  /** Tries a job gets against transient failures (default 3), the first retry after `backoff` ms, doubling (default 1000). */
  readonly attempts?: number;
  readonly backoff?: number;
}

export interface Submitted {
  /** The tree's id: its root job's. */
  readonly id: string;
  readonly plan: TreePlan;
  readonly jobs: number;
  /** false: the tree was there already, nothing was added. */
  readonly added: boolean;
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** The flow of a plan: the root node with its subtree, the tree id, and the manifest's levels of job ids. */
function flowOf(plan: TreePlan, leaves: readonly LeafJobData[], nodeProgram: string, message: string, epoch: number, jobOpts: FlowJob['opts']) {
  // Statements first, bottom up: the tree id is the root's; every other job's id is its place.
  const digests: string[][] = [leaves.map(leafDigest)];
  for (const level of plan.levels) {
    const below = digests[digests.length - 1];
    digests.push(level.map((node) => nodeDigest({ message, epoch, nodeProgram }, node.children.map((c) => below[c]))));
  }
  const id = digests[digests.length - 1][0];
  const levels = digests.map((ds, l) => (l === digests.length - 1 ? [id] : ds.map((_, i) => jobIdAt(id, l, i))));
  let below: FlowJob[] = leaves.map((data, i) => ({ name: 'leaf', queueName: 'leaf', data, opts: { ...jobOpts, jobId: levels[0][i], failParentOnFailure: true } }));
  for (const [l, level] of plan.levels.entries()) {
    const queue: ChildRef['queue'] = l === 0 ? 'leaf' : 'node';
    below = level.map((node, i) => {
      const data: NodeJobData = { kind: 'node', message, epoch, children: node.children.map((c) => ({ queue, id: levels[l][c] })), nodeProgram };
      return { name: 'node', queueName: 'node', data, opts: { ...jobOpts, jobId: levels[l + 1][i], failParentOnFailure: true }, children: node.children.map((c) => below[c]) };
    });
  }
  const root = below[0];
  return { root: { ...root, opts: { ...root.opts, failParentOnFailure: undefined } }, id, levels };
}

/** Adds the tree (once) and returns its id; nothing is proved here. Refuses sizes no tree has
 * (TreePlanError). Signatures are checked by the leaf jobs: a bad one fails the tree. */
export async function submitTree(options: SubmitOptions): Promise<Submitted> {
  checkOptions('submitTree', options, {
    ...REDIS_RULES, message: 'bytes', epoch: { integer: [0, 2 ** 32 - 1] }, signers: 'array', leafSize: { integer: [1, 2 ** 31 - 1] },
    arity: { integer: [1, 2 ** 31 - 1] }, nodeProgram: 'object', attempts: { integer: [1, 1000] }, backoff: { integer: [0, 2 ** 31 - 1] },
  }, ['redis', 'message', 'epoch', 'signers', 'leafSize', 'arity']);
  const { message, epoch, signers, leafSize, arity } = options;
  checkMessageEpoch(message, epoch);
  const plan = planTree(signers.length, leafSize, arity);
  const nodeProgram = bytecodeHash(options.nodeProgram ?? defaultNodeProgram().program);
  const leaves: LeafJobData[] = plan.leaves.map((range) => ({
    kind: 'leaf', message: hex(message), epoch,
    signers: signers.slice(range.start, range.end).map((s, i) => ({ name: s.name ?? String(range.start + i), publicKey: hex(s.publicKey), signature: hex(s.signature) })),
  }));
  const jobOpts = { attempts: options.attempts ?? 3, backoff: { type: 'exponential', delay: options.backoff ?? 1000 }, removeOnComplete: false, removeOnFail: false };
  const { root, id, levels } = flowOf(plan, leaves, nodeProgram, hex(message), epoch, jobOpts);
  const connection = connectionOf(options.redis);
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const jobs = levels.reduce((s, l) => s + l.length, 0);
  const { FlowProducer, Queue } = await bullmq();
  const nodes = new Queue('node', { connection, prefix });
  const producer = new FlowProducer({ connection, prefix });
  try {
    // A root already there is this tree, submitted before: add nothing. The manifest goes last,
    // so a submission cut short leaves no tree that status would call empty.
    const added = (await nodes.getJob(id)) === undefined;
    if (added) await producer.add(root);
    await writeManifest(await nodes.client, prefix, { id, message: hex(message), epoch, signers: signers.length, leafSize, arity, levels });
    return { id, plan, jobs, added };
  } finally {
    await producer.close();
    await nodes.close();
  }
}
