// `leanvm-gpu run vm`: execute a compiled program without proving it, and print what a proof of
// it would announce: the cycles, each table's rows before and after the fill, h and the τ. Bad
// input (an unreadable program, public input or witness file, a run that cannot finish) exits 2
// with one line naming the problem.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { E } from '../../src/field/e';
import { ExecutionError } from '../../src/vm/errors';
import { formatExecTrace } from '../../src/vm/exec-trace';
import { execute } from '../../src/vm/execute';
import { TABLES } from '../../src/vm/isa';
import { eToJson } from '../../src/vm/words';
import { UsageError } from './usage';
import { loadProgram, loadPublicInput, parseMaxCycles } from './vm-inputs';

export interface RunVmOptions {
  program: string;
  witness?: string;
  publicInput?: string;
  publicInputFile?: string;
  maxCycles?: string;
  trace?: string;
  json?: boolean;
}

const wordHex = (w: Uint32Array): string => eToJson(w).join(',');

export async function runVm(opts: RunVmOptions): Promise<void> {
  const { program, witness, annotated } = loadProgram(opts);
  const publicInput = loadPublicInput(opts) ?? annotated;
  const maxCycles = parseMaxCycles(opts.maxCycles);

  const t0 = performance.now();
  let exec;
  try {
    exec = execute(program, publicInput, { witness, maxCycles, events: opts.trace !== undefined });
  } catch (e) {
    if (e instanceof ExecutionError) throw new UsageError(`${opts.program}: the run stopped at ${e.message}`);
    throw e;
  }
  const ms = performance.now() - t0;
  if (opts.trace !== undefined) writeFileSync(opts.trace, formatExecTrace(program, exec));

  const published = [0, 1].map((c) => exec.memory.subarray(6 * c, 6 * c + 6));
  const prints = exec.prints.map((p) => ({ step: p.step, pc: p.pc, label: p.label, value: p.value === null ? null : eToJson(p.value as E) }));
  if (opts.json) {
    const tables = Object.fromEntries(TABLES.map((t, i) => [t, { rows: exec.baseCounts[i], filled: exec.rowCounts[i], tau: exec.taus?.[i] ?? null }]));
    console.log(JSON.stringify({
      program: opts.program,
      programCycles: exec.programCycles,
      cycles: exec.cycles,
      tables,
      h: exec.logMem,
      memUsed: exec.memUsed,
      publicInput: published.map((w) => eToJson(w)),
      publicInputGiven: publicInput !== null,
      fill: exec.fill,
      prints,
      unconstrainedReads: exec.unconstrainedReads,
      ms: Number(ms.toFixed(2)),
    }, null, 2));
  } else {
    for (const p of prints) console.error(`[print] ${p.label} = ${p.value === null ? '<unwritten>' : p.value.join(',')} (pc ${p.pc}, step ${p.step})`);
    const rate = exec.cycles / Math.max(ms, 1e-3) / 1000;
    console.log(`${opts.program}: ${exec.programCycles} program cycles, ${exec.cycles} once filled (${exec.fill.length} fill blocks), ${ms.toFixed(1)} ms (${rate.toFixed(2)} M cycles/s)`);
    console.log(`  ${'table'.padEnd(8)} ${'rows'.padStart(10)} ${'filled'.padStart(10)} ${'tau'.padStart(4)}`);
    TABLES.forEach((t, i) => console.log(`  ${t.padEnd(8)} ${String(exec.baseCounts[i]).padStart(10)} ${String(exec.rowCounts[i]).padStart(10)} ${String(exec.taus?.[i] ?? '-').padStart(4)}`));
    console.log(`memory: ${exec.memUsed} cells used, h = ${exec.logMem}`);
    console.log(`public input${publicInput === null ? ' (as the program published it)' : ''}: ${published.map(wordHex).join('  ')}`);
    if (exec.taus === null) console.log('the tables are not all powers of two and the program has no fill blocks: a proof cannot be made of this run');
  }
  if (exec.unconstrainedReads.length > 0) {
    const first = exec.unconstrainedReads.slice(0, 8).join(', ');
    const why = publicInput === null && exec.unconstrainedReads[0] < 2 ? ' (the program reads its public input: pass --public-input)' : ' (a compiler bug: no proof can be made of this run)';
    throw new UsageError(`${opts.program}: the run read ${exec.unconstrainedReads.length} cell(s) nothing writes, first ${first}${why}`);
  }
}
