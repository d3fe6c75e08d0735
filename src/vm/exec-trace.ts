// A run written out one line per step, in the format of the reference's execution trace
// (VM_EXEC_TRACE, docs/protocol.md §11.6; the vectors' NAME.exec.txt without its header), so that a run
// of ours and one of the reference's can be compared line by line: pc, fp, the bytecode read
// count, every cell accessed as ADDR#CNT in access order, and the values from the final memory;
// hints, allocations, the halt and each fill cycle on lines of their own.
import { wordText } from './fault';
import type { Execution } from './execute';
import { GPow } from './gpow';
import type { Hint } from './hints';
import { TABLES } from './isa';
import type { Program } from './program';
import type { ExecEvent } from './run-hints';

function hintText(h: Hint, fp: number): string {
  switch (h.kind) {
    case 'Alloc':
      return `Alloc ptr=${fp + h.ptr} size=${h.size}`;
    case 'AllocDyn':
      return `AllocDyn ptr=${fp + h.ptr} size_cell=${fp + h.size}`;
    case 'WitnessStack':
      return `WitnessStack name=${h.name} cells=${fp + h.base}..${fp + h.base + h.len}`;
    case 'WitnessHeap':
      return `WitnessHeap name=${h.name} ptr=${fp + h.ptr} lo=${h.lo} len=${h.len}`;
    case 'Log2Ceil':
      return `Log2Ceil bits_ptr=${fp + h.bits_ptr} dst=${fp + h.dst} nbits=${h.nbits} floor=${h.floor}`;
    case 'BitDecompose':
    case 'BitDecomposeExp':
      return `${h.kind} value=${fp + h.value} bits_ptr=${fp + h.bits_ptr} nbits=${h.nbits}`;
    case 'FieldLimbs':
      return `FieldLimbs value=${fp + h.value} cells=${fp + h.base}..${fp + h.base + h.len}`;
    case 'Inverse':
      return `Inverse value=${fp + h.value} dst=${fp + h.dst}`;
    case 'Print':
      return `Print label=${JSON.stringify(h.label)} cell=${fp + h.cell}`;
  }
}

function eventText(e: ExecEvent): string {
  return e.kind === 'hint'
    ? `-- hint pc=${e.pc} ${hintText(e.hint, e.fp)}`
    : `-- alloc: cell ${e.cell} <- g^${e.base} (${e.size} cells ${e.base}..${e.base + e.size})`;
}

/** The trace text of a run made with `events: true`, one line per step and event. */
export function formatExecTrace(program: Program, exec: Execution): string {
  if (exec.events === null) throw new Error('formatExecTrace: run execute with { events: true }');
  const mem = exec.memory;
  const cells = mem.length / 6;
  const v = (c: number) => (c < cells ? wordText(mem, 6 * c) : '0000000000000000,0000000000000000,0000000000000000');
  const g = new GPow(cells);
  const log = (c: number) => g.log(mem[6 * c], mem[6 * c + 1]);
  // Lines that come before a step: the halt, a fill cycle's start, then its hints.
  const before = new Map<number, string[]>();
  const at = (step: number) => before.get(step) ?? (before.set(step, []), before.get(step)!);
  at(exec.programCycles).push(`-- halt after ${exec.programCycles} steps: base_counts [${TABLES.join(', ')}] = [${exec.baseCounts.join(', ')}]`);
  let start = exec.programCycles;
  for (const f of exec.fill) {
    at(start).push(`-- fill cycle: block pc=${f.pc} frame fp=${f.fp} rows=${f.rows}`);
    start += f.rows;
  }
  for (const e of exec.events) at(e.step).push(eventText(e));

  const out: string[] = [];
  const next = new Array(TABLES.length).fill(0);
  for (let step = 0; step <= exec.cycles; step++) {
    out.push(...(before.get(step) ?? []));
    if (step === exec.cycles) break;
    const t = exec.order[step];
    const rows = exec.rows[t];
    const i = next[t]++;
    const pc = rows.pc(i), fp = rows.fp(i);
    const ins = program.bytecode[pc];
    const cell = (addr: number, j: number) => `${addr}#${rows.count(i, j)}`;
    let body: string;
    switch (ins.op) {
      case 'XOR':
      case 'MUL': {
        const [a, b, c] = [fp + ins.a, fp + ins.b, fp + ins.c];
        body = `${ins.op} a=${cell(a, 0)} b=${cell(b, 1)} c=${cell(c, 2)} va=${v(a)} vb=${v(b)} vc=${v(c)}`;
        break;
      }
      case 'SET':
        body = `SET o=${cell(fp + ins.o, 0)} k=${wordText(ins.k, 0)}`;
        break;
      case 'DEREF': {
        const p = fp + ins.alpha, base = log(p), q = base + ins.beta, s = fp + ins.gamma;
        body = `DEREF mode=${ins.mode} p=${cell(p, 0)} ptr=g^${base} q=${cell(q, 1)} s=${cell(s, 2)} vq=${v(q)} vs=${v(s)}`;
        break;
      }
      case 'JUMP': {
        const [c, d, f] = [fp + ins.oc, fp + ins.od, fp + ins.of];
        const taken = (mem[6 * c] | mem[6 * c + 1]) !== 0;
        const [npc, nfp] = taken ? [log(d), log(f)] : [pc + 1, fp];
        body = `JUMP c=${cell(c, 0)} d=${cell(d, 1)} f=${cell(f, 2)} vc=${v(c)} vd=${v(d)} vf=${v(f)} -> pc=${npc} fp=${nfp}`;
        break;
      }
      case 'BLAKE2S': {
        const addrs = [...ins.ins, ins.cv, ins.cv + 1, ins.out, ins.out + 1].map((o) => fp + o);
        const cs = addrs.map((a, j) => cell(a, j));
        const vs = addrs.map(v);
        body = `BLAKE2S m=[${cs.slice(0, 4).join(',')}] cv=[${cs.slice(4, 6).join(',')}] out=[${cs.slice(6).join(',')}] meta=${wordText(ins.metadata, 0)} vm=[${vs.slice(0, 4).join(';')}] vcv=[${vs.slice(4, 6).join(';')}] vout=[${vs.slice(6).join(';')}]`;
        break;
      }
    }
    out.push(`${String(step).padStart(6, '0')} pc=${pc} fp=${fp} bc=${rows.bc(i)} ${body}`);
  }
  return out.map((l) => l + '\n').join('');
}
