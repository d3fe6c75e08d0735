// XMSS aggregation, as upstream reports it (`leanvm-b xmss --n-signatures N`): signatures
// aggregated per second for n = 20, 100, 400 and 900, per backend (native at 1 and 2 threads and
// its default), the whole aggregate() call (the native checks and the proof) timed after one
// warm-up that also compiles the program; keygen and signing are excluded (done once, before,
// with upstream's benchmark keys: epochs 0..15, signing at 7). Each cell gives its stage split,
// the program's cycles a signature and the proof size; its peak memory is that of one
// `leanvm-gpu aggregate` process on the same signers (compiling the program adds about 60 MiB),
// since a process that has run other cells keeps their pages.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Backend } from '../src/backend/backend';
import { StdRng } from '../src/util/std-rng';
import { AGGREGATE_STAGES, type AggregateSigner, type AggregateStats, aggregate } from '../src/workloads/xmss-aggregate';
import { encodePublicKey, encodeSignature, type XmssPublicKey, type XmssSignature, xmssKeyGen, xmssSign } from '../src/xmss';
import { perNativeThreads } from './native-threads';
import type { BenchRow } from './report';
import { summarize } from './stats';

export const XMSS_SIZES = [20, 100, 400, 900];
const EPOCH = 7;
const MESSAGE = Uint8Array.from({ length: 32 }, (_, i) => (37 * i + 11) & 0xff);

const signers: AggregateSigner[] = [];

/** The first n signers, from deterministic seeds (made once, for the largest n asked for). */
function signersFor(n: number): AggregateSigner[] {
  for (let i = signers.length; i < n; i++) {
    const seed = Uint8Array.from({ length: 32 }, (_, j) => (j < 4 ? (i >>> (8 * j)) & 0xff : 0xa5));
    const key = xmssKeyGen(seed, 0, 15);
    signers.push({ publicKey: key.publicKey, signature: xmssSign(key, MESSAGE, EPOCH, StdRng.seedFromU64(i, 0)).signature });
  }
  return signers.slice(0, n);
}

/** The peak RSS of one `leanvm-gpu aggregate` process (the CLI beside this bundle) on the first n signers. */
function cliPeakBytes(backend: Backend, label: string, n: number): number | string {
  const dir = mkdtempSync(join(tmpdir(), 'leanvm-bench-xmss-'));
  try {
    mkdirSync(join(dir, 'signers'));
    signersFor(n).forEach((s, i) => {
      writeFileSync(join(dir, 'signers', `s${i}.pub`), encodePublicKey(s.publicKey as XmssPublicKey));
      writeFileSync(join(dir, 'signers', `s${i}.sig`), encodeSignature(s.signature as XmssSignature));
    });
    const threads = /×(\d+)$/.exec(label)?.[1];
    const args = ['aggregate', '--message', Buffer.from(MESSAGE).toString('hex'), '--epoch', String(EPOCH), '--signers', join(dir, 'signers'),
      '--out', join(dir, 'agg'), '--backend', backend.name, ...(threads === undefined ? [] : ['--threads', threads]), '--json'];
    const r = spawnSync(process.execPath, [join(dirname(fileURLToPath(import.meta.url)), 'cli.js'), ...args], { encoding: 'utf8' });
    if (r.status !== 0) return `aggregate exited ${r.status}: ${r.stderr.trim().split('\n').at(-1)}`;
    return JSON.parse(r.stdout).peakRssBytes;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchXmss(backend: Backend, sizes: number[], runs: number): Promise<BenchRow[]> {
  signersFor(Math.max(...sizes));
  return perNativeThreads(backend, (b, label) => benchBackend(b, label, sizes, runs));
}

async function benchBackend(backend: Backend, label: string, sizes: number[], runs: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const n of sizes) {
    const request = { message: MESSAGE, epoch: EPOCH, signers: signersFor(n) };
    try {
      const all: AggregateStats[] = [];
      for (let run = 0; run <= runs; run++) all.push((await aggregate(request, { backend })).stats);
      all.shift(); // the warm-up
      const total = summarize(all.map((s) => AGGREGATE_STAGES.reduce((t, st) => t + (st === 'compile' ? 0 : s.stageMs[st]), 0)));
      const row: BenchRow = { backend: label, n, 'sig/s': n / (total.medianMs / 1e3), 'aggregate ms': total.medianMs, 'cycles/sig': all[0].programCycles / n };
      for (const s of AGGREGATE_STAGES) if (s !== 'compile') row[`${s} ms`] = summarize(all.map((x) => x.stageMs[s])).medianMs;
      const peak = cliPeakBytes(backend, label, n);
      Object.assign(row, { 'proof KiB': all[0].proofBytes / 1024, 'peak MiB': typeof peak === 'number' ? peak / 2 ** 20 : peak, spread: total.spread, runs: total.runs });
      rows.push(row);
    } catch (e) {
      rows.push({ backend: label, n, error: (e as Error).message.split('\n')[0] });
    }
  }
  return rows;
}
