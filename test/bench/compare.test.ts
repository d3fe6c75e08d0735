// bench --compare's arithmetic (bench/compare-rows.ts): which cells pair up and their ratios.
import { describe, expect, it } from 'vitest';
import { cellKey, compareRounds, ratioRows } from '../../bench/compare-rows';

const row = (backend: string, n: string | number, ms: number, extra: Record<string, number | string> = {}) => ({ backend, n, 'prove ms': ms, 'compr/s': 1000 / ms, ...extra });

describe('bench --compare', () => {
  it('pairs each round of a cell and gives head/ref with its median and range', () => {
    const ref = [[row('native ×1', '2^13', 200)], [row('native ×1', '2^13', 400)], [row('native ×1', '2^13', 300)]];
    const head = [[row('native ×1', '2^13', 100)], [row('native ×1', '2^13', 300)], [row('native ×1', '2^13', 300)]];
    const [cell, ...rest] = compareRounds('hash', ref, head);
    expect(rest).toEqual([]);
    expect(cell).toMatchObject({ bench: 'hash', cell: 'backend=native ×1 n=2^13', column: 'prove ms', ref: [200, 400, 300], head: [100, 300, 300] });
    expect(cell.ratios).toEqual([0.5, 0.75, 1]);
    expect([cell.medianRatio, cell.minRatio, cell.maxRatio]).toEqual([0.75, 0.5, 1]);
    expect(ratioRows([cell])[0]).toMatchObject({ 'ref ms': 300, 'head ms': 300, 'head/ref': 0.75, rounds: 3 });
  });

  it('keys cells by text fields and n, never by measured numbers, and pairs rows in any order', () => {
    expect(cellKey({ backend: 'cpu', program: 'big', cycles: 5, 'prove ms': 3 })).toBe('backend=cpu program=big');
    expect(cellKey({ backend: 'native', n: 100, 'aggregate ms': 3, error: 'x' })).toBe('backend=native n=100');
    const ref = [[row('a', 1, 10), row('b', 1, 20)]];
    const head = [[row('b', 1, 10), row('a', 1, 30)]];
    expect(compareRounds('x', ref, head).map((c) => [c.cell, c.ratios[0]])).toEqual([['backend=b n=1', 0.5], ['backend=a n=1', 3]]);
  });

  it('leaves out cells one side lacks in a round (a failure, a new bench) and uses only common rounds', () => {
    const ref = [[row('a', 1, 10)], [{ backend: 'a', n: 1, error: 'out of memory' }]];
    const head = [[row('a', 1, 10), row('new', 1, 5)], [row('a', 1, 10)], [row('a', 1, 10)]];
    expect(compareRounds('x', ref, head)).toEqual([]);
    expect(compareRounds('x', ref.slice(0, 1), head).map((c) => c.ratios)).toEqual([[1]]);
    expect(compareRounds('x', [], head)).toEqual([]);
  });

  it('compares every time column and only those', () => {
    const ref = [[row('a', 1, 10, { 'commit ms': 4, 'peak MiB': 100 })]];
    const head = [[row('a', 1, 5, { 'commit ms': 6, 'peak MiB': 50 })]];
    expect(compareRounds('x', ref, head).map((c) => [c.column, c.ratios[0]])).toEqual([['prove ms', 0.5], ['commit ms', 1.5]]);
  });
});
