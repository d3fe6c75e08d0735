// `leanvm-gpu demo xmss` (what npm start runs after `info`): the flagship workload end to end.
// n fresh XMSS keys sign one random message at one epoch, one VM proof aggregates the n
// signatures on the best backend, and the aggregate, written to a fresh temporary directory, is
// read back and verified: one line per stage, with signatures/s, sizes and peak memory.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGGREGATE_MAX_SIGNERS, AGGREGATE_PROGRAM_DIGEST, aggregationProgram, decodeAggregate, encodeAggregate } from '../../src/workloads/xmss-aggregate/index';
import { XMSS_MESSAGE_BYTES, XMSS_SEED_BYTES, xmssKeyGen, xmssSignUnsafeInMemory } from '../../src/xmss/index';
import { aggregateLines, aggregateReport, proveAggregate, timedVerify } from './aggregate-command';
import { type BackendChoice, openBackend } from './backends';
import { mib, parseThreads, peakRss, readFile, writeOut } from './cli-files';
import { UsageError } from './usage';

// Upstream's benchmark keys: epochs 0..15, signing at 7.
const FIRST_EPOCH = 0;
const LAST_EPOCH = 15;
const EPOCH = 7;

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const random = (n: number): Uint8Array => globalThis.crypto.getRandomValues(new Uint8Array(n));
const label = (name: string) => `  ${name.padEnd(10)}`;

export async function demoXmss(opts: { n: string; backend: BackendChoice; threads?: string }): Promise<void> {
  const n = /^\d{1,4}$/.test(opts.n) ? Number(opts.n) : NaN;
  if (!(n >= 1 && n <= AGGREGATE_MAX_SIGNERS)) throw new UsageError(`--n must be a signer count in 1 .. ${AGGREGATE_MAX_SIGNERS}, got "${opts.n}"`);
  const threads = parseThreads(opts.threads);
  const { backend, why } = await openBackend(opts.backend, { threads });
  console.error(`backend: ${backend.name} (${why})`);
  console.log(`XMSS aggregation: ${n} fresh keys sign one message at epoch ${EPOCH}; one VM proof aggregates the signatures`);
  try {
    let t = performance.now();
    const keys = Array.from({ length: n }, () => xmssKeyGen(random(XMSS_SEED_BYTES), FIRST_EPOCH, LAST_EPOCH));
    console.log(`${label('keys')}${n} XMSS keys for epochs ${FIRST_EPOCH}..${LAST_EPOCH} in ${(performance.now() - t).toFixed(0)} ms`);
    const message = random(XMSS_MESSAGE_BYTES);
    t = performance.now();
    const signers = keys.map((key) => ({ publicKey: key.publicKey, signature: xmssSignUnsafeInMemory(key, message, EPOCH).signature }));
    console.log(`${label('signing')}${n} signatures of ${hex(message)} in ${(performance.now() - t).toFixed(0)} ms`);
    t = performance.now();
    const program = aggregationProgram();
    console.log(`${label('program')}programs/aggregate-xmss.py (compiled when built) read in ${(performance.now() - t).toFixed(0)} ms: ${program.bytecode.length} slots, bytecode ${AGGREGATE_PROGRAM_DIGEST.slice(0, 16)}…`);
    const { aggregate, stats } = await proveAggregate(backend, { message, epoch: EPOCH, signers });
    const report = aggregateReport(stats, backend, threads);
    const [head, ...rest] = aggregateLines(report, ' '.repeat(12));
    console.log(`${label('aggregate')}${head}`);
    for (const line of rest) console.log(line);
    const out = join(mkdtempSync(join(tmpdir(), 'leanvm-gpu-')), `xmss-${n}.agg`);
    const bytes = encodeAggregate(aggregate);
    writeOut(out, bytes, 'aggregate');
    console.log(`${' '.repeat(12)}${bytes.length} bytes (the proof ${stats.proofBytes}, ${n} keys) → ${out}`);
    const { verdict, verifyMs } = timedVerify(decodeAggregate(readFile(out, 'aggregate')), message, EPOCH, `aggregate file ${out}`);
    if (!verdict.valid) {
      process.exitCode = 1;
      return console.log(`${label('verify')}INVALID: ${verdict.reason}`);
    }
    console.log(`${label('verify')}valid: the ${n} keys signed the message at epoch ${EPOCH} (read back and verified in ${verifyMs.toFixed(0)} ms)`);
    console.log(`${label('memory')}peak ${mib(peakRss())}`);
  } finally {
    await backend.dispose();
  }
}
