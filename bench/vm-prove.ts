// The VM prover end to end: prove time, cycles per second (the proven rows, the fill included,
// per second of proving) and the stage split, for each vector program and for Fibonacci runs of
// 2^16 .. 2^20 cycles (./vm-programs.ts; at 2^20 the reference's `fibonacci --n 1000000`), per
// backend; the native backend at 1 and 2 threads and at its default (the reference's numbers
// are per thread count).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Backend } from '../src/backend/backend';
import { execute } from '../src/vm/execute';
import { type Program, parseProgram } from '../src/vm/program';
import { VM_STAGES, type VmStage, proveProgram } from '../src/vm/prove/prove';
import { type PublicInput, parsePublicInputJson } from '../src/vm/public-input';
import { perNativeThreads } from './native-threads';
import type { BenchRow } from './report';
import { summarize } from './stats';
import { fibonacciN, fibonacciProgram } from './vm-programs';

export const VM_PROVE_SIZES = [16, 17, 18, 19, 20];
const VECTORS = ['arith', 'calls', 'loops', 'hash', 'bits', 'big'];

interface Job {
  readonly name: string;
  readonly program: Program;
  readonly publicInput: PublicInput;
}

function jobs(logSizes: number[]): Job[] {
  // The vectors beside the repository, as the tests find them (LEANVM_VECTORS elsewhere).
  const dir = join(process.env.LEANVM_VECTORS ?? join(process.cwd(), '..', 'shared', 'vectors'), 'vm');
  const vector = (name: string): Job => ({
    name,
    program: parseProgram(readFileSync(join(dir, `${name}.program.json`), 'utf8')),
    publicInput: parsePublicInputJson(readFileSync(join(dir, `${name}.public.json`), 'utf8')),
  });
  const fib = (s: number): Job => ({ name: `fib 2^${s}`, ...fibonacciProgram(fibonacciN(s)) });
  return [...VECTORS.map(vector), ...logSizes.map(fib)];
}

export async function benchVmProve(backend: Backend, logSizes: number[], runs: number): Promise<BenchRow[]> {
  return perNativeThreads(backend, (b, label) => benchBackend(b, label, logSizes, runs));
}

async function benchBackend(backend: Backend, label: string, logSizes: number[], runs: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const job of jobs(logSizes)) {
    const cycles = execute(job.program, job.publicInput).cycles;
    const samples: Record<VmStage | 'total', number[]> = Object.fromEntries([...VM_STAGES, 'total'].map((s) => [s, []])) as never;
    let proofBytes = 0;
    try {
      for (let run = 0; run <= runs; run++) {
        const { stats } = await proveProgram(job.program, job.publicInput, { backend });
        if (run === 0) continue; // warm-up
        for (const s of VM_STAGES) samples[s].push(stats.stageMs[s]);
        samples.total.push(VM_STAGES.reduce((t, s) => t + stats.stageMs[s], 0));
        proofBytes = stats.proofBytes;
      }
    } catch (e) {
      rows.push({ backend: label, program: job.name, error: (e as Error).message.split('\n')[0] });
      continue;
    }
    const total = summarize(samples.total);
    const row: BenchRow = { backend: label, program: job.name, cycles, 'prove ms': total.medianMs, 'cycles/s': cycles / (total.medianMs / 1e3) };
    for (const s of VM_STAGES) row[`${s} ms`] = summarize(samples[s]).medianMs;
    Object.assign(row, { 'proof KiB': proofBytes / 1024, spread: total.spread, runs: total.runs });
    rows.push(row);
  }
  return rows;
}
