// `npm run bench [-- --only field] [--backend native cpu] [--runs N] [--max-log L] [--recursion 2x20,4x100]`:
// runs the benches on every usable backend (or the ones named) in one process, prints a table per
// bench and writes JSON under bench/results/. --max-log caps the sizes (xmss: log2 of the
// signers); --recursion names recursion's node cells (arity x leaf size).
// `--compare REF [--rounds N]` runs a git ref's bench and this tree's in turn with those options
// and prints per-cell ratios (bench/compare.ts). `--only reference` (never run unasked) puts the
// native backend beside the leanVM-b reference at 1 and 2 threads (bench/reference.ts);
// `--only recursion` (never run unasked either) proves recursion nodes beside the reference's.
import { loadavg } from 'node:os';
import { Command, Option } from 'commander';
import { openBackend, probeBackends } from '../host/node/backends';
import type { Backend } from '../src/backend/backend';
import type { BenchRow } from './report';
import { machine, printTable, writeResults } from './report';
import { COMMIT_SIZES, benchCommit } from './commit';
import { compareWith } from './compare';
import { COMPILE_SIZES, benchCompile } from './compile';
import { FIELD_SIZES, benchField } from './field';
import { HASH_SIZES, benchHash } from './hash';
import { PCS_SIZES, benchPcs } from './pcs';
import { STATEMENT_SIZES, benchStatement } from './statement';
import { benchRecursionClaims } from './recursion-claims';
import { RECURSION_CELL_ENV, RECURSION_CELLS, benchRecursion, parseCells, runRecursionCell } from './recursion';
import { REFERENCE_CELL_ENV, benchReference, runReferenceCell } from './reference';
import { benchVm } from './vm';
import { VM_PROVE_SIZES, benchVmProve } from './vm-prove';
import { XMSS_CELL_ENV, XMSS_SIZES, benchXmss, runXmssCell } from './xmss';

const BENCHES = {
  field: { title: 'field multiplications', sizes: FIELD_SIZES, run: benchField },
  commit: { title: 'commit (encode + Merkle root, 64 lanes)', sizes: COMMIT_SIZES, run: benchCommit },
  hash: { title: 'hash-batch prover: n = 2^k BLAKE2s compressions, stage split', sizes: HASH_SIZES, run: benchHash },
  pcs: { title: 'PCS open (stacked WHIR: one ring claim + one point claim on a full stack)', sizes: PCS_SIZES, run: benchPcs },
  statement: { title: 'bound vs empty statement: n = 2^k compressions, prove and verify', sizes: STATEMENT_SIZES, run: benchStatement },
  compile: { title: 'zkDSL compiler: vector programs and generated ones of about 2^k instructions', sizes: COMPILE_SIZES, run: benchCompile },
  vmprove: { title: 'VM prover: the vector programs and Fibonacci runs of 2^k cycles, stage split', sizes: VM_PROVE_SIZES, run: benchVmProve },
  // sizes are signer counts, not logs
  xmss: { title: 'XMSS aggregation: n signatures on one message into one proof (keygen and signing excluded), stage split', sizes: XMSS_SIZES, run: benchXmss, log: Math.log2 },
  // cells from --recursion, not sizes; never run unasked (it runs the reference too)
  recursion: {
    title: 'recursion: a K→1 node over K leaves of L signatures (leaves made first, not timed), beside leanvm-b recursion at equal threads',
    sizes: [] as number[], run: (b: Backend, s: number[], runs: number) => benchRecursion(parseCells(opts.recursion))(b, s, runs), onlyWhenNamed: true,
  },
};
/** Benches that take no backend (or pick their own), run once. */
const BACKEND_FREE: Record<string, { title: string; run: (runs: number, maxLog: number) => Promise<BenchRow[]>; onlyWhenNamed?: boolean }> = {
  vm: { title: 'VM verifier: every reference proof (shared/vectors/vm)', run: benchVm },
  claims: { title: 'recursion: deferred claims evaluated natively, and a node\'s batch of them proved and verified', run: benchRecursionClaims },
  reference: { title: 'native beside the leanVM-b reference, alternating processes at equal threads (ref/ours > 1: ours faster)', run: benchReference, onlyWhenNamed: true },
};

// One cell of the xmss or recursion bench, or our side of one of the reference bench, in a process
// of its own (bench/xmss.ts, bench/recursion.ts, bench/reference.ts).
const cell = process.env[XMSS_CELL_ENV];
if (cell !== undefined) {
  await runXmssCell(cell);
  process.exit(0);
}
const nodeCell = process.env[RECURSION_CELL_ENV];
if (nodeCell !== undefined) {
  await runRecursionCell(nodeCell);
  process.exit(0);
}
const referenceCell = process.env[REFERENCE_CELL_ENV];
if (referenceCell !== undefined) {
  await runReferenceCell(referenceCell);
  process.exit(0);
}

const program = new Command()
  .name('bench')
  .addOption(new Option('--only <bench>', 'run one bench').choices([...Object.keys(BENCHES), ...Object.keys(BACKEND_FREE)]))
  .addOption(new Option('--backend <names...>', 'only these backends (default: every usable one)').choices(['cpu', 'native', 'webgpu']))
  .option('--runs <n>', 'timed runs per cell (median reported)', (v) => parseInt(v, 10), 5)
  .option('--max-log <l>', 'largest log2 size', (v) => parseInt(v, 10), 30)
  .option('--recursion <cells>', `recursion's nodes as ARITYxLEAF, comma-separated (the issue's set: 2x20,4x20,2x100,4x100)`, RECURSION_CELLS)
  .option('--compare <ref>', "run this git ref's bench and the working tree's in turn, and print their ratios")
  .option('--rounds <n>', 'rounds of --compare (ref, then the working tree)', (v) => parseInt(v, 10), 3)
  .parse();
const opts = program.opts<{ only?: string; backend?: string[]; runs: number; maxLog: number; recursion: string; compare?: string; rounds: number }>();

if (opts.compare !== undefined) {
  if (!(opts.rounds >= 1)) program.error('--rounds must be at least 1');
  const args = ['--runs', String(opts.runs), '--max-log', String(opts.maxLog)];
  if (opts.only) args.push('--only', opts.only);
  // only then: an older ref's bench has no --recursion
  if (opts.only === 'recursion') args.push('--recursion', opts.recursion);
  if (opts.backend) args.push('--backend', ...opts.backend);
  compareWith(opts.compare, opts.rounds, args);
  process.exit(0);
}

const reports = await probeBackends();
for (const name of opts.backend ?? []) {
  const report = reports.find((r) => r.name === name);
  if (!report?.usable) program.error(`backend ${name} cannot run here: ${report?.reason ?? 'unknown backend'}`);
}
const usable = reports.filter((r) => r.usable && (opts.backend === undefined || opts.backend.includes(r.name)));
for (const [name, bench] of Object.entries(BENCHES)) {
  if (opts.only ? opts.only !== name : 'onlyWhenNamed' in bench) continue;
  const log = 'log' in bench ? bench.log : (s: number) => s;
  const sizes = bench.sizes.filter((s) => log(s) <= opts.maxLog);
  const rows: BenchRow[] = [];
  for (const r of usable) {
    const { backend } = await openBackend(r.name);
    try {
      rows.push(...(await bench.run(backend, sizes, opts.runs)));
    } catch (e) {
      // One backend failing (an unfinished kernel, out of memory) leaves the others' columns.
      console.error(`${name} on ${r.name} failed: ${(e as Error).message}`);
      rows.push({ backend: r.name, error: (e as Error).message.split('\n')[0] });
    } finally {
      await backend.dispose();
    }
  }
  printTable(`${bench.title} (median of ${opts.runs} runs)`, rows);
  const path = writeResults(name, { bench: name, date: new Date().toISOString(), machine: machine(reports), sizes, rows });
  console.log(`→ ${path}`);
}
for (const [name, bench] of Object.entries(BACKEND_FREE)) {
  if (opts.only ? opts.only !== name : bench.onlyWhenNamed) continue;
  const loadBefore = loadavg();
  const rows = await bench.run(opts.runs, opts.maxLog);
  printTable(`${bench.title} (median of ${opts.runs} runs)`, rows);
  console.log(`→ ${writeResults(name, { bench: name, date: new Date().toISOString(), machine: machine(reports), load: { before: loadBefore, after: loadavg() }, rows })}`);
}
