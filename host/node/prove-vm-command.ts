// `leanvm-gpu prove vm`: prove a compiled program's execution on a public input, on a chosen
// backend, and write the proof. A run that cannot finish or cannot be proved (a failed assert, a
// wrong witness, the cycle cap, tables that are no powers of two) exits 2 with one line naming
// the problem, and writes no proof file.
import { describeTraffic, totalTraffic } from '../../src/backend/traffic';
import { ExecutionError, ProveError } from '../../src/vm/errors';
import type { VmShape } from '../../src/vm/layout';
import { vmMemory } from '../../src/vm/prove/memory';
import { VM_STAGES, proveProgram } from '../../src/vm/prove/prove';
import { TABLES } from '../../src/vm/isa';
import { type BackendChoice, DEFAULT_THREADS, openBackend } from './backends';
import { interruptible } from './interrupt';
import { mib, parseThreads, peakRss, writable, writeOut } from './cli-files';
import { memoryGuard, type MemoryOptions } from './memory-limit';
import { progressBar } from './progress';
import { loadProgram, loadPublicInput, parseMaxCycles } from './vm-inputs';
import { UsageError } from './usage';

export interface ProveVmOptions extends MemoryOptions {
  program: string;
  witness?: string;
  publicInput?: string;
  publicInputFile?: string;
  out: string;
  rate?: string;
  maxCycles?: string;
  backend: BackendChoice;
  threads?: string;
  json?: boolean;
}

export async function proveVm(opts: ProveVmOptions): Promise<void> {
  const { program, witness, annotated } = loadProgram(opts);
  const publicInput = loadPublicInput(opts) ?? annotated;
  if (publicInput === null) throw new UsageError('give the public input: --public-input A,B or --public-input-file F, or a # public_input: line in the .py (leanvm-gpu run vm shows what the program publishes)');
  const rate = opts.rate ?? '1';
  if (!/^[1-4]$/.test(rate)) throw new UsageError(`--rate is log2 of the inverse rate, 1 to 4, got "${rate}"`);
  const maxCycles = parseMaxCycles(opts.maxCycles);
  const threads = parseThreads(opts.threads);
  writable(opts.out, 'proof');
  const { backend, why, hostMemory } = await openBackend(opts.backend, { threads });
  console.error(`backend: ${backend.name} (${why})`);
  // Run, then weigh the run's shape before the proof builds anything.
  const memory = memoryGuard((shape: VmShape, logInvRate: number) => vmMemory(shape, logInvRate, backend.name), hostMemory, opts, `proving ${opts.program} on ${backend.name}`);
  const bar = progressBar();
  let result;
  try {
    result = await interruptible((signal) =>
      proveProgram(program, publicInput, { backend, witness, logInvRate: Number(rate), maxCycles, onProgress: bar?.update, onShape: memory.check, signal }));
  } catch (e) {
    if (e instanceof ExecutionError) throw new UsageError(`${opts.program}: the run stopped at ${e.message}`);
    if (e instanceof ProveError) throw new UsageError(`${opts.program}: ${e.message}`);
    throw e;
  } finally {
    bar?.done();
    await backend.dispose();
  }
  writeOut(opts.out, result.proof, 'proof');
  const { stageMs, proofBytes, cycles, programCycles, taus, h, traffic } = result.stats;
  const totalMs = VM_STAGES.reduce((t, s) => t + stageMs[s], 0);
  const report = {
    command: 'prove vm', backend: backend.name, why, ...(backend.name === 'webgpu' ? {} : { threads: threads ?? DEFAULT_THREADS }),
    program: opts.program, programCycles, cycles, h, tau: Object.fromEntries(TABLES.map((t, i) => [t, taus[i]])), logInvRate: Number(rate),
    stageMs, totalMs, cyclesPerSecond: cycles / (totalMs / 1000), proofBytes, peakRssBytes: peakRss(), memory: memory.report(), proof: opts.out,
    ...(traffic === undefined ? {} : { traffic }),
  };
  if (opts.json) return console.log(JSON.stringify(report, null, 2));
  const on = backend.name === 'webgpu' ? backend.name : `${backend.name} (${report.threads} thread${report.threads === 1 ? '' : 's'})`;
  console.log(`proved ${programCycles} cycles (${cycles} with the fill) of ${opts.program} on ${on} in ${totalMs.toFixed(0)} ms, ${report.cyclesPerSecond.toFixed(0)} cycles/s`);
  console.log(`  h = ${h}, τ ${TABLES.map((t, i) => `${t} ${taus[i]}`).join(', ')}, rate 1/${2 ** Number(rate)}`);
  console.log(`  stages (ms): ${VM_STAGES.map((s) => `${s} ${stageMs[s].toFixed(0)}`).join(', ')}`);
  if (traffic !== undefined) console.log(`  device traffic: ${describeTraffic(totalTraffic(traffic))}`);
  console.log(`  proof: ${proofBytes} bytes → ${opts.out}; peak memory ${mib(report.peakRssBytes)} (estimated ${mib(report.memory!.estimatedPeakBytes)})`);
}
