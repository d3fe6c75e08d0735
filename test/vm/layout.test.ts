// The shared layout definitions against the reference: every vector's stack placements (each
// column's offset and size, the virtual BLAKE2S value columns), μ, the committed lanes and
// words come out of the announced shape alone; the table schemas have the reference's widths.
import { describe, expect, it } from 'vitest';
import { parseProgram } from '../../src/vm/program';
import { type VmShape, columnName, shapeProblem, stackLog, vmLayout } from '../../src/vm/layout';
import { blockSelector, leafLayout } from '../../src/vm/leaves';
import { BLAKE2S_VALUE_SLOTS, N_COLUMNS, TABLE_BASES, virtualSlot } from '../../src/vm/tables/columns';
import { TABLE_SCHEMAS } from '../../src/vm/tables/schema';
import { VM_PROGRAMS, vmSummary, vmText } from './vm-vectors';

export function summaryShape(name: string): { shape: VmShape; logInvRate: number } {
  const s = vmSummary(name);
  const [h, ...rest] = s.announced.in_stream_order as number[];
  const logBytecode = Math.log2(parseProgram(vmText(name, 'program.json')).bytecode.length);
  return { shape: { logMemory: h, taus: rest.slice(0, 6), logBytecode }, logInvRate: rest[6] };
}

describe('table schemas', () => {
  it('have the reference widths, 108 global columns and 18 virtual BLAKE2S columns', () => {
    expect(TABLE_SCHEMAS.map((t) => t.columns.length)).toEqual([15, 15, 8, 15, 14, 35]);
    expect(TABLE_BASES).toEqual([6, 21, 36, 44, 59, 73]);
    expect(N_COLUMNS).toBe(108);
    expect([...BLAKE2S_VALUE_SLOTS.values()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(columnName(81)).toBe('BLAKE2S.m0_lo');
    expect(virtualSlot(81)).toBe(10);
    expect(TABLE_SCHEMAS.map((t) => t.counts.length)).toEqual([4, 4, 2, 4, 4, 9]);
    expect(TABLE_SCHEMAS.map((t) => t.interactions.length)).toEqual([5, 5, 3, 5, 5, 10]);
    // Every tuple fits the 12 coordinates of the bus.
    for (const t of TABLE_SCHEMAS) for (const i of t.interactions) expect(Math.max(i.push.length, i.pull.length)).toBeLessThanOrEqual(12);
  });
});

describe('stack layout', () => {
  for (const name of VM_PROGRAMS) {
    it(`${name}: placements, μ, lanes and committed words are the summary's`, () => {
      const s = vmSummary(name);
      const { shape, logInvRate } = summaryShape(name);
      expect(shapeProblem(shape, logInvRate)).toBeNull();
      const layout = vmLayout(shape);
      expect(layout.stack.logN).toBe(s.mu);
      expect(stackLog(shape)).toBe(s.mu);
      expect(layout.stack.nLanes).toBe(s.n_lanes);
      expect(layout.stack.words).toBe(s.committed_words);
      const placements = layout.placements.map((p, column) => (p === null ? { column, virtual: 1 } : { column, n_vars: p.vars, offset: p.offset }));
      expect(placements).toEqual(s.placements);
    });
  }
});

describe('leaf layout', () => {
  it('arith: an 18-deep bus (the trace header), blocks disjoint and aligned', () => {
    const { shape } = summaryShape('arith');
    const leaves = leafLayout(shape);
    expect(leaves.depth).toBe(18);
    for (const tree of [leaves.push, leaves.count]) {
      let end = 0;
      for (const b of [...tree.blocks].sort((x, y) => x.offset - y.offset)) {
        expect(b.offset).toBe(end);
        expect(Number.isInteger(blockSelector(b))).toBe(true);
        end += 2 ** b.logRows;
      }
      expect(end).toBeLessThanOrEqual(2 ** leaves.depth);
    }
  });

  it('rejects shapes outside the announced bounds, naming the size', () => {
    const { shape } = summaryShape('arith');
    expect(shapeProblem({ ...shape, logMemory: 15 }, 1)).toMatch(/h = 15/);
    expect(shapeProblem({ ...shape, taus: [4, 5, 5, 4, 3, 2] }, 1)).toMatch(/τ_BLAKE2S = 2/);
    expect(shapeProblem({ ...shape, taus: [33, 5, 5, 4, 3, 3] }, 1)).toMatch(/τ_XOR = 33/);
    expect(shapeProblem(shape, 5)).toMatch(/log_inv_rate 5/);
    expect(stackLog({ ...shape, logMemory: 27 })).toBe(30);
  });
});
