// Issue 3 on a real GPU: the WebGPU commitment (level-0 codeword and Merkle root) equals the
// reference backend's byte for byte over stack sizes 2^6..2^20 K words (logN < 6 is no stack:
// encode rejects it), log inverse rates 1..4 and lane counts 1..64, on both NTT pass plans
// (radix-4 and radix-16 groups), one line per (size, rate). CI runs a slice of the grid on
// lavapipe (test/webgpu/commit.test.ts) and its largest codewords on native
// (test/native/merkle.test.ts).
import type { Backend } from '../../src/backend/backend';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { SplitMix64 } from '../../src/util/splitmix64';
import type { Budget } from './budget';
import { firstDifference } from './compare';

export interface CommitGrid {
  logNs: number[];
  rates: number[];
  lanes: number[];
}

const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);

/** Full range, and a small subset a software adapter (lavapipe) affords. */
export const COMMIT_GRID: CommitGrid = { logNs: range(6, 20), rates: [1, 2, 3, 4], lanes: [1, 2, 3, 5, 8, 13, 31, 32, 33, 47, 63, 64] };
export const QUICK_COMMIT_GRID: CommitGrid = { logNs: [6, 9, 12, 16], rates: [1, 2, 4], lanes: [1, 3, 33, 64] };
/** The NTT pass plans (nttGroupLayers): radix-4 groups, and radix-16 with radix-2/4/8 leftovers. */
export const NTT_PLANS = [2, 4];

export interface CommitReport {
  planned: number;
  ran: number;
  failures: string[];
}

/** A stack of 2^logN words of which `lanes` blocks hold data, the last one partly. */
export function stack(logN: number, lanes: number, seed: number): Uint32Array {
  const block = 2 ** (logN - 6);
  const len = lanes === 64 ? 64 * block : (lanes - 1) * block + Math.max(1, block >> 1);
  return new SplitMix64(seed).words(len);
}

/** The codeword's words and the Merkle root of stack `q` on `backend`, its buffers freed. */
export async function commit(backend: Backend, q: Uint32Array, logN: number, rate: number, lanes: number): Promise<{ words: Uint32Array; root: Uint8Array }> {
  const msg = await backend.upload('K', q);
  const codeword = await backend.encode(msg, logN, rate);
  backend.free(msg);
  const tree = await backend.merkleBuild(codeword, lanes, 64);
  const words = await backend.download(codeword);
  backend.freeTree(tree);
  backend.free(codeword);
  return { words, root: tree.root };
}

/** The plans share `device`, which the caller destroys. */
export async function checkCommit(device: GPUDevice, reference: Backend, grid: CommitGrid, budget: Budget): Promise<CommitReport> {
  const plans = NTT_PLANS.map((nttGroupLayers) => ({ nttGroupLayers, gpu: createWebGpuBackend(device, { nttGroupLayers }) }));
  const report: CommitReport = { planned: grid.logNs.length * grid.rates.length * grid.lanes.length * plans.length, ran: 0, failures: [] };
  for (const logN of grid.logNs) {
    for (const rate of grid.rates) {
      const label = `2^${logN} words, rate 1/2^${rate}`;
      const ran = await budget.unit('commit', label, async () => {
        const before = report.failures.length;
        for (const lanes of grid.lanes) {
          const q = stack(logN, lanes, 1000 * logN + 10 * rate + lanes);
          const want = await commit(reference, q, logN, rate, lanes);
          for (const { nttGroupLayers, gpu } of plans) {
            const what = await commit(gpu, q, logN, rate, lanes).then(
              (got) => {
                const word = firstDifference(got.words, want.words);
                if (word !== -1) return `codeword differs from u32 word ${word}`;
                return firstDifference(got.root, want.root) === -1 ? null : 'root differs';
              },
              (e: Error) => `threw ${e.message.split('\n')[0]}`,
            );
            if (what !== null) report.failures.push(`${label}, ${lanes} lanes, ${nttGroupLayers}-layer NTT groups: ${what}`);
            report.ran++;
          }
        }
        const failed = report.failures.slice(before);
        budget.log(`${failed.length ? 'FAIL' : 'PASS'} commit ${label}: ${grid.lanes.length} lane counts × ${plans.length} NTT plans`);
        for (const f of failed) budget.log(`  FAIL ${f}`);
      });
      if (!ran) return report;
    }
  }
  return report;
}
