// `npm run bench -- --only reference`: the native backend beside the leanVM-b reference in one run,
// at 1 and 2 threads, on the workloads the reference benchmarks itself: the hash batch at 2^13 and
// 2^15 compressions (its blake2s_batch test), the vector program `big` (its driver's single cold
// prove), Fibonacci of 2^20 cycles (`leanvm-b fibonacci --n 1000000`) and XMSS aggregation of 100
// and 400 signatures (`leanvm-b xmss --n-signatures N`). Each side times what the reference's own
// report times, in a process of its own, the two alternating run by run (ref, ours, ref, ours …) so
// that a drift in the machine's speed hits both:
//   hash   warm, witness excluded (the reference warms up once; ours three times, bench/hash.ts);
//   big    one cold prove in a fresh process (the reference compiles big.py, ours reads the
//          vector's program JSON, both outside the timer);
//   fib    one warm-up, then the timed proof (the reference's --cooldown 0 pass);
//   xmss   ours one cold aggregate() (what the CLI's `aggregate` reports; keys and signatures
//          made beforehand); the reference's warm pass after its warm-up: this errs against us.
// Peak memory is each process's whole peak resident set (/usr/bin/time's maximum RSS, where it is
// installed): the reference's includes its warm-up, key generation and verification. The reference is found under $LEANVM_REFERENCE (default /tmp/ref): bin/leanvm-b,
// bin/blake2s_batch and, for `big`, vmsrc/target/release/vmvec (the reference-VM tool's driver).
// Speed is never asserted: the table and bench/results/reference-*.json are for reading, with the
// load average beside each cell (the machines here are shared).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBackend } from '../host/node/backends';
import type { Backend } from '../src/backend/backend';
import { referenceMessages } from '../src/workloads/hash-batch/inputs';
import { HASH_BATCH_STAGES, proveHashBatch } from '../src/workloads/hash-batch/prove';
import { parseProgram } from '../src/vm/program';
import { VM_STAGES, proveProgram } from '../src/vm/prove/prove';
import { parsePublicInputJson } from '../src/vm/public-input';
import { AGGREGATE_STAGES, aggregate } from '../src/workloads/xmss-aggregate';
import type { BenchRow } from './report';
import { summarize } from './stats';
import { fibonacciN, fibonacciProgram } from './vm-programs';
import { XMSS_EPOCH, XMSS_MESSAGE, signersFor } from './xmss';

/** Set in the process that runs our side of one cell: the cell as JSON. */
export const REFERENCE_CELL_ENV = 'LEANVM_BENCH_REFERENCE_CELL';
export const REFERENCE_THREADS = [1, 2];

export type Workload =
  | { kind: 'hash'; log: number }
  | { kind: 'big' }
  | { kind: 'fib'; log: number }
  | { kind: 'xmss'; n: number };

/** The cells, each with the log2 size that --max-log compares (xmss: of the signers, as bench/xmss.ts). */
export const REFERENCE_WORKLOADS: { name: string; log: number; workload: Workload }[] = [
  { name: 'hash 2^13', log: 13, workload: { kind: 'hash', log: 13 } },
  { name: 'hash 2^15', log: 15, workload: { kind: 'hash', log: 15 } },
  { name: 'big (129K cycles), cold', log: 17, workload: { kind: 'big' } },
  { name: 'fib 2^20', log: 20, workload: { kind: 'fib', log: 20 } },
  { name: 'xmss n=100', log: Math.log2(100), workload: { kind: 'xmss', n: 100 } },
  { name: 'xmss n=400', log: Math.log2(400), workload: { kind: 'xmss', n: 400 } },
];

const HASH_WARMUPS = 3;

function vectorsDir(): string {
  return join(process.env.LEANVM_VECTORS ?? join(process.cwd(), '..', 'shared', 'vectors'), 'vm');
}

/** Reads the reference's time (ms) of a workload from what it prints: the blake2s_batch test's
 * total without the witness, the VM driver's prove, `leanvm-b fibonacci`'s proving and `leanvm-b
 * xmss`'s aggregating line. NaN when the line is missing. */
export function referenceMs(kind: Workload['kind'], out: string): number {
  const line = {
    hash: /prove TOTAL \(witness excluded\)\s*:\s*([\d.]+) ms/,
    big: /prove ([\d.]+) s/,
    fib: /proving\s*:\s*([\d.]+) s/,
    xmss: /aggregating\s*:\s*([\d.]+) s/,
  }[kind].exec(out);
  if (line === null) return NaN;
  return Number(line[1]) * (kind === 'hash' ? 1 : 1000);
}

/** The reference's command for a cell, or why there is none. */
function referenceCommand(w: Workload, dir: string, scratch: string): { file: string; args: string[]; env: Record<string, string> } | string {
  const leanvm = join(dir, 'bin', 'leanvm-b');
  const command = (file: string, args: string[], env: Record<string, string> = {}) => (existsSync(file) ? { file, args, env } : `no ${file}`);
  switch (w.kind) {
    case 'hash':
      return command(join(dir, 'bin', 'blake2s_batch'), ['--ignored', '--nocapture'], { FLOCK_N_LOG: String(w.log), BENCH_COOLDOWN: '0' });
    case 'big':
      // The reference-VM tool's driver, built on that tool's first run.
      return command(join(dir, 'vmsrc', 'target', 'release', 'vmvec'), ['vm', join(vectorsDir(), 'big.py'), scratch, scratch, 'big', '1']);
    case 'fib':
      return command(leanvm, ['fibonacci', '--n', String(fibonacciN(w.log)), '--cooldown', '0']);
    case 'xmss':
      return command(leanvm, ['xmss', '--n-signatures', String(w.n), '--cooldown', '0']);
  }
}

/** Runs a command under /usr/bin/time when it is there; its output, exit status and peak RSS. */
function timed(file: string, args: string[], env: NodeJS.ProcessEnv, cwd: string, scratch: string): { out: string; ok: boolean; why: string; peakBytes?: number } {
  const rss = join(scratch, 'peak.txt');
  rmSync(rss, { force: true });
  const time = existsSync('/usr/bin/time');
  const r = time
    ? spawnSync('/usr/bin/time', ['-f', '%M', '-o', rss, file, ...args], { encoding: 'utf8', env, cwd, maxBuffer: 1 << 26 })
    : spawnSync(file, args, { encoding: 'utf8', env, cwd, maxBuffer: 1 << 26 });
  const out = `${r.stdout ?? ''}\n${r.stderr ?? ''}`;
  const peakKiB = time && existsSync(rss) ? Number(readFileSync(rss, 'utf8').trim().split('\n').at(-1)) : NaN;
  const why = r.status === 0 ? '' : `exited ${r.status ?? r.signal}: ${out.trim().split('\n').at(-1)}`;
  return { out, ok: r.status === 0, why, peakBytes: Number.isFinite(peakKiB) ? peakKiB * 1024 : undefined };
}

/** In the process of our side of a cell: prepares the inputs, proves as the reference does and
 * prints the timed proof's milliseconds as JSON. */
export async function runReferenceCell(spec: string): Promise<void> {
  const { workload: w, threads } = JSON.parse(spec) as { workload: Workload; threads: number };
  const { backend } = await openBackend('native', { threads });
  try {
    console.log(JSON.stringify({ ms: await ourProof(w, backend) }));
  } finally {
    await backend.dispose();
  }
}

async function ourProof(w: Workload, backend: Backend): Promise<number> {
  switch (w.kind) {
    case 'hash': {
      const messages = referenceMessages(2 ** w.log);
      let ms = 0;
      for (let run = 0; run <= HASH_WARMUPS; run++) {
        const { stats } = await proveHashBatch(messages, { backend, statement: 'none' });
        ms = HASH_BATCH_STAGES.reduce((t, s) => t + (s === 'witness' ? 0 : stats.stageMs[s]), 0);
      }
      return ms;
    }
    case 'big':
    case 'fib': {
      const { program, publicInput } = w.kind === 'fib'
        ? fibonacciProgram(fibonacciN(w.log))
        : { program: parseProgram(readFileSync(join(vectorsDir(), 'big.program.json'), 'utf8')), publicInput: parsePublicInputJson(readFileSync(join(vectorsDir(), 'big.public.json'), 'utf8')) };
      let ms = 0;
      for (let run = w.kind === 'fib' ? 0 : 1; run <= 1; run++) {
        const { stats } = await proveProgram(program, publicInput, { backend });
        ms = VM_STAGES.reduce((t, s) => t + stats.stageMs[s], 0);
      }
      return ms;
    }
    case 'xmss': {
      const { stats } = await aggregate({ message: XMSS_MESSAGE, epoch: XMSS_EPOCH, signers: signersFor(w.n) }, { backend });
      return AGGREGATE_STAGES.reduce((t, s) => t + (s === 'compile' ? 0 : stats.stageMs[s]), 0);
    }
  }
}

/** The table's rows: per workload and thread count, `runs` alternating pairs. */
export async function benchReference(runs: number, maxLog: number): Promise<BenchRow[]> {
  const dir = process.env.LEANVM_REFERENCE ?? '/tmp/ref';
  // The reference's xmss caches its keys in its working directory: one for the whole run.
  const scratch = mkdtempSync(join(tmpdir(), 'leanvm-bench-reference-'));
  const rows: BenchRow[] = [];
  try {
    for (const { name, log, workload } of REFERENCE_WORKLOADS) {
      if (log > maxLog) continue;
      for (const threads of REFERENCE_THREADS) {
        rows.push(cellRow(name, workload, threads, runs, dir, scratch));
        console.error(`reference: ${name} ×${threads} done`);
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return rows;
}

function cellRow(name: string, w: Workload, threads: number, runs: number, dir: string, scratch: string): BenchRow {
  const label = { backend: `native ×${threads}`, workload: name, threads };
  const ref = referenceCommand(w, dir, scratch);
  if (typeof ref === 'string') return { ...label, error: `reference: ${ref}` };
  const load = loadavg()[0];
  const sides = { ref: [] as number[], ours: [] as number[], refPeak: 0, oursPeak: 0 };
  for (let run = 0; run < runs; run++) {
    const r = timed(ref.file, ref.args, { ...process.env, ...ref.env, LEANVM_NUM_THREADS: String(threads) }, scratch, scratch);
    const ms = referenceMs(w.kind, r.out);
    if (!r.ok || !Number.isFinite(ms)) return { ...label, error: `reference ${r.why || 'printed no time'}` };
    sides.ref.push(ms);
    sides.refPeak = Math.max(sides.refPeak, r.peakBytes ?? 0);
    const env = { ...process.env, [REFERENCE_CELL_ENV]: JSON.stringify({ workload: w, threads }) };
    const o = timed(process.execPath, [process.argv[1]], env, process.cwd(), scratch);
    if (!o.ok) return { ...label, error: `ours ${o.why}` };
    sides.ours.push((JSON.parse(o.out.trim().split('\n').find((l) => l.startsWith('{"ms"'))!) as { ms: number }).ms);
    sides.oursPeak = Math.max(sides.oursPeak, o.peakBytes ?? 0);
  }
  const r = summarize(sides.ref), o = summarize(sides.ours);
  const speedups = summarize(sides.ref.map((t, i) => t / sides.ours[i]));
  return {
    ...label,
    'ref ms': r.medianMs,
    'ours ms': o.medianMs,
    'ref/ours': speedups.medianMs,
    'min ×': speedups.minMs,
    'max ×': speedups.maxMs,
    'ref spread': r.spread,
    'ours spread': o.spread,
    'ref peak MiB': sides.refPeak / 2 ** 20,
    'ours peak MiB': sides.oursPeak / 2 ** 20,
    load,
    runs,
  };
}
