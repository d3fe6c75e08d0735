// The throughput half of a GPU session: bench/commit.ts and bench/hash.ts run size by size
// under the budget, their rows written to bench/results/ exactly as `bench.js --only` does.
// The commit bench also times the native module beside the GPU; the hash bench times the GPU
// alone (native's thread sweep costs minutes of device time and is measured off the GPU).
import type { Backend } from '../../src/backend/backend';
import { benchCommit } from '../commit';
import { benchHash } from '../hash';
import { type BenchRow, printTable, writeResults } from '../report';
import type { Budget } from './budget';

export interface BenchReport {
  sizes: number[];
  ran: number[];
  file: string;
  rows: BenchRow[];
}

type BenchFn = (backend: Backend, logSizes: number[], runs: number) => Promise<BenchRow[]>;
const BENCHES: Record<'commit' | 'hash', BenchFn> = { commit: benchCommit, hash: benchHash };

export async function runBench(
  name: 'commit' | 'hash',
  backends: Backend[],
  sizes: number[],
  runs: number,
  machine: object,
  budget: Budget,
): Promise<BenchReport> {
  const rows: BenchRow[] = [];
  const ran: number[] = [];
  for (const logN of sizes) {
    let failed = false;
    const fits = await budget.unit(`bench ${name}`, `2^${logN}`, async () => {
      for (const backend of backends) {
        const got = await BENCHES[name](backend, [logN], runs).catch((e: Error) => [{ backend: backend.name, n: `2^${logN}`, error: e.message.split('\n')[0] }]);
        rows.push(...got);
        failed ||= got.some((r) => 'error' in r);
      }
      budget.log(`bench ${name} 2^${logN} done${failed ? ' (with errors, see its rows)' : ''}`);
    });
    if (!fits) break;
    ran.push(logN);
    // A size past what the device holds ends the sweep, as in bench/hash.ts.
    if (failed) break;
  }
  printTable(`${name} bench (median of ${runs} runs)`, rows);
  const file = writeResults(name, { bench: name, date: new Date().toISOString(), machine, sizes: ran, rows });
  budget.log(`→ ${file}`);
  return { sizes, ran, file, rows };
}
