// The interpreter against the reference: arith's run step by step against the reference
// interpreter's own trace (arith.exec.txt), and every vector program's sizes (cycles, rows per
// table before and after the fill, h, the τ, memory used) against its summary.
import { describe, expect, it } from 'vitest';
import { kPow } from '../../src/field/k';
import { formatExecTrace } from '../../src/vm/exec-trace';
import { execute } from '../../src/vm/execute';
import { wordText } from '../../src/vm/fault';
import { TABLES } from '../../src/vm/isa';
import { parseProgram } from '../../src/vm/program';
import { parsePublicInputJson } from '../../src/vm/public-input';
import { VM_PROGRAMS, vmSummary, vmText } from './vm-vectors';

const G = Uint32Array.of(2, 0);
const load = (name: string) => ({ program: parseProgram(vmText(name, 'program.json')), pi: parsePublicInputJson(vmText(name, 'public.json')) });

describe('execution matches the reference interpreter', () => {
  const { program, pi } = load('arith');
  const exec = execute(program, pi, { events: true });
  const file = vmText('arith', 'exec.txt');
  const body = file.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
  const steps = body.filter((l) => !l.startsWith('--'));

  it('arith: every step has the reference pc, fp, bytecode count, cells ADDR#CNT and values', () => {
    expect(steps.length).toBe(exec.cycles);
    const next = new Array(TABLES.length).fill(0);
    const word = (c: number) => wordText(exec.memory, 6 * c);
    steps.forEach((line, step) => {
      const m = /^(\d{6}) pc=(\d+) fp=(\d+) bc=(\d+) (\w+) (.*)$/.exec(line)!;
      expect(Number(m[1])).toBe(step);
      const t = exec.order[step];
      expect(TABLES[t]).toBe(m[5]);
      const rows = exec.rows[t];
      const i = next[t]++;
      const [pc, fp] = [rows.pc(i), rows.fp(i)];
      expect([pc, fp, rows.bc(i)]).toEqual([Number(m[2]), Number(m[3]), Number(m[4])]);
      // The cells the reference lists, in its access order, against the addresses the
      // instruction names and the counts the row carries.
      const cells = [...m[6].matchAll(/(\d+)#(\d+)/g)].map((c) => [Number(c[1]), Number(c[2])]);
      const ins = program.bytecode[pc];
      let addrs: number[];
      switch (ins.op) {
        case 'XOR':
        case 'MUL':
          addrs = [ins.a, ins.b, ins.c].map((o) => fp + o);
          break;
        case 'SET':
          addrs = [fp + ins.o];
          expect(m[6]).toContain(`k=${wordText(ins.k, 0)}`);
          break;
        case 'DEREF': {
          const base = Number(/ptr=g\^(\d+)/.exec(m[6])![1]);
          const g = kPow(G, base);
          expect(word(fp + ins.alpha)).toBe(wordText(Uint32Array.of(g[0], g[1], 0, 0, 0, 0), 0));
          addrs = [fp + ins.alpha, base + ins.beta, fp + ins.gamma];
          expect(m[6]).toContain(`mode=${ins.mode}`);
          break;
        }
        case 'JUMP':
          addrs = [ins.oc, ins.od, ins.of].map((o) => fp + o);
          break;
        case 'BLAKE2S':
          addrs = [...ins.ins, ins.cv, ins.cv + 1, ins.out, ins.out + 1].map((o) => fp + o);
          break;
      }
      expect(cells.map((c) => c[0])).toEqual(addrs);
      expect(cells.map((c) => c[1])).toEqual(addrs.map((_, j) => rows.count(i, j)));
      // Every value the line shows is the final memory's word at the cell it names.
      const values = [...m[6].matchAll(/v(\w+)=([0-9a-f,;[\]]+)/g)];
      const shown = values.flatMap((v) => v[2].replace(/[[\]]/g, '').split(';'));
      const named = ins.op === 'DEREF' ? [addrs[1], addrs[2]] : ins.op === 'SET' ? [] : addrs;
      expect(shown).toEqual(named.map(word));
    });
  });

  it('arith: the halt, the fill cycles, the hints and allocations are the reference\'s, and the trace text is its file', () => {
    const events = body.filter((l) => l.startsWith('--'));
    expect(events).toContain(`-- halt after ${exec.programCycles} steps: base_counts [XOR, MUL, SET, DEREF, JUMP, BLAKE2S] = [${exec.baseCounts.join(', ')}]`);
    expect(events.filter((l) => l.startsWith('-- fill cycle'))).toEqual(exec.fill.map((f) => `-- fill cycle: block pc=${f.pc} frame fp=${f.fp} rows=${f.rows}`));
    expect(formatExecTrace(program, exec)).toBe(body.map((l) => l + '\n').join(''));
  });

  for (const name of VM_PROGRAMS) {
    it(`${name}: cycles, rows before and after the fill, h, τ and memory used are the summary's`, () => {
      const { program: p, pi: input } = load(name);
      const s = vmSummary(name);
      const e = execute(p, input);
      const byName = (counts: readonly number[]) => Object.fromEntries(TABLES.map((t, i) => [t, counts[i]]));
      expect(e.programCycles).toBe(s.program_cycles);
      expect(e.cycles).toBe(s.proven_rows);
      expect(byName(e.baseCounts)).toEqual(s.rows_before_fill);
      expect(byName(e.rowCounts)).toEqual(s.rows_after_fill);
      expect(e.logMem).toBe(s.announced.h);
      expect(byName(e.taus!)).toEqual(s.announced.tau);
      expect(e.memUsed).toBe(s.mem_used);
      expect(e.unconstrainedReads).toEqual([]);
      // The public input is the first two cells, and the final counts are the rows' reads.
      expect(wordText(e.memory, 0)).toBe(wordText(input[0], 0));
      const reads = e.rows.reduce((a, r, t) => a + r.length * [3, 3, 1, 3, 3, 8][t], 0);
      expect(e.memCounts.reduce((a, c) => a + c, 0)).toBe(reads);
      expect(e.bytecodeCounts.reduce((a, c) => a + c, 0)).toBe(e.cycles);
    });
  }
});
