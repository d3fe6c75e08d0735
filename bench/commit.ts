// Commit throughput (encode + Merkle build of a full 2^logN-word stack, 64 lanes) per
// backend at rates 1/2 and 1/4, and the encode alone (the stack layout sweep plus the NTT
// passes) in ns per lane-butterfly. GPU timings start with the message already on the
// device and end with the root on the host (commit) or the queue drained (encode). The cpu
// backend runs twice, on one thread and on its worker pool (every core), side by side.
// Where the transform can run alone (cpu's TypeScript, the native module), its passes are
// also timed by themselves on one thread, in place on a laid-out codeword: the kernel figure
// the goal is stated in, apart from the layout sweep.
import { availableParallelism } from 'node:os';
import { loadNative } from '../host/node/native';
import type { Backend } from '../src/backend/backend';
import { createCpuBackend } from '../src/backend/cpu/index';
import { asNativeModule } from '../src/backend/native/index';
import { forwardNtt } from '../src/ntt/transform';
import { SplitMix64 } from '../src/util/splitmix64';
import type { BenchRow } from './report';
import { time } from './stats';

export const COMMIT_SIZES = [16, 17, 18, 19, 20, 21, 22];
const RATES = [1, 2];
const LANES = 64;

export async function benchCommit(backend: Backend, logSizes: number[], runs: number): Promise<BenchRow[]> {
  if (backend.name !== 'cpu') return benchBackend(backend, backend.name, logSizes, runs, true);
  const single = createCpuBackend();
  const rows = await benchBackend(single, 'cpu 1 thread', logSizes, runs, true);
  await single.dispose();
  // The backend bench/main.ts opened: host/node/backends.ts gives it every core.
  const threads = availableParallelism();
  if (threads > 1) rows.push(...(await benchBackend(backend, `cpu ${threads} threads`, logSizes, runs, false)));
  return rows;
}

/** `kernel`: also time the transform alone (once per backend: not for the cpu pool's row). */
async function benchBackend(backend: Backend, label: string, logSizes: number[], runs: number, kernel: boolean): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const rate of RATES) {
    for (const logN of logSizes) {
      const n = 2 ** logN;
      const msg = await backend.upload('K', new SplitMix64(logN).words(n));
      const encode = await time(runs, async () => {
        backend.free(await backend.encode(msg, logN, rate));
        await backend.finish();
      });
      const commit = await time(runs, async () => {
        const codeword = await backend.encode(msg, logN, rate);
        backend.freeTree(await backend.merkleBuild(codeword, LANES, LANES));
        backend.free(codeword);
      });
      backend.free(msg);
      // Layers ν .. L−1 of 2^(L−1) butterflies per lane, κ = logN − 6 of them.
      const laneButterflies = LANES * (logN - 6) * 2 ** (logN - 6 + rate - 1);
      const kernelMs = kernel ? await kernelAloneMs(backend, logN - 6 + rate, rate, runs) : null;
      rows.push({
        backend: label,
        n: `2^${logN}`,
        rate: `1/${2 ** rate}`,
        'commit ms': commit.medianMs,
        'Mwords/s': n / commit.medianMs / 1e3,
        'input GB/s': (8 * n) / commit.medianMs / 1e6,
        'encode ms': encode.medianMs,
        'ns/lane-bfly': (encode.medianMs * 1e6) / laneButterflies,
        'kernel ns/lane-bfly 1T': kernelMs === null ? '' : (kernelMs * 1e6) / laneButterflies,
        spread: Math.max(commit.spread, encode.spread),
        runs: commit.runs,
      });
    }
  }
  return rows;
}

/** The forward transform alone from layer `start` of 2^logSize positions × 64 lanes, in place,
 * on one thread (median ms); null where the backend has no transform to call by itself. */
async function kernelAloneMs(backend: Backend, logSize: number, start: number, runs: number): Promise<number | null> {
  let transform: (data: Uint32Array) => void;
  let restore = (): void => {};
  let data = new SplitMix64(logSize).words(LANES * 2 ** logSize);
  if (backend.name === 'cpu') transform = (words) => forwardNtt(words, LANES, start);
  else if (backend.name === 'native') {
    const loaded = loadNative();
    if (!loaded.ok) return null;
    const module = asNativeModule(loaded.module);
    // On the module's own pages where it maps them, as the backend's codewords are.
    if (module.allocWords !== undefined) {
      const mapped = new Uint32Array(module.allocWords(4 * data.length));
      mapped.set(data);
      data = mapped;
    }
    const threads = module.threads();
    module.setThreads(1);
    restore = () => module.setThreads(threads);
    transform = (words) => module.forwardNtt(words, LANES, start);
  } else return null;
  try {
    return (await time(runs, async () => transform(data))).medianMs;
  } finally {
    restore();
  }
}
