// K and E multiplications per second, every usable backend side by side. GPU timings cover
// the kernel alone (operands already resident), which is how the prover uses it.
import type { Backend, Elem } from '../src/backend/backend';
import { WORDS } from '../src/backend/backend';
import { SplitMix64 } from '../src/util/splitmix64';
import { time } from './stats';
import type { BenchRow } from './report';

export const FIELD_SIZES = [16, 18, 20];

export async function benchField(backend: Backend, logSizes: number[], runs: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const elem of ['K', 'E'] as Elem[]) {
    for (const logN of logSizes) {
      const n = 1 << logN;
      const rng = new SplitMix64(logN);
      const a = await backend.upload(elem, rng.words((n * WORDS[elem]) / 2));
      const b = await backend.upload(elem, rng.words((n * WORDS[elem]) / 2));
      const out = await backend.alloc(elem, n);
      const t = await time(runs, async () => {
        await (elem === 'K' ? backend.mulK(a, b, out) : backend.mulE(a, b, out));
        await backend.finish();
      });
      for (const buf of [a, b, out]) backend.free(buf);
      rows.push({ backend: backend.name, field: elem, n: `2^${logN}`, 'Mmul/s': n / t.medianMs / 1e3, 'median ms': t.medianMs, spread: t.spread, runs: t.runs });
    }
  }
  return rows;
}
