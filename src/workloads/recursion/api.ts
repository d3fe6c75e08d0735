// The library's aggregation API over both kinds (docs/recursion.md §10): aggregate() proves a leaf
// when given no children (exactly today's XMSS aggregate) and a node over its children (and raw
// signers) otherwise; verifyAggregate() checks either kind, the statement always rebuilt from the
// caller's message and epoch, a node's deferred values recomputed at its points.
import type { Backend } from '../../backend/backend';
import { checkOptions, type OptionRule } from '../../util/options';
import { LOG_INV_RATE_RULE, type ProveProgramOptions } from '../../vm/prove/prove';
import type { Aggregate } from '../xmss-aggregate/aggregate-file';
import { type AggregateStage, type AggregateStats, aggregate as aggregateLeaf } from '../xmss-aggregate/prove';
import { AggregateInputError } from '../xmss-aggregate/errors';
import type { AggregateSigner } from '../xmss-aggregate/signers';
import { type AggregateStatement, type AggregateVerdict, verifyAggregate as verifyLeaf } from '../xmss-aggregate/verify';
import type { LeafAggregate, TreeAggregate } from './aggregate-file';
import type { ChildSource } from './children';
import { AggregateFileError } from './errors';
import { type NodeProgram, nodeProgramOr } from './node-program';
import { type NodeStage, type NodeStats, proveNode } from './node-prove';
import { verifyTreeAggregate } from './verify';

export interface TreeAggregateRequest {
  /** 32 bytes. */
  readonly message: Uint8Array;
  readonly epoch: number;
  /** Signatures on (message, epoch): a leaf's, or a node's raw signers. */
  readonly signers?: readonly AggregateSigner[];
  /** 1 to 16 aggregates (objects or file bytes) on (message, epoch): present, the result is a node. */
  readonly children?: readonly ChildSource[];
}

export interface TreeAggregateOptions {
  readonly backend: Backend;
  readonly logInvRate?: number;
  readonly onProgress?: (stage: AggregateStage | NodeStage, fraction: number) => void;
  readonly onShape?: ProveProgramOptions['onShape'];
  readonly signal?: AbortSignal;
  /** The node program (default: the built-in programs/aggregate-node.py). */
  readonly node?: NodeProgram;
}

export const TREE_AGGREGATE_RULES: Readonly<Record<string, OptionRule>> = {
  backend: 'backend', logInvRate: LOG_INV_RATE_RULE, onProgress: 'function', onShape: 'function', signal: 'signal', node: 'object',
};

type LeafRequest = TreeAggregateRequest & { readonly signers: readonly AggregateSigner[]; readonly children?: readonly [] };

/**
 * A leaf over `signers` when `children` is absent or empty, a node over `children` (plus `signers`
 * as raw signatures) otherwise. Refuses before proving: a signer (AggregateInputError naming it),
 * a child (ChildCheckError naming it: another message or epoch, one that does not verify, more
 * than 16).
 */
export async function aggregate(request: LeafRequest, options: TreeAggregateOptions): Promise<{ aggregate: LeafAggregate; stats: AggregateStats }>;
export async function aggregate(request: TreeAggregateRequest, options: TreeAggregateOptions): Promise<{ aggregate: TreeAggregate; stats: AggregateStats | NodeStats }>;
export async function aggregate(request: TreeAggregateRequest, options: TreeAggregateOptions): Promise<{ aggregate: TreeAggregate; stats: AggregateStats | NodeStats }> {
  checkOptions('aggregate', options, TREE_AGGREGATE_RULES, ['backend']);
  const { node, ...proving } = options;
  if (typeof request !== 'object' || request === null) throw new AggregateInputError('malformed', 'aggregate: the request must be an object { message, epoch, signers?, children? }');
  const children = request.children;
  if (children === undefined || (Array.isArray(children) && children.length === 0)) {
    const r = await aggregateLeaf({ message: request.message, epoch: request.epoch, signers: request.signers as readonly AggregateSigner[] }, proving);
    return { aggregate: { kind: 'leaf', ...r.aggregate }, stats: r.stats };
  }
  return proveNode({ message: request.message, epoch: request.epoch, children, signers: request.signers }, { ...proving, node });
}

/**
 * Does `aggregate` (a leaf, version 1 or 2, or a node) prove that each of its keys signed
 * `message` at `epoch`? A leaf is checked as ever; a node against `options.node` or the default
 * built-in node program. Malformed messages, epochs and proof bytes
 * throw InputErrors; everything else that fails is `{ valid: false, reason }`.
 */
export function verifyAggregate(aggregate: Aggregate | TreeAggregate, statement: AggregateStatement, options: { readonly node?: NodeProgram } = {}): AggregateVerdict {
  checkOptions('verifyAggregate', options, { node: 'object' });
  if (!('kind' in aggregate) || aggregate.kind === 'leaf') return verifyLeaf(aggregate, statement);
  if (aggregate.kind !== 'node') throw new AggregateFileError('kind', `an aggregate of kind ${JSON.stringify((aggregate as { kind: unknown }).kind)}; an aggregate is a "leaf" or a "node"`);
  const verdict = verifyTreeAggregate(aggregate, statement, { node: nodeProgramOr(options.node).program });
  return verdict.valid ? { valid: true, n: verdict.n, summary: verdict.summary } : verdict;
}
