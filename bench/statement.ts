// What binding the statement costs (docs/bound-statement.md): the same n reference messages
// proved with the empty statement and with the bound one, runs interleaved so drift hits both
// alike; prove and verify medians, the overhead, and both proof sizes (the stream is the same
// length; the Merkle openings differ in how many siblings their queries share).
import type { Backend } from '../src/backend/backend';
import { referenceMessages } from '../src/workloads/hash-batch/inputs';
import { proveHashBatch } from '../src/workloads/hash-batch/prove';
import type { StatementMode } from '../src/workloads/hash-batch/statement';
import { verifyHashBatch } from '../src/workloads/hash-batch/verify';
import type { BenchRow } from './report';
import { summarize } from './stats';

export const STATEMENT_SIZES = [7, 9, 11, 13, 15];

const MODES: readonly StatementMode[] = ['none', 'bound'];

export async function benchStatement(backend: Backend, logSizes: number[], runs: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const k of logSizes) {
    const messages = referenceMessages(2 ** k);
    const prove = { none: [] as number[], bound: [] as number[] };
    const verify = { none: [] as number[], bound: [] as number[] };
    const bytes = { none: 0, bound: 0 };
    for (let run = 0; run <= runs; run++) {
      for (const statement of MODES) {
        const t0 = performance.now();
        const { proof } = await proveHashBatch(messages, { backend, statement });
        const t1 = performance.now();
        if (!verifyHashBatch(messages, proof, { statement }).valid) throw new Error(`the ${statement} proof of 2^${k} does not verify`);
        const t2 = performance.now();
        if (run === 0) continue; // warm-up
        prove[statement].push(t1 - t0);
        verify[statement].push(t2 - t1);
        bytes[statement] = proof.length;
      }
    }
    const [none, bound] = MODES.map((m) => summarize(prove[m]));
    rows.push({
      backend: backend.name, n: `2^${k}`, 'none ms': none.medianMs, 'bound ms': bound.medianMs,
      'overhead %': (100 * (bound.medianMs - none.medianMs)) / none.medianMs,
      'verify none ms': summarize(verify.none).medianMs, 'verify bound ms': summarize(verify.bound).medianMs,
      'none KiB': bytes.none / 1024, 'bound KiB': bytes.bound / 1024, spread: Math.max(none.spread, bound.spread), runs: none.runs,
    });
  }
  return rows;
}
