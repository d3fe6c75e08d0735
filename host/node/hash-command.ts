// `leanvm-gpu prove hash`, `verify hash` and `demo`: the hash-batch statement from a file of
// messages or from the reference generator, proved on a chosen backend and verified. Proofs
// bind the messages and their digests unless --statement none asks for the reference flow's
// empty statement.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProofFormatError } from '../../src/transcript/errors';
import { HashBatchInputError } from '../../src/workloads/hash-batch/errors';
import { HASH_BATCH_STAGES, proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { describeTraffic, totalTraffic } from '../../src/workloads/hash-batch/traffic';
import { batchLog, batchSize, MESSAGE_WORDS, messagesFromBytes } from '../../src/workloads/hash-batch/batch';
import { boundBlocksLog, DEFAULT_STATEMENT, outputsOf, statementOfMessages, type StatementMode } from '../../src/workloads/hash-batch/statement';
import { wordsToBytes } from '../../src/hash/blake2s';
import { referenceSeed, type Seed, seededMessages } from '../../src/workloads/hash-batch/inputs';
import { verifyHashBatch } from '../../src/workloads/hash-batch/verify';
import { hashBatchMemory } from '../../src/workloads/hash-batch/memory';
import { type BackendChoice, DEFAULT_THREADS, openBackend } from './backends';
import { checkMemory, type MemoryLimit, type MemoryOptions, memoryReport } from './memory-limit';
import { progressBar } from './progress';
import { interruptible } from './interrupt';
import { mib, parseThreads, peakRss, readFile, writable, writeOut } from './cli-files';
import { UsageError } from './usage';

/** Where the messages come from: a file, or n generated ones; and what the proof binds. */
export interface MessageOptions {
  inputs?: string;
  n?: string;
  seed?: string;
  /** default DEFAULT_STATEMENT (bound) */
  statement?: StatementMode;
}

export interface ProveHashOptions extends MessageOptions, MemoryOptions {
  out: string;
  backend: BackendChoice;
  /** worker threads of the cpu and native backends (default: every core) */
  threads?: string;
  digestsOut?: string;
  json?: boolean;
}

export interface VerifyHashOptions extends MessageOptions {
  outputs?: string;
  json?: boolean;
}

const modeOf = (opts: MessageOptions): StatementMode => opts.statement ?? DEFAULT_STATEMENT;

/** log2 of the batch's blocks for n messages, or HashBatchInputError for an n the mode cannot take. */
const blocksLogFor = (n: number, mode: StatementMode): number => (mode === 'bound' ? boundBlocksLog(n) : batchLog(n));

const describeStatement = (mode: StatementMode): string =>
  mode === 'bound' ? 'bound statement: the messages and their digests' : 'empty statement: binds n only, as the reference flow';

/** A u64 seed, decimal or 0x-hex, given as `option`. */
export function parseSeed(text: string, option = '--seed'): Seed {
  let v: bigint;
  try {
    v = BigInt(text);
  } catch {
    throw new UsageError(`${option} must be a decimal or 0x-hex integer, got "${text}"`);
  }
  if (v < 0n || v >= 1n << 64n) throw new UsageError(`${option} must lie in 0 .. 2^64 − 1, got ${text}`);
  return { lo: Number(v & 0xffffffffn), hi: Number(v >> 32n) };
}

/** The batch's messages and where they came from; sizes are checked before anything is generated. */
export function loadMessages(opts: MessageOptions): { messages: Uint32Array; source: string } {
  if ((opts.inputs === undefined) === (opts.n === undefined)) throw new UsageError('give either --inputs FILE or --n N');
  const mode = modeOf(opts);
  if (opts.inputs !== undefined) {
    if (opts.seed !== undefined) throw new UsageError('--seed goes with --n, not with --inputs');
    try {
      const messages = messagesFromBytes(readFile(opts.inputs, 'inputs file'));
      if (mode === 'none') batchSize(messages);
      else boundBlocksLog(messages.length / MESSAGE_WORDS);
      return { messages, source: opts.inputs };
    } catch (e) {
      if (e instanceof HashBatchInputError) throw new UsageError(`inputs file ${opts.inputs}: ${e.message}`);
      throw e;
    }
  }
  const text = opts.n as string;
  if (!/^\d+$/.test(text)) throw new UsageError(`--n must be a positive integer, got "${text}"`);
  const n = Number(text);
  blocksLogFor(n, mode);
  const seed = opts.seed === undefined ? referenceSeed(n) : parseSeed(opts.seed);
  const seedHex = `0x${seed.hi.toString(16).padStart(8, '0')}${seed.lo.toString(16).padStart(8, '0')}`;
  return { messages: seededMessages(n, seed), source: `generated, seed ${seedHex}` };
}

export async function proveHash(opts: ProveHashOptions): Promise<void> {
  const { messages, source } = loadMessages(opts);
  const mode = modeOf(opts);
  const threads = parseThreads(opts.threads);
  writable(opts.out, 'proof');
  if (opts.digestsOut !== undefined) writable(opts.digestsOut, 'digests');
  const n = messages.length / MESSAGE_WORDS;
  const nBlocksLog = blocksLogFor(n, mode);
  const { backend, why, hostMemory } = await openBackend(opts.backend, { threads });
  const estimate = hashBatchMemory({ n, nBlocksLog }, backend.name);
  let limit: MemoryLimit;
  try {
    limit = checkMemory(estimate, hostMemory, opts, `proving n = ${n} on ${backend.name}`);
  } catch (e) {
    await backend.dispose();
    throw e;
  }
  console.error(`backend: ${backend.name} (${why})`);
  const bar = progressBar();
  let result;
  try {
    result = await interruptible((signal) => proveHashBatch(messages, { backend, onProgress: bar?.update, statement: mode, signal }));
  } finally {
    bar?.done();
    await backend.dispose();
  }
  writeOut(opts.out, result.proof, 'proof');
  if (opts.digestsOut !== undefined) writeOut(opts.digestsOut, wordsToBytes(outputsOf(statementOfMessages(messages))), 'digests');
  const { stageMs, proofBytes, traffic } = result.stats;
  const totalMs = HASH_BATCH_STAGES.reduce((t, s) => t + stageMs[s], 0);
  const report = {
    command: 'prove hash', backend: backend.name, why, ...(backend.name === 'webgpu' ? {} : { threads: threads ?? DEFAULT_THREADS }),
    statement: mode, n, inputs: source, stageMs, totalMs,
    compressionsPerSecond: n / (totalMs / 1000), proofBytes, peakRssBytes: peakRss(), memory: memoryReport(estimate, limit), proof: opts.out,
    ...(traffic === undefined ? {} : { traffic }),
    ...(opts.digestsOut === undefined ? {} : { digests: opts.digestsOut }),
  };
  if (opts.json) return console.log(JSON.stringify(report, null, 2));
  const stages = HASH_BATCH_STAGES.map((s) => `${s} ${stageMs[s].toFixed(0)}`).join(', ');
  const on = backend.name === 'webgpu' ? backend.name : `${backend.name} (${report.threads} thread${report.threads === 1 ? '' : 's'})`;
  console.log(`proved ${n} BLAKE2s compressions (${source}) on ${on} in ${totalMs.toFixed(0)} ms, ${report.compressionsPerSecond.toFixed(0)} compressions/s`);
  console.log(`  ${describeStatement(mode)}`);
  console.log(`  stages (ms): ${stages}`);
  if (traffic !== undefined) console.log(`  device traffic: ${describeTraffic(totalTraffic(traffic))}`);
  console.log(`  proof: ${proofBytes} bytes → ${opts.out}; peak memory ${mib(report.peakRssBytes)} (estimated ${mib(estimate.bytes)})`);
  if (opts.digestsOut !== undefined) console.log(`  digests: ${32 * n} bytes → ${opts.digestsOut}`);
}

export function verifyHash(proofPath: string, opts: VerifyHashOptions): void {
  const mode = modeOf(opts);
  if (opts.outputs !== undefined && mode === 'none') {
    throw new UsageError('--outputs checks the digests a bound proof claims; an empty-statement proof (--statement none) binds none');
  }
  const { messages, source } = loadMessages(opts);
  const digests = opts.outputs === undefined ? undefined : readFile(opts.outputs, 'outputs file');
  const proof = readFile(proofPath, 'proof file');
  const t0 = performance.now();
  let verdict;
  try {
    verdict = verifyHashBatch(messages, proof, { statement: mode, digests });
  } catch (e) {
    if (e instanceof ProofFormatError) throw new UsageError(`malformed proof file ${proofPath}: ${e.message}`);
    if (e instanceof HashBatchInputError && opts.outputs !== undefined) throw new UsageError(`outputs file ${opts.outputs}: ${e.message}`);
    throw e;
  }
  const verifyMs = performance.now() - t0;
  const n = messages.length / MESSAGE_WORDS;
  if (!verdict.valid) process.exitCode = 1;
  if (opts.json) {
    const report = {
      command: 'verify hash', ...verdict, statement: mode, n, inputs: source, ...(opts.outputs === undefined ? {} : { outputs: opts.outputs }),
      proof: proofPath, proofBytes: proof.length, verifyMs, peakRssBytes: peakRss(),
    };
    return console.log(JSON.stringify(report, null, 2));
  }
  const checked = mode === 'bound' ? `these messages and ${opts.outputs === undefined ? 'their digests' : `the digests in ${opts.outputs}`}` : 'n only (empty statement)';
  if (verdict.valid) console.log(`valid: ${proofPath} proves ${n} BLAKE2s compressions, bound to ${checked} (verified in ${verifyMs.toFixed(0)} ms)`);
  else console.error(`leanvm-gpu: invalid proof ${proofPath} (checked against ${checked}): ${verdict.reason}`);
}

/** Proves n reference messages into a fresh temporary directory, then verifies the file. */
export async function demo(opts: { n: string; backend: BackendChoice; statement?: StatementMode; threads?: string }): Promise<void> {
  const out = join(mkdtempSync(join(tmpdir(), 'leanvm-gpu-')), `hash-n${opts.n}.proof`);
  await proveHash({ n: opts.n, out, backend: opts.backend, statement: opts.statement, threads: opts.threads });
  verifyHash(out, { n: opts.n, statement: opts.statement });
}
