// The native backend's array pool: what it keeps, what it hands back, and what it refuses.
import { describe, expect, test } from 'vitest';
import { ArrayPool } from '../../src/backend/native/pool';

const BIG = 1 << 15; // words: 128 KiB, above the pool's minimum

describe('ArrayPool', () => {
  test('a freed array comes back for the same length, zeroed when asked', () => {
    const pool = new ArrayPool(1 << 30);
    const a = pool.take(BIG);
    expect(a.every((w) => w === 0)).toBe(true);
    a.fill(7);
    pool.give(a);
    expect(pool.take(BIG + 2)).not.toBe(a);
    const again = pool.take(BIG);
    expect(again).toBe(a);
    pool.give(again);
    const zeroed = pool.takeZeroed(BIG);
    expect(zeroed).toBe(a);
    expect(zeroed.every((w) => w === 0)).toBe(true);
    expect(pool.take(BIG)).not.toBe(a); // handed out once only
  });

  test('keeps only large arrays it made, within its cap; clear drops them', () => {
    const pool = new ArrayPool(3 * 4 * BIG);
    const foreign = new Uint32Array(BIG);
    pool.give(foreign);
    expect(pool.take(BIG)).not.toBe(foreign);
    const small = pool.take(16);
    pool.give(small);
    expect(pool.take(16)).not.toBe(small);
    const arrays = [pool.take(BIG), pool.take(BIG), pool.take(BIG), pool.take(BIG)];
    for (const a of arrays) pool.give(a);
    const back = [pool.take(BIG), pool.take(BIG), pool.take(BIG), pool.take(BIG)];
    expect(back.filter((a) => arrays.includes(a))).toHaveLength(3); // the cap holds three
    for (const a of back) pool.give(a);
    pool.clear();
    expect(back).not.toContain(pool.take(BIG));
  });
});
