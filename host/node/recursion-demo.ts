// `leanvm-gpu demo recursion`: aggregates of aggregates end to end. 2n fresh XMSS keys sign one
// random message; two leaves of n signatures each, then one 2→1 node over them, written to a
// temporary directory, read back and verified: one line per stage. Refused at once (nothing
// generated or proved) while this build has no node program.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeTreeAggregate, encodeTreeAggregate } from '../../src/workloads/recursion/aggregate-file';
import { type NodeProgram, nodeProgramOr } from '../../src/workloads/recursion/node-program';
import type { NodeStats } from '../../src/workloads/recursion/node-prove';
import { AGGREGATE_MAX_SIGNERS } from '../../src/workloads/xmss-aggregate/index';
import { XMSS_MESSAGE_BYTES, XMSS_SEED_BYTES, xmssKeyGen, xmssSignUnsafeInMemory } from '../../src/xmss/index';
import { aggregateLines, aggregateReport, proveAggregate, timedVerify } from './aggregate-command';
import { type BackendChoice, openBackend } from './backends';
import { mib, parseThreads, peakRss, readFile, writeOut } from './cli-files';
import { nodeLines, nodeReport, proveNodeAggregate } from './node-aggregate';
import { UsageError } from './usage';

const EPOCH = 7;
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const random = (n: number): Uint8Array => globalThis.crypto.getRandomValues(new Uint8Array(n));
const label = (name: string) => `  ${name.padEnd(10)}`;
const INDENT = ' '.repeat(12);

/** `demo recursion`; `node` is a test's stand-in (the command line always uses the default). */
export async function demoRecursion(opts: { n: string; backend: BackendChoice; threads?: string }, node?: NodeProgram): Promise<void> {
  const n = /^\d{1,4}$/.test(opts.n) ? Number(opts.n) : NaN;
  if (!(n >= 1 && n <= AGGREGATE_MAX_SIGNERS)) throw new UsageError(`--n must be a leaf's signer count in 1 .. ${AGGREGATE_MAX_SIGNERS}, got "${opts.n}"`);
  const nodeProgram = nodeProgramOr(node);
  const threads = parseThreads(opts.threads);
  const { backend, why } = await openBackend(opts.backend, { threads });
  console.error(`backend: ${backend.name} (${why})`);
  console.log(`Recursion: ${2 * n} fresh keys sign one message at epoch ${EPOCH}; two leaves of ${n} signatures, then one node verifies both leaves' proofs`);
  try {
    let t = performance.now();
    const keys = Array.from({ length: 2 * n }, () => xmssKeyGen(random(XMSS_SEED_BYTES), EPOCH, EPOCH));
    const message = random(XMSS_MESSAGE_BYTES);
    const signers = keys.map((key) => ({ publicKey: key.publicKey, signature: xmssSignUnsafeInMemory(key, message, EPOCH).signature }));
    console.log(`${label('signers')}${2 * n} keys and signatures of ${hex(message)} in ${(performance.now() - t).toFixed(0)} ms`);
    const leaves = [];
    for (const half of [0, 1]) {
      const { aggregate, stats } = await proveAggregate(backend, { message, epoch: EPOCH, signers: signers.slice(half * n, (half + 1) * n) });
      const [head, ...rest] = aggregateLines(aggregateReport(stats, backend, threads), INDENT);
      console.log(`${label(`leaf ${half}`)}${head}`);
      for (const line of rest) console.log(line);
      leaves.push({ name: `leaf ${half}`, aggregate: { kind: 'leaf' as const, ...aggregate } });
    }
    const { aggregate, stats } = await proveNodeAggregate(backend, { message, epoch: EPOCH, children: leaves, signers: [] }, [], nodeProgram);
    const [head, ...rest] = nodeLines(nodeReport(stats as NodeStats, backend, threads), INDENT);
    console.log(`${label('node')}${head}`);
    for (const line of rest) console.log(line);
    const out = join(mkdtempSync(join(tmpdir(), 'leanvm-gpu-')), `recursion-${2 * n}.agg`);
    const bytes = encodeTreeAggregate(aggregate);
    writeOut(out, bytes, 'aggregate');
    console.log(`${INDENT}${bytes.length} bytes (the proof ${stats.proofBytes}, ${2 * n} keys, 3 deferred points) → ${out}`);
    const signerCount = (k: number) => `${k} signer${k === 1 ? '' : 's'}`;
    console.log(`${label('tree')}node: ${signerCount(aggregate.publicKeys.length)}`);
    leaves.forEach((leaf, i) => console.log(`${INDENT}${i === leaves.length - 1 ? '└─' : '├─'} ${leaf.name}: ${signerCount(leaf.aggregate.publicKeys.length)}`));
    t = performance.now();
    const { verdict, verifyMs } = timedVerify(decodeTreeAggregate(readFile(out, 'aggregate')), message, EPOCH, `aggregate file ${out}`, nodeProgram);
    if (!verdict.valid) {
      process.exitCode = 1;
      return console.log(`${label('verify')}INVALID: ${verdict.reason}`);
    }
    console.log(`${label('verify')}valid: the node proves that all ${verdict.n} keys signed the message at epoch ${EPOCH} (read back and verified in ${verifyMs.toFixed(0)} ms, its deferred values recomputed)`);
    console.log(`${label('memory')}peak ${mib(peakRss())}`);
  } finally {
    await backend.dispose();
  }
}
