// The leaves of the bus's three grand-product trees (push, pull, count), as blocks stacked in
// one cube per tree with the stacking rule (largest first, ties in order), every leaf outside a
// block being 1. Push and pull start with the three framework blocks no table owns, then each
// table's interactions in order; the count tree holds every table's read-count columns.
//
// A push or pull leaf is β + Σ_i eq(α, i)·t_i for its tuple t; a count leaf is the count itself.
// The framework blocks' tuples:
//   state boundary (1 row):   push (ST, g^0, g^0), the initial state; pull (ST, g^(N−1), g^0), the
//                             halt at the bytecode's last slot (N = 2^logBytecode);
//   memory (2^h rows, row i): push (MEM, g^i, 1, L_0[i], L_1[i], L_2[i]), the seed at count 1;
//                             pull (MEM, g^i, c[i], L…[i]) at the final count column c;
//   bytecode (2^kbc rows):    push (BC, g^i, 1, P_3[i], …, P_11[i]); pull the same at the
//                             bytecode's final count, P the program's columns (src/vm/bytecode.ts).
// All three trees have 2^depth leaves, depth that of push (= pull ≥ count).
import { stackOffsets } from '../pcs/stack/placement';
import type { VmShape } from './layout';
import { TABLE_SCHEMAS } from './tables/schema';

export const FRAMEWORK_PARTS = ['state', 'memory', 'bytecode'] as const;
export type FrameworkPart = (typeof FRAMEWORK_PARTS)[number];

/** What a block holds and its rows (log2). */
export type LeafBlockKind = { readonly logRows: number } & (
  | { readonly kind: 'framework'; readonly part: FrameworkPart }
  /** The table's interaction (its index in TableSchema.interactions), push or pull side. */
  | { readonly kind: 'interaction'; readonly table: number; readonly interaction: number }
  /** The table's read-count column (local index). */
  | { readonly kind: 'count'; readonly table: number; readonly column: number }
);

/** A block at its first leaf. */
export type LeafBlock = LeafBlockKind & { readonly offset: number };

export interface TreeLayout {
  readonly blocks: readonly LeafBlock[];
  /** ⌈log2⌉ of the blocks' total rows. */
  readonly depth: number;
}

export interface LeafLayout {
  readonly push: TreeLayout;
  readonly pull: TreeLayout;
  readonly count: TreeLayout;
  /** log2 of every tree's leaves. */
  readonly depth: number;
}

function stack(blocks: LeafBlockKind[]): TreeLayout {
  const { offsets, words } = stackOffsets(blocks.map((b) => b.logRows));
  return { blocks: blocks.map((b, i) => ({ ...b, offset: offsets[i] })), depth: Math.ceil(Math.log2(Math.max(words, 1))) };
}

/** The framework block's rows: log2 of 1, of the memory, of the bytecode. */
export function frameworkLogRows(shape: VmShape, part: FrameworkPart): number {
  return part === 'state' ? 0 : part === 'memory' ? shape.logMemory : shape.logBytecode;
}

export function leafLayout(shape: VmShape): LeafLayout {
  const framework: LeafBlockKind[] = FRAMEWORK_PARTS.map((part) => ({ kind: 'framework', part, logRows: frameworkLogRows(shape, part) }));
  const interactions: LeafBlockKind[] = TABLE_SCHEMAS.flatMap((s, table) =>
    s.interactions.map((_, interaction) => ({ kind: 'interaction' as const, table, interaction, logRows: shape.taus[table] })));
  const counts: LeafBlockKind[] = TABLE_SCHEMAS.flatMap((s, table) =>
    s.counts.map((column) => ({ kind: 'count' as const, table, column, logRows: shape.taus[table] })));
  const push = stack([...framework, ...interactions]);
  // Pull has push's blocks, so its layout is push's; count has fewer rows than either.
  const count = stack(counts);
  return { push, pull: push, count, depth: push.depth };
}

/** A block's selector: which 2^logRows-leaf slice of its tree it is. */
export const blockSelector = (b: LeafBlock): number => b.offset / 2 ** b.logRows;
