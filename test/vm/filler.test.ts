// The fill plan: from any row counts, every table lands on an exact power of two at or above its
// least height (and a floor), rows are only ever added, the bulk rides the largest block, and a
// plan's cycles name the program's blocks.
import { describe, expect, it } from 'vitest';
import { FILL_SIZES, MIN_ROWS, fillCycles, filledCounts, solveFill, traversals } from '../../src/vm/filler';
import { JUMP_TABLE, N_TABLES } from '../../src/vm/isa';
import { SplitMix64 } from '../../src/util/splitmix64';

const isPow2 = (n: number) => n > 0 && (n & (n - 1)) === 0;
const nextPow2 = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(n, 1)));

function checkFilled(base: number[], floors?: number[]) {
  const plan = solveFill(base, floors);
  expect(plan, JSON.stringify(base)).not.toBeNull();
  const got = filledCounts(base, plan!);
  got.forEach((c, t) => {
    expect(isPow2(c), `${JSON.stringify(base)} → ${JSON.stringify(got)}`).toBe(true);
    expect(c).toBeGreaterThanOrEqual(Math.max(base[t], MIN_ROWS[t], floors?.[t] ?? 0));
    // Every table but JUMP takes exactly its next power of two; JUMP at most one doubling more.
    if (t !== JUMP_TABLE) expect(c).toBe(nextPow2(Math.max(base[t], MIN_ROWS[t], floors?.[t] ?? 0)));
    else expect(c).toBeLessThanOrEqual(2 * nextPow2(base[t] + traversals(plan!)));
  });
  return plan!;
}

describe('fill plan', () => {
  it('lands every table on a power of two, the awkward shapes included', () => {
    for (const base of [
      [0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1], [1, 2, 3, 4, 5, 6], [0, 0, 0, 0, 2 ** 20, 0],
      [2 ** 17, 2 ** 12, 1000, 2 ** 19, 2 ** 16, 8], [125_000, 286_000, 341_000, 508_000, 114_000, 130_000],
      [15, 18, 23, 16, 1, 0], [16, 16, 16, 16, 15, 8], [16, 16, 16, 16, 6, 8],
    ]) checkFilled(base);
  });
  it('from random row counts', () => {
    const rng = new SplitMix64(7);
    for (let i = 0; i < 500; i++) {
      const base = Array.from({ length: N_TABLES }, () => rng.next()[0] % (1 << (rng.next()[0] % 21)));
      checkFilled(base);
    }
  });
  it('a floor takes one table past its natural power of two', () => {
    const floors = [0, 0, 2 ** 16, 0, 0, 0];
    const plan = checkFilled([1000, 2000, 3000, 4000, 500, 8], floors);
    expect(filledCounts([1000, 2000, 3000, 4000, 500, 8], plan)[2]).toBe(2 ** 16);
  });
  it('rides the largest block: one traversal per 128 rows plus at most one per size and table', () => {
    const base = [125_000, 286_000, 341_000, 508_000, 114_000, 130_000];
    const plan = solveFill(base)!;
    const fill = filledCounts(base, plan).reduce((a, c) => a + c, 0) - base.reduce((a, c) => a + c, 0) - traversals(plan);
    expect(traversals(plan)).toBeLessThanOrEqual(fill / 128 + FILL_SIZES.length * N_TABLES);
  });
  it('resolves cycles to the program\'s blocks, or names the one missing', () => {
    const blocks = [{ pc: 10, size: 8, table: 0 }];
    expect(fillCycles(blocks, solveFill([7, 1, 1, 1, 0, 8])!)).toEqual({ table: 0, size: 1 });
    expect(fillCycles(blocks, solveFill([8, 1, 1, 1, 1, 8])!)).toEqual([]);
    // JUMP at 3 rows: 4 would leave a gap of one, so it goes to 8 by one walk of its size-4
    // block (4 dummies and the closing jump).
    const plan = solveFill([16, 1, 1, 1, 3, 8])!;
    expect(fillCycles(blocks, plan)).toEqual({ table: JUMP_TABLE, size: 4 });
    expect(fillCycles(blocks.concat([{ pc: 30, size: 4, table: JUMP_TABLE }]), plan)).toEqual([{ pc: 30, size: 4, traversals: 1 }]);
    expect(filledCounts([16, 1, 1, 1, 3, 8], plan)[JUMP_TABLE]).toBe(8);
  });
});
