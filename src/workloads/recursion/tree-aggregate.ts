// aggregateTree(): a whole tree in one process, as planTree lays it out — every signer checked
// natively first, then the leaves, then the nodes level by level, each node over its children's
// aggregates; the root comes back with every proof's stats. Nothing is proved when the node
// program is missing or a signer is refused.
import type { Backend } from '../../backend/backend';
import { checkOptions } from '../../util/options';
import type { Program } from '../../vm/program';
import type { ProveProgramOptions } from '../../vm/prove/prove';
import { type AggregateStage, type AggregateStats, aggregate } from '../xmss-aggregate/prove';
import { AggregateInputError } from '../xmss-aggregate/errors';
import { type AggregateSigner, checkSigners } from '../xmss-aggregate/signers';
import type { NodeAggregate, TreeAggregate } from './aggregate-file';
import { TREE_AGGREGATE_RULES } from './api';
import { type NodeProgram, nodeProgramOr } from './node-program';
import { type NodeStage, type NodeStats, proveNode } from './node-prove';
import { type IndexRange, planProofs, planTree, type TreePlan } from './tree-plan';

export interface TreeRequest {
  /** 32 bytes. */
  readonly message: Uint8Array;
  readonly epoch: number;
  readonly signers: readonly AggregateSigner[];
  /** At most this many signers a leaf. */
  readonly leafSize: number;
  /** At most this many children a node, 1..16. */
  readonly arity: number;
}

/** Where a proof sits in its plan: leaf i, or node i of level l (levels[0] over the leaves). */
export type TreePosition = { readonly kind: 'leaf'; readonly index: number } | { readonly kind: 'node'; readonly level: number; readonly index: number };

export interface TreeProgress {
  readonly position: TreePosition;
  readonly stage: AggregateStage | NodeStage;
  /** The share of this proof done before `stage`. */
  readonly fraction: number;
  /** Proofs finished before this one, of `total`. */
  readonly done: number;
  readonly total: number;
}

export interface TreeOptions {
  readonly backend: Backend;
  /** The node program (default: the built-in programs/aggregate-node.py). */
  readonly node?: NodeProgram;
  readonly leaf?: Program;
  readonly logInvRate?: number;
  readonly onProgress?: (progress: TreeProgress) => void;
  /** Each proof's run's shape before it builds anything (a memory check), with its position. */
  readonly onShape?: (position: TreePosition, ...shape: Parameters<NonNullable<ProveProgramOptions['onShape']>>) => void;
  readonly signal?: AbortSignal;
}

export interface TreeStats {
  readonly leaves: readonly AggregateStats[];
  /** Per level, per node, as the plan. */
  readonly levels: readonly (readonly NodeStats[])[];
  readonly totalMs: number;
}

/** checkSigners on one leaf's signers, a refusal naming the signer by its index in the whole list. */
function checkLeaf(message: Uint8Array, epoch: number, signers: readonly AggregateSigner[], range: IndexRange): void {
  try {
    checkSigners({ message, epoch, signers: signers.slice(range.start, range.end) });
  } catch (e) {
    if (!(e instanceof AggregateInputError) || e.signer === undefined) throw e;
    const text = e.message.replace(/\bsigner (\d+)\b/g, (_, i: string) => `signer ${range.start + Number(i)}`);
    throw new AggregateInputError(e.problem, text, range.start + e.signer, e.publicKey);
  }
}

/**
 * Proves the tree planTree(signers, leafSize, arity) lays out and returns its root. Refuses before
 * proving anything: sizes no tree has (TreePlanError), a
 * signer its leaf's aggregate would refuse (AggregateInputError naming it by its index in
 * `signers`). A key in two leaves is counted once by the nodes above them.
 */
export async function aggregateTree(request: TreeRequest, options: TreeOptions): Promise<{ root: NodeAggregate; plan: TreePlan; stats: TreeStats }> {
  checkOptions('aggregateTree', options, { ...TREE_AGGREGATE_RULES, leaf: 'object' }, ['backend']);
  if (typeof request !== 'object' || request === null) throw new AggregateInputError('malformed', 'aggregateTree: the request must be an object { message, epoch, signers, leafSize, arity }');
  const { message, epoch, signers } = request;
  const plan = planTree(Array.isArray(signers) ? signers.length : Number.NaN, request.leafSize, request.arity);
  const node = nodeProgramOr(options.node);
  const start = performance.now();
  for (const range of plan.leaves) checkLeaf(message, epoch, signers, range);
  const { backend, logInvRate, signal } = options;
  const total = planProofs(plan);
  let done = 0;
  const hooks = (position: TreePosition) => ({
    onProgress: (stage: AggregateStage | NodeStage, fraction: number) => options.onProgress?.({ position, stage, fraction, done, total }),
    onShape: options.onShape && ((...shape: Parameters<NonNullable<ProveProgramOptions['onShape']>>) => options.onShape?.(position, ...shape)),
  });
  const leafStats: AggregateStats[] = [];
  let below: TreeAggregate[] = [];
  for (const [index, range] of plan.leaves.entries()) {
    const r = await aggregate({ message, epoch, signers: signers.slice(range.start, range.end) }, { backend, logInvRate, signal, ...hooks({ kind: 'leaf', index }) });
    below.push({ kind: 'leaf', ...r.aggregate });
    leafStats.push(r.stats);
    done++;
  }
  const levelStats: NodeStats[][] = [];
  for (const [level, nodes] of plan.levels.entries()) {
    const made: NodeAggregate[] = [];
    const stats: NodeStats[] = [];
    for (const [index, planned] of nodes.entries()) {
      const children = planned.children.map((c) => ({ name: level === 0 ? `leaf ${c}` : `node ${level - 1}.${c}`, aggregate: below[c] }));
      const r = await proveNode({ message, epoch, children }, { backend, node, leaf: options.leaf, logInvRate, signal, ...hooks({ kind: 'node', level, index }) });
      made.push(r.aggregate);
      stats.push(r.stats);
      done++;
    }
    levelStats.push(stats);
    below = made;
  }
  return { root: below[0] as NodeAggregate, plan, stats: { leaves: leafStats, levels: levelStats, totalMs: performance.now() - start } };
}
