// PCS opening time per backend: the stacked WHIR opening of a full 2^logN-word stack holding one
// packed column (q_flock, as the hash batch commits it) with one ring claim and one point claim,
// rate 1/2. The commitment is made once and not timed; a run is the whole opening (batching,
// the combined weight built on the backend, every WHIR level), from a fresh transcript to the
// last Merkle phase. Claim values are random: the prover's work does not depend on them.
import type { Backend } from '../src/backend/backend';
import { commitColumns, proveStackedOpening, type StackClaims } from '../src/pcs/stack';
import { freeCommitment } from '../src/pcs/whir';
import { ProverState } from '../src/transcript';
import { SplitMix64 } from '../src/util/splitmix64';
import type { BenchRow } from './report';
import { time } from './stats';

export const PCS_SIZES = [16, 17, 18, 19, 20, 21, 22];
const RATE = 1;

export async function benchPcs(backend: Backend, logSizes: number[], runs: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const logN of logSizes) {
    const rng = new SplitMix64(logN);
    const { commitment } = await commitColumns(backend, [rng.words(2 ** logN)], RATE);
    const claims: StackClaims = {
      ring: { offset: 0, vars: logN, claims: [{ suffix: rng.words(3 * logN), s: rng.words(3 * 64) }] },
      points: [{ offset: 0, point: rng.words(3 * logN), value: rng.words(3) }],
    };
    const t = await time(runs, () => proveStackedOpening(new ProverState('bench-pcs'), commitment, claims));
    freeCommitment(commitment);
    rows.push({
      backend: backend.name,
      n: `2^${logN}`,
      rate: `1/${2 ** RATE}`,
      'open ms': t.medianMs,
      'Mwords/s': 2 ** logN / t.medianMs / 1e3,
      spread: t.spread,
      runs: t.runs,
    });
  }
  return rows;
}
