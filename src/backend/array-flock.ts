// Flock's passes (FlockPasses) on a backend whose buffers are host arrays (cpu, native): the
// columns are words of its pool, and each pass runs one of the backend's kernels over them in
// place — the TypeScript reference's on cpu, the module's on native — with the protocol's
// sharing of the padding tail (its blocks are copies of the first) done once, here.
import { BackendUsageError, type DeviceBuffer, type Elem } from './backend';
import type { FlockPasses } from './flock-passes';
import type { FlockParts } from './portable';
import { BLOCK_BITS, BLOCK_U32 } from '../kernels/flock/layout';
import { addTail } from '../kernels/flock/fold-blocks';
import { checkWitnessInputs, type WitnessInputs } from '../kernels/flock/witness';
import { entryByteTables, paddedTables, PER_BLOCK } from '../kernels/flock/materialize';
import { groupRuns, SKIP_LAMBDA_TABLES, SKIP_SUM_WORDS, type SkipWeights, type ZerocheckColumns } from '../kernels/flock/skip-pass';

/** The bulk kernels the passes run, each on words in place. */
export interface FlockArrayKernels {
  /** Columns z, a, b of every block (inputs checked; contents of the columns arbitrary), now or
   * by the time the Promise it returns settles. */
  witness(inputs: WitnessInputs, z: Uint32Array, a: Uint32Array, b: Uint32Array): void | Promise<void>;
  /** The skip sums of `groups` groups from u32 word `at`, XORed into sums (skip-pass.ts, hostSkipSums). */
  skipSums(lt: Uint32Array, cols: ZerocheckColumns, at: number, groups: number, weights: SkipWeights, sums: Uint32Array): void;
  /** `count` zerocheck entries of col from u32 word `at` into out (materialize.ts, hostEntries). */
  entries(col: Uint32Array, at: number, count: number, t0: Uint32Array, t1: Uint32Array, out: Uint32Array): void;
  /** zv += the first `blocks` blocks of z weighted by eq (fold-blocks.ts, hostFoldBlocks). */
  foldBlocks(z: Uint32Array, blocks: number, eq: Uint32Array, zv: Uint32Array): void;
  /** FlockPasses.comb. */
  readonly comb?: FlockPasses['comb'];
}

/** How the passes reach the backend's arrays. */
export interface BackendArrays {
  /** The words of a live buffer of the backend. */
  data(buf: DeviceBuffer): Uint32Array;
  /** A new buffer owning `words` (length a whole number of elements). */
  wrap(elem: Elem, words: Uint32Array): DeviceBuffer;
  /** Words from the backend's pool, contents arbitrary, or zeroed; AllocationError naming
   * `what` if they cannot be had. */
  take(length: number, what: string): Uint32Array;
  takeZeroed(length: number, what: string): Uint32Array;
  /** Frees a buffer of wrap (its words go back to the pool). */
  free(buf: DeviceBuffer): void;
}

const EMPTY = new Uint32Array(0);

export function arrayFlockPasses(arrays: BackendArrays, kernels: FlockArrayKernels): FlockParts {
  const { data, wrap } = arrays;
  const columns = (cols: { a: DeviceBuffer; b: DeviceBuffer; z: DeviceBuffer }): ZerocheckColumns => ({ a: data(cols.a), b: data(cols.b), c: data(cols.z) });
  return {
    comb: kernels.comb,
    async witness(inputs, nBlocksLog, zInto) {
      const words = checkWitnessInputs(inputs, nBlocksLog) * BLOCK_U32;
      if (zInto !== undefined && zInto.length !== words) throw new BackendUsageError(`flock.witness: z of 2^${nBlocksLog} blocks is ${words} u32 words, got ${zInto.length} to write into`);
      const made: DeviceBuffer[] = [];
      try {
        const column = (name: string) => (name === 'z' && zInto !== undefined ? zInto : arrays.take(words, `witness column ${name} (${words} u32 words)`));
        for (const name of ['z', 'a', 'b']) made.push(wrap('K', column(name)));
        const [z, a, b] = made;
        await kernels.witness(inputs, data(z), data(a), data(b));
        return { nBlocksLog, live: inputs.live, z, a, b, ...(zInto !== undefined ? { zInto: true as const } : {}) };
      } catch (e) {
        // The caller's words are the caller's to free.
        for (const buf of made.slice(zInto !== undefined ? 1 : 0)) arrays.free(buf);
        throw e;
      }
    },
    async skipSums(cols, lo, { live, eq, tail }) {
      const sums = new Uint32Array(SKIP_SUM_WORDS), words = columns(cols);
      for (const run of groupRuns(live, data(eq), tail)) kernels.skipSums(SKIP_LAMBDA_TABLES, words, run.at, run.groups, { lo, hi: run.hi }, sums);
      return sums;
    },
    async zerocheckTables(cols, weights, doneWith) {
      const [t0, t1] = entryByteTables(weights);
      const count = PER_BLOCK * 2 ** cols.nBlocksLog;
      const made: DeviceBuffer[] = [];
      try {
        for (const [name, col] of [['a', cols.a], ['b', cols.b], ['c', cols.z]] as const) {
          const out = arrays.take(6 * count, `zerocheck table ${name} (${count} E values)`);
          made.push(wrap('E', out));
          kernels.entries(data(col), 0, count, t0, t1, out);
          if (name !== 'c') doneWith?.(col);
        }
      } catch (e) {
        for (const buf of made) arrays.free(buf);
        throw e;
      }
      return [made[0], made[1], made[2]];
    },
    async hostTables(cols, weights, doneWith) {
      const given: Uint32Array[] = [];
      const take = (length: number, what: string) => {
        const words = arrays.take(length, what);
        given.push(words);
        return words;
      };
      const release = () => {
        for (const words of given.splice(0)) arrays.free(wrap('E', words));
      };
      try {
        // A column done with leaves `words` too: V8 frees an array only once nothing refers to it.
        const words: { -readonly [k in keyof ZerocheckColumns]: Uint32Array } = columns(cols);
        const done = (key: 'a' | 'b') => {
          words[key] = EMPTY;
          doneWith?.(cols[key]);
        };
        const tables = paddedTables(words, 2 ** cols.nBlocksLog, cols.live, entryByteTables(weights), { take, doneWith: done });
        return { ...tables, release };
      } catch (e) {
        release();
        throw e;
      }
    },
    async foldBlocks(cols, { live, eq, tail }) {
      const z = data(cols.z), zv = arrays.takeZeroed(6 * BLOCK_BITS, 'the block fold zv');
      kernels.foldBlocks(z, live, data(eq), zv);
      if (tail !== null) addTail(z, live, tail, zv);
      return wrap('E', zv);
    },
  };
}
