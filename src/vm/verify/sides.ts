// The bus's three sides (push, pull, count) at ζ, built here once for both the verifier (./bus.ts
// evaluates them) and the prover (src/vm/prove/leaves.ts and table-forms.ts fill them on rows).
// A block's tuple is a list of forms (src/vm/tables/form.ts): a table's over its own columns; a
// framework block's over its framework columns (0: the index g^i, 1: the final count, 2…: the
// memory limbs or the program's columns), the state boundary's all constants (src/vm/leaves.ts
// lists them). A push or pull leaf is β + Σ_i eq(α, i)·t_i; count has α = β = 0, its leaf the
// count column itself.
import { type E, eZero } from '../../field/e';
import { selectorEq } from '../../pcs/stack/placement';
import { eqTable } from '../../poly/eq';
import { BYTECODE_COLUMNS } from '../bytecode';
import type { VmShape } from '../layout';
import { blockSelector, type FrameworkPart, type LeafBlock, leafLayout } from '../leaves';
import { BUS_BITS, SEP_BYTECODE, SEP_MEM, SEP_STATE, type Tuple } from '../tables/bus';
import { col, constant, gPow } from '../tables/form';
import { TABLE_SCHEMAS } from '../tables/schema';

export type Side = 'push' | 'pull' | 'count';
export const SIDES: readonly Side[] = ['push', 'pull', 'count'];

/** The fingerprint's draws: eq(α, i) for the 16 tuple slots (packed E) and β. */
export interface Fingerprint {
  readonly weights: Uint32Array;
  readonly beta: E;
}

/** One table block of a side: its selector weight at ζ and its tuple over the table's columns. */
export interface TableBlock {
  readonly table: number;
  readonly selector: E;
  readonly tuple: Tuple;
}

/** One framework block of a side: its selector weight at ζ and its tuple (frameworkTuple). */
export interface FrameworkBlock {
  readonly part: FrameworkPart;
  readonly selector: E;
  readonly tuple: Tuple;
}

/** One bus side at ζ. */
export interface BusSide extends Fingerprint {
  readonly blocks: readonly TableBlock[];
  readonly framework: readonly FrameworkBlock[];
}

/** A framework block's tuple on push (the initial state, counts 1) or pull (the halt at the
 * bytecode's last slot g^(N−1), the final counts). */
export function frameworkTuple(part: FrameworkPart, side: 'push' | 'pull', shape: VmShape): Tuple {
  const one = gPow(0);
  if (part === 'state') return [constant(SEP_STATE), constant(side === 'push' ? one : gPow(2 ** shape.logBytecode - 1)), constant(one)];
  const memory = part === 'memory';
  const values = Array.from({ length: memory ? 3 : BYTECODE_COLUMNS }, (_, i) => col(2 + i));
  return [constant(memory ? SEP_MEM : SEP_BYTECODE), col(0), side === 'push' ? constant(one) : col(1), ...values];
}

/** The tuple of a block of `side`'s tree. */
export function blockTuple(b: LeafBlock, side: Side, shape: VmShape): Tuple {
  if (b.kind === 'count') return [col(b.column)];
  if (side === 'count') throw new Error('the count tree holds count blocks only');
  return b.kind === 'framework' ? frameworkTuple(b.part, side, shape) : TABLE_SCHEMAS[b.table].interactions[b.interaction][side];
}

/** The three sides' blocks at ζ, push and pull fingerprinted with `fp`. */
export function busSides(shape: VmShape, zeta: Uint32Array, fp: Fingerprint): BusSide[] {
  const layout = leafLayout(shape);
  const countFp: Fingerprint = { weights: eqTable(new Uint32Array(6 * BUS_BITS)), beta: eZero() };
  return SIDES.map((side) => {
    const blocks: TableBlock[] = [];
    const framework: FrameworkBlock[] = [];
    for (const b of layout[side].blocks) {
      const selector = selectorEq(blockSelector(b), zeta.subarray(6 * b.logRows));
      const tuple = blockTuple(b, side, shape);
      if (b.kind === 'framework') framework.push({ part: b.part, selector, tuple });
      else blocks.push({ table: b.table, selector, tuple });
    }
    return { ...(side === 'count' ? countFp : fp), blocks, framework };
  });
}
