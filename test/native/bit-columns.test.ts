// The native byte-table kernels over bit columns give the TypeScript host's bytes: the skip
// pass's sums (skipSums), the zerocheck entries (zerocheckEntries, on the prover's linear byte
// tables at a random point, bound at one and two χ) and the lincheck's block fold (foldBlocks,
// up to 300 blocks: several of its tiles, the last part-filled), on random columns (dense, and
// sparse so that most bytes are zero and consecutive groups hit one bin), group counts around
// the kernels' batches, blocks and key passes, on every path at 1, 2 and 3 threads.
import { expect, test } from 'vitest';
import { firstDifference } from '../../bench/device-check/compare';
import { hostFoldBlocks } from '../../src/kernels/flock/fold-blocks';
import { entryByteTables, entryWeights, hostEntries } from '../../src/kernels/flock/materialize';
import { hostSkipSums, SKIP_LAMBDA_TABLES, SKIP_SUM_WORDS } from '../../src/kernels/flock/skip-pass';
import { SplitMix64 } from '../../src/util/splitmix64';
import { describeNative } from './native';
import type { NativeModule } from '../../src/backend/native/index';

/** Skip-pass group counts: one, a partial eight-group block, past the 256-group thread grain
 * and the 2048-group batch. */
const GROUPS = [1, 7, 300, 2049, 4500];

/** n u32 words, dense or sparse: each u64 word kept with probability 1/32, else zero (about
 * half the groups then all zero). */
function column(rng: SplitMix64, n: number, sparse: boolean): Uint32Array {
  const w = rng.words(Math.ceil(n / 2)).subarray(0, n);
  if (sparse) for (let i = 0; i < n; i += 2) if ((rng.words(1)[0] & 31) !== 0) w.fill(0, i, i + 2);
  return w;
}

/** A kernel call: its name, what the host gives, and the native call's output. */
interface Case {
  readonly what: string;
  readonly want: Uint32Array;
  readonly run: (module: NativeModule) => Uint32Array;
}

/** Every kernel's cases on one seed, the host's outputs computed once. */
function cases(seed: number): Case[] {
  const rng = new SplitMix64(seed);
  const out: Case[] = [];
  for (const sparse of [false, true]) {
    const tag = sparse ? ', sparse' : '';
    for (const groups of GROUPS) {
      const at = 32; // a run that does not start at the columns' first word
      const [a, b, c] = [0, 1, 2].map(() => column(rng, at + 16 * groups, sparse));
      // Split weights as the pass has them (32 groups a block weight) and of another split.
      const n = groups % 2 === 0 ? 32 : 3;
      const lo = rng.words(3 * n), hi = rng.words(3 * Math.ceil(groups / n));
      const start = rng.words(SKIP_SUM_WORDS / 2); // the kernels add into what the sums hold
      const want = start.slice();
      hostSkipSums({ a, b, c }, at, groups, { lo, hi }, want);
      out.push({ what: `skipSums ${groups} groups, ${n} low weights${tag}`, want, run: (m) => {
        const got = start.slice();
        m.skipSums(SKIP_LAMBDA_TABLES, a, b, c, at, groups, lo, hi, got);
        return got;
      } });
    }
    for (const count of [1, 5, 64, 4097, 9000]) {
      const col = column(rng, 4 * count + 8, sparse), [t0, t1] = entryByteTables(entryWeights(rng.words(6), rng.words(6)));
      const want = new Uint32Array(6 * count);
      hostEntries(col, 8, count, t0, t1, want);
      out.push({ what: `zerocheckEntries ${count}${tag}`, want, run: (m) => {
        const got = new Uint32Array(6 * count);
        m.zerocheckEntries(col, 8, count, t0, t1, got);
        return got;
      } });
    }
    for (const blocks of [1, 3, 8, 21, 300]) {
      const z = column(rng, 512 * blocks, sparse), eq = rng.words(3 * blocks), start = rng.words(3 * 16384);
      const want = start.slice();
      hostFoldBlocks(z, blocks, eq, want);
      out.push({ what: `foldBlocks ${blocks}${tag}`, want, run: (m) => {
        const got = start.slice();
        m.foldBlocks(z, blocks, eq, got);
        return got;
      } });
    }
  }
  return out;
}

describeNative('the native bit-column kernels', (module) => {
  test('skipSums, zerocheckEntries and foldBlocks give the host bytes on every path at 1, 2 and 3 threads', () => {
    const before = module.threads(), all = cases(11);
    try {
      for (const { name } of module.paths()) {
        module.usePath(name);
        for (const threads of [1, 2, 3]) {
          module.setThreads(threads);
          for (const { what, want, run } of all) {
            expect(firstDifference(run(module), want), `${what} on ${name} at ${threads} threads`).toBe(-1);
          }
        }
      }
    } finally {
      module.setThreads(before);
    }
  }, 120_000);
});
