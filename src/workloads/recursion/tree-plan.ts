// A tree of aggregates planned from its sizes (docs/recursion.md §11): signers cut into leaves of at
// most `leafSize`, then levels of nodes of at most `arity` children until one node, the root,
// remains. Sizes are balanced (ceil(count / max) groups whose sizes differ by at most one: 33
// signers in leaves of 16 give 11 + 11 + 11, not 16 + 16 + 1), in order, so a plan is a pure
// function of its three numbers: every aggregator of a distributed tree computes the same one.
// The root is always a node, even over a single leaf.
import { AGGREGATE_MAX_SIGNERS } from '../xmss-aggregate/statement';
import { MAX_CHILDREN } from './batch';
import { TreePlanError } from './errors';
import { NODE_MAX_SIGNERS } from './statement';

/** Half-open index range [start, end). */
export interface IndexRange {
  readonly start: number;
  readonly end: number;
}

export interface PlannedNode {
  /** Its children's indices in the level below (the leaves, for level 0). */
  readonly children: readonly number[];
  /** The signers under it. */
  readonly signers: IndexRange;
}

export interface TreePlan {
  readonly signerCount: number;
  readonly leafSize: number;
  readonly arity: number;
  /** Each leaf's signers. */
  readonly leaves: readonly IndexRange[];
  /** levels[0]: the nodes over the leaves; each next level's nodes over the one before; the last holds the root alone. */
  readonly levels: readonly (readonly PlannedNode[])[];
}

/** `count` items in consecutive groups of at most `max`, balanced. */
function groups(count: number, max: number): IndexRange[] {
  const k = Math.ceil(count / max);
  const small = Math.floor(count / k), bigger = count % k;
  const out: IndexRange[] = [];
  for (let g = 0, start = 0; g < k; g++) {
    const end = start + small + (g < bigger ? 1 : 0);
    out.push({ start, end });
    start = end;
  }
  return out;
}

const isCount = (v: unknown, min: number, max: number): v is number => Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;

/** The tree over `signerCount` signers; TreePlanError for sizes no tree has. */
export function planTree(signerCount: number, leafSize: number, arity: number): TreePlan {
  if (!isCount(signerCount, 1, NODE_MAX_SIGNERS)) throw new TreePlanError('signer-count', `a tree aggregates 1 to ${NODE_MAX_SIGNERS} signers, got ${signerCount}`);
  if (!isCount(leafSize, 1, AGGREGATE_MAX_SIGNERS)) throw new TreePlanError('leaf-size', `a leaf holds 1 to ${AGGREGATE_MAX_SIGNERS} signers, got ${leafSize}`);
  if (!isCount(arity, 1, MAX_CHILDREN)) throw new TreePlanError('arity', `a node has 1 to ${MAX_CHILDREN} children, got ${arity}`);
  const leaves = groups(signerCount, leafSize);
  if (arity === 1 && leaves.length > 1) {
    throw new TreePlanError('arity', `arity 1 merges nothing: ${leaves.length} leaves (${signerCount} signers in leaves of at most ${leafSize}) need an arity of 2 or more`);
  }
  const levels: PlannedNode[][] = [];
  let below: readonly IndexRange[] = leaves;
  do {
    const level = groups(below.length, arity).map(({ start, end }) => ({
      children: Array.from({ length: end - start }, (_, i) => start + i),
      signers: { start: below[start].start, end: below[end - 1].end },
    }));
    levels.push(level);
    below = level.map((n) => n.signers);
  } while (below.length > 1);
  return { signerCount, leafSize, arity, leaves, levels };
}

/** The number of proofs a plan makes: its leaves and its nodes. */
export const planProofs = (plan: TreePlan): number => plan.leaves.length + plan.levels.reduce((s, l) => s + l.length, 0);
