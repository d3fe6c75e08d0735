// `leanvm-gpu run vm`: execute a compiled program without proving it, and print what a proof of
// it would announce: the cycles, each table's rows before and after the fill, h and the τ. Bad
// input (an unreadable program, public input or witness file, a run that cannot finish) exits 2
// with one line naming the problem.
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { E } from '../../src/field/e';
import { ExecutionError, ProgramFormatError, PublicInputError } from '../../src/vm/errors';
import { formatExecTrace } from '../../src/vm/exec-trace';
import { DEFAULT_MAX_CYCLES, execute } from '../../src/vm/execute';
import { TABLES } from '../../src/vm/isa';
import { type Program, parseProgram, parseWitness } from '../../src/vm/program';
import type { WitnessStreams } from '../../src/vm/witness-streams';
import { type PublicInput, parsePublicInputJson, parsePublicInputList } from '../../src/vm/public-input';
import { eToJson } from '../../src/vm/words';
import { loadProgramFile } from './compile-command';
import { UsageError } from './usage';

export interface RunVmOptions {
  program: string;
  witness?: string;
  publicInput?: string;
  publicInputFile?: string;
  maxCycles?: string;
  trace?: string;
  json?: boolean;
}

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read the ${what} ${path}: ${(e as Error).message}`);
  }
}

/** The thing parsed from `path`, with a format error turned into a usage error naming the file. */
function parsed<T>(path: string, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    if (e instanceof ProgramFormatError || e instanceof PublicInputError) throw new UsageError(`${path}: ${e.message}`);
    throw e;
  }
}

/** The public input from --public-input or --public-input-file; null if neither is given, in
 * which case the run derives the words the program publishes. */
export function loadPublicInput(opts: { publicInput?: string; publicInputFile?: string }): PublicInput | null {
  if (opts.publicInput !== undefined && opts.publicInputFile !== undefined) throw new UsageError('give --public-input or --public-input-file, not both');
  if (opts.publicInput !== undefined) return parsed('--public-input', () => parsePublicInputList(opts.publicInput!));
  if (opts.publicInputFile !== undefined) return parsed(opts.publicInputFile, () => parsePublicInputJson(readText(opts.publicInputFile!, 'public input file')));
  return null;
}

const wordHex = (w: Uint32Array): string => eToJson(w).join(',');

/** The program of --program (a .py source is compiled; its annotations' public input is kept),
 * and the streams of --witness if given. */
export function loadProgram(opts: { program: string; witness?: string }): { program: Program; witness?: WitnessStreams; annotated: PublicInput | null } {
  const source = opts.program.endsWith('.py') ? loadProgramFile(opts.program) : null;
  const program = source?.program ?? parsed(opts.program, () => parseProgram(readText(opts.program, 'program')));
  const witness = opts.witness === undefined ? undefined : parsed(opts.witness, () => parseWitness(readText(opts.witness!, 'witness file')));
  return { program, witness, annotated: source?.publicInput ?? null };
}

/** --max-cycles, or the interpreter's default cap. */
export function parseMaxCycles(text: string | undefined): number {
  if (text === undefined) return DEFAULT_MAX_CYCLES;
  if (!/^[1-9]\d{0,15}$/.test(text)) throw new UsageError(`--max-cycles must be a positive integer, got "${text}"`);
  return Number(text);
}

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
