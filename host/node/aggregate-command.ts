// `leanvm-gpu aggregate` and `verify aggregate`: XMSS signatures on one (message, epoch) from
// files, proved as one aggregate (docs/xmss-aggregation.md §9) — or, with --child, a node over
// aggregates (node-aggregate.ts, docs/recursion.md) — and the verification of either kind (exit 0
// valid, 1 invalid, 2 malformed input or bad usage). A request the aggregation refuses (a
// malformed key or signature, a duplicate key, a signature that does not verify) exits 2 before
// any proving, naming the signer by its files.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import type { Backend } from '../../src/backend/backend';
import { TABLES } from '../../src/vm/isa';
import type { VmShape } from '../../src/vm/layout';
import { vmMemory } from '../../src/vm/prove/memory';
import {
  AGGREGATE_STAGES, AGGREGATION_PROGRAM_BYTES, type Aggregate, AggregateFormatError, AggregateInputError, type AggregateOptions, type AggregateRequest, type AggregateStats,
  aggregate, aggregationProgram, encodeAggregate,
} from '../../src/workloads/xmss-aggregate/index';
import { verifyAggregate } from '../../src/workloads/recursion/api';
import { decodeTreeAggregate, type TreeAggregate } from '../../src/workloads/recursion/aggregate-file';
import { AggregateFileError } from '../../src/workloads/recursion/errors';
import { type NodeProgram, nodeProgramOr } from '../../src/workloads/recursion/node-program';
import { aggregateNodeCommand } from './node-aggregate';
import { XMSS_MESSAGE_BYTES } from '../../src/xmss/index';
import { type BackendChoice, DEFAULT_THREADS, openBackend } from './backends';
import { interruptible } from './interrupt';
import { mib, parseThreads, peakRss, readFile, writable, writeOut } from './cli-files';
import { memoryGuard, type MemoryOptions } from './memory-limit';
import { backendOption, forceOption, maxMemoryOption, threadsOption } from './options';
import { progressBar } from './progress';
import { UsageError } from './usage';
import { parseHex, parseU32 } from './xmss-command';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/** One signer's files and the name a refusal calls it by. */
interface SignerFiles {
  name: string;
  publicKey: string;
  signature: string;
}

/** The signers of `--signer PUB,SIG ...` or of `--signers DIR` (every NAME.pub with its NAME.sig);
 * none where `optional` (a node's raw signers) and neither is given. */
export function signerFiles(signer: string[] | undefined, dir: string | undefined, optional = false): SignerFiles[] {
  if (signer !== undefined && dir !== undefined) throw new UsageError('give the signers one way: --signer PUB,SIG (repeatable) or --signers DIR, not both');
  if (signer === undefined && dir === undefined) {
    if (optional) return [];
    throw new UsageError('give the signers: --signer PUB,SIG (repeatable) or --signers DIR');
  }
  if (signer !== undefined) {
    return signer.map((text) => {
      const parts = text.split(',');
      if (parts.length !== 2 || parts.some((p) => p === '')) throw new UsageError(`--signer takes PUB,SIG (a public key file and a signature file), got "${text}"`);
      return { name: text, publicKey: parts[0], signature: parts[1] };
    });
  }
  let files: string[];
  try {
    files = readdirSync(dir as string, { withFileTypes: true }).filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => e.name);
  } catch (e) {
    throw new UsageError(`cannot read the signers directory ${dir}: ${(e as Error).message}`);
  }
  const stems = (ext: string) => new Set(files.filter((f) => f.endsWith(ext) && f.length > ext.length).map((f) => f.slice(0, -ext.length)));
  const [pubs, sigs] = [stems('.pub'), stems('.sig')];
  for (const name of pubs) if (!sigs.has(name)) throw new UsageError(`signers directory ${dir}: ${name}.pub has no ${name}.sig`);
  for (const name of sigs) if (!pubs.has(name)) throw new UsageError(`signers directory ${dir}: ${name}.sig has no ${name}.pub`);
  if (pubs.size === 0) throw new UsageError(`signers directory ${dir} holds no signers (a signer is NAME.pub with NAME.sig)`);
  return [...pubs].sort().map((name) => ({ name, publicKey: join(dir as string, `${name}.pub`), signature: join(dir as string, `${name}.sig`) }));
}

/** A refusal as a usage error, each "signer i" it mentions called by names[i]. */
export function namedRefusal(e: AggregateInputError, names: readonly string[]): UsageError {
  return new UsageError(e.message.replace(/\bsigner (\d+)\b/g, (text, i: string) => (names[Number(i)] === undefined ? text : `signer ${names[Number(i)]}`)));
}

export function parseMessage(text: string): Uint8Array {
  return parseHex(text, XMSS_MESSAGE_BYTES, '--message');
}

export interface AggregateCommandOptions extends MemoryOptions {
  message: string;
  epoch: string;
  signer?: string[];
  signers?: string;
  /** Aggregate files: present, the aggregate is a node over them. */
  child?: string[];
  out: string;
  backend: BackendChoice;
  threads?: string;
  json?: boolean;
}

/** Proves the signers' aggregate on `backend` with a progress bar on a terminal; a refusal is a
 * usage error that calls signer i names[i]. onShape weighs the program's run before the proof. */
export async function proveAggregate(backend: Backend, request: AggregateRequest, names: readonly string[] = [], onShape?: AggregateOptions['onShape']) {
  const bar = progressBar();
  try {
    return await interruptible((signal) => aggregate(request, { backend, onProgress: bar?.update, onShape, signal }));
  } catch (e) {
    if (e instanceof AggregateInputError) throw namedRefusal(e, names);
    throw e;
  } finally {
    bar?.done();
  }
}

/** What `aggregate` reports, for --json and for the lines below. */
export function aggregateReport(stats: AggregateStats, backend: Backend, threads: number | undefined) {
  // The aggregator's time: the checks and the proof; the program's compilation is a process's one-off.
  const totalMs = AGGREGATE_STAGES.reduce((t, s) => t + (s === 'compile' ? 0 : stats.stageMs[s]), 0);
  return {
    backend: backend.name, ...(backend.name === 'webgpu' ? {} : { threads: threads ?? DEFAULT_THREADS }),
    n: stats.n, stageMs: stats.stageMs, totalMs, signaturesPerSecond: stats.n / (totalMs / 1000),
    programCycles: stats.programCycles, cycles: stats.cycles, h: stats.h, tau: Object.fromEntries(TABLES.map((t, i) => [t, stats.taus[i]])),
    proofBytes: stats.proofBytes, peakRssBytes: peakRss(),
  };
}

/** The human lines of an aggregate report, each indented by `indent`. */
export function aggregateLines(r: ReturnType<typeof aggregateReport>, indent: string): string[] {
  const on = r.backend === 'webgpu' ? r.backend : `${r.backend} (${r.threads} thread${r.threads === 1 ? '' : 's'})`;
  const compile = r.stageMs.compile >= 1 ? `; the aggregation program read in ${r.stageMs.compile.toFixed(0)} ms (once a process, not counted)` : '';
  return [
    `${r.n} signatures on ${on} in ${r.totalMs.toFixed(0)} ms: ${r.signaturesPerSecond.toFixed(1)} signatures/s${compile}`,
    `${indent}${r.programCycles} cycles (${(r.programCycles / r.n).toFixed(0)} a signature; ${r.cycles} with the fill), h = ${r.h}, τ ${Object.entries(r.tau).map(([t, k]) => `${t} ${k}`).join(', ')}`,
    `${indent}stages (ms): ${AGGREGATE_STAGES.filter((s) => s !== 'compile').map((s) => `${s} ${r.stageMs[s].toFixed(0)}`).join(', ')}`,
  ];
}

export async function aggregateCommand(opts: AggregateCommandOptions, node?: NodeProgram): Promise<void> {
  if (opts.child !== undefined) return aggregateNodeCommand(opts, node);
  const message = parseMessage(opts.message);
  const epoch = parseU32(opts.epoch, '--epoch');
  const files = signerFiles(opts.signer, opts.signers);
  const signers = files.map((f) => ({ publicKey: readFile(f.publicKey, 'public key file'), signature: readFile(f.signature, 'signature file') }));
  const threads = parseThreads(opts.threads);
  writable(opts.out, 'aggregate');
  const { backend, why, hostMemory } = await openBackend(opts.backend, { threads });
  console.error(`backend: ${backend.name} (${why})`);
  const resident = { 'aggregation program': AGGREGATION_PROGRAM_BYTES };
  const memory = memoryGuard((shape: VmShape, logInvRate: number) => vmMemory(shape, logInvRate, backend.name, resident), hostMemory, opts, `aggregating ${signers.length} signatures on ${backend.name}`);
  let result;
  try {
    result = await proveAggregate(backend, { message, epoch, signers }, files.map((f) => f.name), memory.check);
  } finally {
    await backend.dispose();
  }
  const bytes = encodeAggregate(result.aggregate);
  writeOut(opts.out, bytes, 'aggregate');
  const report = {
    command: 'aggregate', why, message: hex(message), epoch, ...aggregateReport(result.stats, backend, threads),
    memory: memory.report(), programDigest: result.aggregate.programDigest, publicKeys: result.aggregate.publicKeys.map(hex), aggregateBytes: bytes.length, out: opts.out,
  };
  if (opts.json) return console.log(JSON.stringify(report, null, 2));
  const [head, ...rest] = aggregateLines(report, '  ');
  console.log(`aggregated ${head}`);
  for (const line of rest) console.log(line);
  console.log(`  message ${hex(message)}, epoch ${epoch}`);
  console.log(`  aggregate: ${bytes.length} bytes (the proof ${report.proofBytes}, ${report.n} keys) → ${opts.out}; peak memory ${mib(report.peakRssBytes)} (estimated ${mib(report.memory!.estimatedPeakBytes)})`);
}

/** Library input errors as the command line's usage errors (exit 2), naming the file. */
function asUsage<T>(what: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof AggregateFormatError || e instanceof AggregateInputError || e instanceof AggregateFileError) throw new UsageError(`${what}: ${e.message}`);
    throw e;
  }
}

export interface VerifyAggregateOptions {
  message: string;
  epoch: string;
  json?: boolean;
}

/** verifyAggregate (either kind) with its time and the programs' reading time apart. */
export function timedVerify(agg: Aggregate | TreeAggregate, message: Uint8Array, epoch: number, what: string, node?: NodeProgram) {
  let t = performance.now();
  aggregationProgram();
  const isNode = 'kind' in agg && agg.kind === 'node';
  if (isNode) nodeProgramOr(node);
  const compileMs = performance.now() - t;
  t = performance.now();
  const verdict = asUsage(what, () => verifyAggregate(agg, { message, epoch }, { node }));
  return { verdict, compileMs, verifyMs: performance.now() - t };
}

export function verifyAggregateCommand(path: string, opts: VerifyAggregateOptions, node?: NodeProgram): void {
  const message = parseMessage(opts.message);
  const epoch = parseU32(opts.epoch, '--epoch');
  const what = `aggregate file ${path}`;
  const bytes = readFile(path, 'aggregate file');
  const agg = asUsage(what, () => decodeTreeAggregate(bytes));
  const { verdict, compileMs, verifyMs } = timedVerify(agg, message, epoch, what, node);
  if (!verdict.valid) process.exitCode = 1;
  if (opts.json) {
    const facts = verdict.valid ? { ...verdict.summary } : { reason: verdict.reason };
    const report = {
      command: 'verify aggregate', valid: verdict.valid, kind: agg.kind, ...facts, n: agg.publicKeys.length, message: hex(message), epoch,
      programDigest: agg.programDigest, publicKeys: agg.publicKeys.map(hex), aggregate: path, aggregateBytes: bytes.length, proofBytes: agg.proof.length,
      compileMs, verifyMs,
    };
    return console.log(JSON.stringify(report, null, 2));
  }
  if (!verdict.valid) return console.error(`leanvm-gpu: invalid aggregate ${path} (message ${hex(message)}, epoch ${epoch}): ${verdict.reason}`);
  console.log(`valid: ${path} proves that ${verdict.n} keys signed ${hex(message)} at epoch ${epoch} (verified in ${verifyMs.toFixed(0)} ms; reading the program took ${compileMs.toFixed(0)} ms)`);
  const points = agg.kind === 'node' ? ', its three deferred points (values recomputed)' : '';
  console.log(`  ${bytes.length} bytes: a ${agg.kind} of ${verdict.n} keys${points} and a proof of ${agg.proof.length} bytes, program ${agg.programDigest}`);
}

const MESSAGE = '32-byte message as 64 hex digits';

/** `aggregate` on `program` and `aggregate` under `verify`. */
export function addAggregateCommands(program: Command, verify: Command): void {
  program
    .command('aggregate')
    .description('prove that XMSS signatures on one message at one epoch verify, as one aggregate (a VM proof and the keys); with --child, a node over aggregates')
    .requiredOption('--message <hex>', MESSAGE)
    .requiredOption('--epoch <E>', 'the epoch, decimal')
    .option('--signer <PUB,SIG>', 'a signer: its 32-byte public key file and its 1208-byte signature file (repeatable)', (v: string, all: string[] = []) => [...all, v])
    .option('--signers <DIR>', 'instead: every NAME.pub in DIR with its NAME.sig (what xmss keygen --out DIR/NAME and xmss sign --out DIR/NAME.sig write)')
    .option('--child <AGG>', 'an aggregate (leaf or node) on the same message and epoch (repeatable, 1 to 16): the result is a node over them, plus any signers', (v: string, all: string[] = []) => [...all, v])
    .requiredOption('--out <AGG>', 'where to write the aggregate')
    .addOption(backendOption())
    .addOption(threadsOption())
    .addOption(maxMemoryOption())
    .addOption(forceOption())
    .option('--json', 'machine-readable summary')
    .action((opts: AggregateCommandOptions) => aggregateCommand(opts));
  verify
    .command('aggregate')
    .description('verify an aggregate (leaf or node) for a message and an epoch (exit 0 valid, 1 invalid, 2 malformed or bad usage)')
    .argument('<AGG>', 'the aggregate file')
    .requiredOption('--message <hex>', MESSAGE)
    .requiredOption('--epoch <E>', 'the epoch, decimal')
    .option('--json', 'machine-readable verdict')
    .action((path: string, opts: VerifyAggregateOptions) => verifyAggregateCommand(path, opts));
}
