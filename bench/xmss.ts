// XMSS aggregation, as upstream reports it (`leanvm-b xmss --n-signatures N`): signatures
// aggregated per second for n = 20, 100, 400 and 900, per backend (native at 1 and 2 threads and
// its default), the whole aggregate() call (the native checks and the proof) timed after one
// warm-up that also reads the program; keygen and signing are excluded (done first, with
// upstream's benchmark keys: epochs 0..15, signing at 7). Each cell gives its stage split, the
// program's cycles a signature, the proof size and its peak memory beside the estimate the
// aggregate command checks (src/vm/prove/memory.ts). A cell runs in a process of
// its own (this bundle again, told the cell by XMSS_CELL_ENV), so its peak is its own: one
// process keeps the pages of the cells before it, and at n = 900 two aggregates' garbage would
// not fit this machine.
import { spawnSync } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type BackendChoice, openBackend } from '../host/node/backends';
import { peakRss } from '../host/node/cli-files';
import type { Backend } from '../src/backend/backend';
import { StdRng } from '../src/util/std-rng';
import type { VmShape } from '../src/vm/layout';
import { vmMemory } from '../src/vm/prove/memory';
import { AGGREGATE_STAGES, AGGREGATION_PROGRAM_BYTES, type AggregateSigner, type AggregateStats, aggregate } from '../src/workloads/xmss-aggregate';
import { xmssKeyGen, xmssSignUnsafeInMemory } from '../src/xmss';
import { perNativeThreads } from './native-threads';
import type { BenchRow } from './report';
import { summarize } from './stats';

export const XMSS_SIZES = [20, 100, 400, 900];
/** Set in a cell's process: the cell as JSON. */
export const XMSS_CELL_ENV = 'LEANVM_BENCH_XMSS_CELL';
export const XMSS_EPOCH = 7;
export const XMSS_MESSAGE = Uint8Array.from({ length: 32 }, (_, i) => (37 * i + 11) & 0xff);

interface Cell {
  backend: BackendChoice;
  threads?: number;
  n: number;
  runs: number;
}

/** n signers from deterministic seeds. */
export function signersFor(n: number): AggregateSigner[] {
  return Array.from({ length: n }, (_, i) => {
    const seed = Uint8Array.from({ length: 32 }, (_, j) => (j < 4 ? (i >>> (8 * j)) & 0xff : 0xa5));
    const key = xmssKeyGen(seed, 0, 15);
    return { publicKey: key.publicKey, signature: xmssSignUnsafeInMemory(key, XMSS_MESSAGE, XMSS_EPOCH, StdRng.seedFromU64(i, 0)).signature };
  });
}

/** In a cell's process: the warm-up and the timed aggregates, a full collection before each
 * (and the event-loop turns in which the native module's finalizers unmap what it freed) so
 * that one run's garbage does not add to the next's peak; prints the stats and the peak. */
export async function runXmssCell(spec: string): Promise<void> {
  const cell = JSON.parse(spec) as Cell;
  setFlagsFromString('--expose-gc');
  const gcOnce = runInNewContext('gc') as () => void;
  const gc = async () => {
    for (let i = 0; i < 2; i++) {
      gcOnce();
      await new Promise((turn) => setImmediate(turn));
    }
  };
  const request = { message: XMSS_MESSAGE, epoch: XMSS_EPOCH, signers: signersFor(cell.n) };
  const { backend } = await openBackend(cell.backend, { threads: cell.threads });
  const stats: AggregateStats[] = [];
  // The memory estimate the aggregate command checks, from the program's run.
  let estimateBytes = 0;
  const onShape = (shape: VmShape, logInvRate: number) => {
    estimateBytes = vmMemory(shape, logInvRate, backend.name, { 'aggregation program': AGGREGATION_PROGRAM_BYTES }).bytes;
  };
  try {
    for (let run = 0; run <= cell.runs; run++) {
      await gc();
      stats.push((await aggregate(request, { backend, onShape })).stats);
    }
  } finally {
    await backend.dispose();
  }
  console.log(JSON.stringify({ stats: stats.slice(1), peakBytes: peakRss(), estimateBytes }));
}

export async function benchXmss(backend: Backend, sizes: number[], runs: number): Promise<BenchRow[]> {
  return perNativeThreads(backend, async (b, label, threads) => sizes.map((n) => cellRow({ backend: b.name, threads, n, runs }, label)));
}

function cellRow(cell: Cell, label: string): BenchRow {
  const r = spawnSync(process.execPath, [process.argv[1]], { encoding: 'utf8', env: { ...process.env, [XMSS_CELL_ENV]: JSON.stringify(cell) } });
  const n = cell.n;
  if (r.status !== 0) {
    const why = r.status === null || r.status === 137 ? ` (killed by ${r.signal ?? 'SIGKILL'}: out of memory?)` : `: ${r.stderr.trim().split('\n').at(-1)}`;
    return { backend: label, n, error: `the cell's process exited ${r.status ?? r.signal}${why}` };
  }
  const { stats, peakBytes, estimateBytes } = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { stats: AggregateStats[]; peakBytes: number; estimateBytes: number };
  const total = summarize(stats.map((s) => AGGREGATE_STAGES.reduce((t, st) => t + (st === 'compile' ? 0 : s.stageMs[st]), 0)));
  const row: BenchRow = { backend: label, n, 'sig/s': n / (total.medianMs / 1e3), 'aggregate ms': total.medianMs, 'cycles/sig': stats[0].programCycles / n };
  for (const s of AGGREGATE_STAGES) if (s !== 'compile') row[`${s} ms`] = summarize(stats.map((x) => x.stageMs[s])).medianMs;
  return Object.assign(row, { 'proof KiB': stats[0].proofBytes / 1024, 'est MiB': estimateBytes / 2 ** 20, 'peak MiB': peakBytes / 2 ** 20, spread: total.spread, runs: total.runs });
}
