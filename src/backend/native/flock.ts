// Flock's bulk kernels on the module (host/native/src/bit_columns.cc, flock_witness.cc) for
// arrayFlockPasses: the backend's pool arrays are 8-byte aligned, as the module reads u64
// words; small operands (weights, tables) are copied where they are not.
import type { FlockArrayKernels } from '../array-flock';
import { aligned, type NativeModule } from './module';

/** Fewer compressions than this are witnessed on the JavaScript thread even with a second one:
 * a small program's proof at 2 threads measured 15-20% slower with its few rows sent off
 * (`bench --only vmprove --compare`), while a table of 2^11 rows gains from the overlap. */
const ASYNC_WITNESS_MIN = 1024;

export function nativeFlockKernels(module: NativeModule): FlockArrayKernels {
  return {
    // With a second thread, off the JavaScript thread, so a caller's host work overlaps it.
    witness: ({ live, messages, headers }, z, a, b) => {
      const [m, h] = [aligned(messages), aligned(headers)];
      const offThread = module.threads() >= 2 && live >= ASYNC_WITNESS_MIN;
      return offThread ? module.flockWitnessAsync(m, h, live, z, a, b) : module.flockWitness(m, h, live, z, a, b);
    },
    skipSums: (lt, cols, at, groups, weights, sums) => module.skipSums(lt, cols.a, cols.b, cols.c, at, groups, aligned(weights.lo), aligned(weights.hi), sums),
    entries: (col, at, count, t0, t1, out) => module.zerocheckEntries(col, at, count, t0, t1, out),
    foldBlocks: (z, blocks, eq, zv) => module.foldBlocks(z, blocks, aligned(eq), zv),
    comb: (e, alpha) => {
      const comb = new Uint32Array(e.length);
      module.lincheckComb(aligned(e), alpha, comb);
      return comb;
    },
  };
}
