// Filling every table to a power of two (leanVM-b's cpu::filler). The compiler emits, per table
// and per size in FILL_SIZES, a block: that many dummy instructions of the table's opcode, then a
// JUMP back to the block's own first instruction in the same frame. No program code enters a
// block, so it is a closed walk of the state channel: its pushes and pulls cancel for any number
// of traversals, and the prover picks how often each is walked once the program has halted. A
// traversal of the size-s block costs exactly s rows of its table plus one JUMP row, which makes
// the plan below exact.
import { JUMP_TABLE, N_TABLES, TABLES } from './isa';
import type { FillBlock } from './program';

/** Block sizes, largest first: a fill of f rows takes f / 128 traversals of the largest, then
 * one per set bit of the remainder. */
export const FILL_SIZES = [128, 64, 32, 16, 8, 4, 2, 1] as const;

/** Least rows a table is proven over: Flock sizes its argument to at least 8 compressions. */
export const MIN_ROWS: readonly number[] = [1, 1, 1, 1, 1, 8];

/** A fill block's frame, as offsets from the frame pointer the interpreter gives it. The
 * interpreter writes DEST (g^pc of the block's first instruction: the closing jump's target and,
 * being nonzero, its condition), NEXT_FP (this frame) and PTR (g^0, what a DEREF dummy follows);
 * the dummies use the rest (ZERO is never written, SCRATCH is what they write, DIGEST the
 * BLAKE2S dummy's output, and the cells after it its message). */
export const FILL_FRAME = { DEST: 0, NEXT_FP: 1, PTR: 2, ZERO: 3, SCRATCH: 4, DIGEST: 6, CELLS: 12 } as const;

/** Traversals per block: plan[t][k] walks of table t's block of size FILL_SIZES[k]. */
export type FillPlan = number[][];

/** One fill cycle as the interpreter walks it: the block's first pc, its size, and how many
 * times it is traversed. */
export interface FillCycle {
  readonly pc: number;
  readonly size: number;
  readonly traversals: number;
}

const nextPow2 = (n: number) => {
  let p = 1;
  while (p < n) p *= 2;
  return p;
};

/** The largest blocks that fit, then the binary digits of what is left. */
function decompose(fill: number): number[] {
  let left = fill;
  return FILL_SIZES.map((s) => {
    const n = Math.floor(left / s);
    left -= n * s;
    return n;
  });
}

/** Traversals whose rows land on JUMP itself (s + 1 rows each: the dummies and their own
 * closing jump) delivering exactly `gap` rows, never leaving a single row behind; null for a
 * gap of 1, which nothing delivers. */
function decomposeJump(gap: number): number[] | null {
  if (gap === 1) return null;
  let left = gap;
  const out = FILL_SIZES.map((s) => {
    let n = 0;
    while (left > s && left - (s + 1) !== 1) {
      n++;
      left -= s + 1;
    }
    return n;
  });
  return left === 0 ? out : null;
}

/** Traversals of the whole plan: the JUMP rows it costs and the frames it needs. */
export function traversals(plan: FillPlan): number {
  return plan.reduce((a, row) => a + row.reduce((b, n) => b + n, 0), 0);
}

/** Rows per table once `plan` has run from `base`. */
export function filledCounts(base: readonly number[], plan: FillPlan): number[] {
  const out = base.map((b, t) => b + plan[t].reduce((a, n, k) => a + n * FILL_SIZES[k], 0));
  out[JUMP_TABLE] += traversals(plan);
  return out;
}

/**
 * The plan taking every table from `base` rows to an exact power of two at or above
 * max(MIN_ROWS, floors). Every table but JUMP is independent; JUMP receives one row per
 * traversal of every block, its own included, so it is solved last, doubling its target when
 * the gap is the one unreachable size. Null if no target below 2^32 works.
 */
export function solveFill(base: readonly number[], floors: readonly number[] = new Array(N_TABLES).fill(0)): FillPlan | null {
  const plan: FillPlan = TABLES.map(() => FILL_SIZES.map(() => 0));
  for (let t = 0; t < N_TABLES; t++) {
    if (t !== JUMP_TABLE) plan[t] = decompose(nextPow2(Math.max(base[t], MIN_ROWS[t], floors[t])) - base[t]);
  }
  const owed = base[JUMP_TABLE] + traversals(plan);
  for (let target = nextPow2(Math.max(owed, MIN_ROWS[JUMP_TABLE], floors[JUMP_TABLE])); target <= 2 ** 32; target *= 2) {
    const steps = decomposeJump(target - owed);
    if (steps !== null) {
      plan[JUMP_TABLE] = steps;
      return plan;
    }
  }
  return null;
}

/** The cycles a plan walks, in table then size order, each resolved to the program's block of
 * that table and size; the missing (table, size) if the program has no such block. */
export function fillCycles(blocks: readonly FillBlock[], plan: FillPlan): FillCycle[] | { table: number; size: number } {
  const out: FillCycle[] = [];
  for (let t = 0; t < N_TABLES; t++) {
    for (let k = 0; k < FILL_SIZES.length; k++) {
      const n = plan[t][k];
      if (n === 0) continue;
      const size = FILL_SIZES[k];
      const block = blocks.find((b) => b.table === t && b.size === size);
      if (block === undefined) return { table: t, size };
      out.push({ pc: block.pc, size, traversals: n });
    }
  }
  return out;
}
