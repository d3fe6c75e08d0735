// The hash-batch prover end to end: BLAKE2s compressions proved per second and the split over
// the stages (witness, commit, zerocheck, lincheck, opening), per backend, on the reference
// test's messages, with its empty statement (the flow its published numbers are for; `--only
// statement` compares the bound one). Proof time excludes generating the messages, and is
// also given without the witness, as the reference reports it. (Peak memory is per process:
// `leanvm-gpu prove hash --json` reports it for one size.) The native backend runs at 1 and 2
// threads and at its default (every core), the reference prover's numbers being per thread count.
// Each row puts the memory estimate (src/workloads/hash-batch/memory.ts) beside the peak
// resident set measured over that size's runs (the process's, so the first size's includes the
// runtime's start and a later size's may hold a smaller one's spares).
import { availableParallelism } from 'node:os';
import { openBackend } from '../host/node/backends';
import type { Backend } from '../src/backend/backend';
import { referenceMessages } from '../src/workloads/hash-batch/inputs';
import { HASH_BATCH_STAGES, type HashBatchProof, type HashBatchStage, proveHashBatch, type StageTraffic } from '../src/workloads/hash-batch/prove';
import { hashBatchMemory } from '../src/workloads/hash-batch/memory';
import { totalTraffic } from '../src/workloads/hash-batch/traffic';
import { peakRss } from '../host/node/cli-files';
import { resetPeak } from './peak-memory';
import type { BenchRow } from './report';
import { summarize } from './stats';

export const HASH_SIZES = [10, 11, 12, 13, 14, 15, 16, 17, 18];

/** Native thread counts, the module's default last (the pool is per process: that leaves it as found). */
const NATIVE_THREADS = [...new Set([1, 2, availableParallelism()])];

export async function benchHash(backend: Backend, logSizes: number[], runs: number): Promise<BenchRow[]> {
  if (backend.name !== 'native') return benchBackend(backend, backend.name, logSizes, runs);
  const rows: BenchRow[] = [];
  for (const threads of NATIVE_THREADS) {
    const { backend: native } = await openBackend('native', { threads });
    try {
      rows.push(...(await benchBackend(native, `native ×${threads}`, logSizes, runs)));
    } finally {
      await native.dispose();
    }
  }
  return rows;
}

/** Proofs before the timed ones at each size. The backend's word pool keeps its spares within
 * what it has held (src/backend/word-pool.ts), so after a smaller size it settles over three
 * proofs of the new one (2^13 native: 158, 81 and 29 MiB of fresh arrays, then none); timing the
 * second and third measured their page faults, not the warm prover (≈ 100 ms at 2^13). */
const WARMUP_RUNS = 3;

/** A warm proof's device traffic, all stages together (the last run's: the same every run). */
function trafficColumns(t: StageTraffic): Record<string, number> {
  return { 'up KiB': t.uploadBytes / 1024, 'back KiB': t.readBytes / 1024, submits: t.submits, waits: t.waits, rounds: t.rounds };
}

async function benchBackend(backend: Backend, label: string, logSizes: number[], runs: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const k of logSizes) {
    const n = 2 ** k;
    const messages = referenceMessages(n);
    const samples: Record<HashBatchStage | 'total', number[]> = { witness: [], commit: [], zerocheck: [], lincheck: [], opening: [], total: [] };
    let proofBytes = 0;
    resetPeak();
    let traffic: HashBatchProof['stats']['traffic'];
    try {
      for (let run = 1 - WARMUP_RUNS; run <= runs; run++) {
        const { stats } = await proveHashBatch(messages, { backend, statement: 'none' });
        if (run <= 0) continue;
        for (const s of HASH_BATCH_STAGES) samples[s].push(stats.stageMs[s]);
        samples.total.push(HASH_BATCH_STAGES.reduce((t, s) => t + stats.stageMs[s], 0));
        proofBytes = stats.proofBytes;
        traffic = stats.traffic;
      }
    } catch (e) {
      // A size past what the device holds ends this backend's sweep; the smaller ones stand.
      rows.push({ backend: label, n: `2^${k}`, error: (e as Error).message.split('\n')[0] });
      break;
    }
    const total = summarize(samples.total);
    const row: BenchRow = { backend: label, n: `2^${k}`, 'compr/s': n / (total.medianMs / 1e3), 'prove ms': total.medianMs };
    row['w/o witness ms'] = summarize(samples.total.map((t, i) => t - samples.witness[i])).medianMs;
    for (const s of HASH_BATCH_STAGES) row[`${s} ms`] = summarize(samples[s]).medianMs;
    Object.assign(row, { 'proof KiB': proofBytes / 1024, spread: total.spread, runs: total.runs });
    row['est MiB'] = hashBatchMemory({ n, nBlocksLog: k }, backend.name).bytes / 2 ** 20;
    row['peak MiB'] = peakRss() / 2 ** 20;
    if (traffic !== undefined) Object.assign(row, trafficColumns(totalTraffic(traffic)));
    rows.push(row);
  }
  return rows;
}
