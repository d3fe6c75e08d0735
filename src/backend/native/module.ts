// The C++ companion module's functions (host/native/src/addon.cc) as the adapter calls them.
// The host loads the module (host/node/native.ts) and hands it in: nothing here is Node-only.
// Every buffer is a Uint32Array used in place, its K words read as little-endian u64. An
// allocation the module cannot make reaches the caller as an AllocationError.
import { LeanVmError } from '../../util/errors';
import { AllocationError } from '../../util/allocation';
import type { PlainSteps } from '../../kernels/vm/steps';

/** An instruction-set path: its name and what the products and hashes run on. */
export interface NativePath {
  readonly name: string;
  readonly field: string;
  readonly hash: string;
}

export interface NativeModule {
  /** The paths this CPU runs, best first. */
  paths(): NativePath[];
  activePath(): NativePath;
  /** Switches the path for every later call (tests and benches compare them). */
  usePath(name: string): void;
  /** The worker pool's size from now on (the calling thread included; every core by default).
   * Results are the same bytes at every count. */
  setThreads(n: number): void;
  threads(): number;
  /** Δ_d[k] of src/ntt/twiddles.ts as 63 rows of 63 K words; once, before transforms. */
  setTwiddleDeltas(deltas: Uint32Array): void;
  mulK(a: Uint32Array, b: Uint32Array, out: Uint32Array): void;
  mulE(a: Uint32Array, b: Uint32Array, out: Uint32Array): void;
  /** forwardNtt of src/ntt/transform.ts, in place; with `tile` (data.length / 2^startLayer
   * words, apart from data), data is first taken to be the tile 2^startLayer times. */
  forwardNtt(data: Uint32Array, nLanes: number, startLayer: number, tile?: Uint32Array): void;
  /** encodeStack of src/ntt/encode.ts into a codeword of nLanes·2^(logMsg+logInvRate) K words. */
  encodeStack(q: Uint32Array, codeword: Uint32Array, logMsg: number, nLanes: number, logInvRate: number): void;
  /** buildMerkleTree's digests (src/merkle/tree.ts) into nodes (8·(2·nLeaves − 1) words). */
  merkleTree(rows: Uint32Array, rowWords: number, leafWords: number, nodes: Uint32Array): void;
  // The opening's bulk work (Backend's methods of the same names); E values are 6 words,
  // small operands (r, seed, scale, point) may have any alignment.
  /** c0 then c2 (12 words) of the round at `stride`, f of K (fIsE false) or E values. */
  roundSums(f: Uint32Array, fIsE: boolean, b: Uint32Array, stride: number): Uint32Array;
  /** out (⌈n / 2·stride⌉·stride E values) = the table with the variable of `stride` bound at r. */
  fold(src: Uint32Array, srcIsE: boolean, stride: number, r: Uint32Array, out: Uint32Array): void;
  /** Backend.laneDots on the stack's words: one E value (6 words) a lane. */
  laneDots(f: Uint32Array, laneWords: number, v: Uint32Array, at: number, stride: number): Uint32Array;
  /** Backend.laneCombine into out (laneWords E values). */
  laneCombine(f: Uint32Array, laneWords: number, coeffs: Uint32Array, out: Uint32Array): void;
  /** fold of f and b at `stride` into fOut, bOut, and the folded pair's round sums at nextStride (12 words). */
  foldRound(f: Uint32Array, fIsE: boolean, b: Uint32Array, stride: number, r: Uint32Array, nextStride: number, fOut: Uint32Array, bOut: Uint32Array): Uint32Array;
  /** out (2^coordinates E values) = seed·eq(point, ·). */
  eqTable(point: Uint32Array, seed: Uint32Array, out: Uint32Array): void;
  mapByTables(buf: Uint32Array, tables: Uint32Array): void;
  /** acc[at + stride·i] += scale·src[i] (scale null: 1). */
  addScaled(acc: Uint32Array, src: Uint32Array, at: number, stride: number, scale: Uint32Array | null): void;
  /** acc[at + stride·i] += M(seed·eq(point, i)), M by its byte tables (null: the identity). */
  addEq(acc: Uint32Array, point: Uint32Array, seed: Uint32Array, at: number, stride: number, tables: Uint32Array | null): void;
  /** G(1) then G(∞) (12 words). */
  zerocheckSums(a: Uint32Array, b: Uint32Array, c: Uint32Array, eq: Uint32Array): Uint32Array;
  /** Backend.zerocheckStep: a, b, c (2^(point's coordinates + 1) E values, twice that with chi)
   * bound at chi in place when given (into their first halves); then G(1) then G(∞) (12 words). */
  zerocheckStep(a: Uint32Array, b: Uint32Array, c: Uint32Array, chi: Uint32Array | null, point: Uint32Array): Uint32Array;
  /** hostSkipSums (src/kernels/flock/skip-pass.ts): `groups` groups of 16 words of a, b, c from u32 word `at` (even), weighted by lo and hi (SkipWeights). */
  skipSums(lt: Uint32Array, a: Uint32Array, b: Uint32Array, c: Uint32Array, at: number, groups: number, lo: Uint32Array, hi: Uint32Array, sums: Uint32Array): void;
  /** hostEntries (src/kernels/flock/materialize.ts) into out (count E values); `at` even. */
  zerocheckEntries(col: Uint32Array, at: number, count: number, t0: Uint32Array, t1: Uint32Array, out: Uint32Array): void;
  /** Backend.queryWeights' dense route into out (2^m E values): m K factors Ŵ_i(x_q) per query. */
  queryWeights(factors: Uint32Array, coeffs: Uint32Array, m: number, out: Uint32Array): void;
  /** Backend.queryWeights' transposed route (bulk.ts queryWeightsTransposed): one domain point and
   * E coefficient per query; data holds 2^(m + logInvRate) E values, the result its first 2^m. */
  queryWeightsTransposed(positions: Uint32Array, coeffs: Uint32Array, m: number, logInvRate: number, data: Uint32Array): void;
  /** hostFoldBlocks (src/kernels/flock/fold-blocks.ts). */
  foldBlocks(z: Uint32Array, blocks: number, eq: Uint32Array, zv: Uint32Array): void;
  /** writeWitness (src/kernels/flock/witness.ts) of WitnessInputs' messages and headers into z, a, b. */
  flockWitness(messages: Uint32Array, headers: Uint32Array, live: number, z: Uint32Array, a: Uint32Array, b: Uint32Array): void;
  /** flockWitness off the JavaScript thread (on the pool, another kernel called meanwhile waits
   * its turn), settled when z, a, b are written: the caller leaves the six arrays alone until then. */
  flockWitnessAsync(messages: Uint32Array, headers: Uint32Array, live: number, z: Uint32Array, a: Uint32Array, b: Uint32Array): Promise<void>;
  /** FlockPasses.comb into comb (2^14 E values, as e). */
  lincheckComb(e: Uint32Array, alpha: Uint32Array, comb: Uint32Array): void;
  /** gatherPairs (src/kernels/vm/gather.ts) with spec (step, stride, word, slotStride, pcWord,
   * slot, scale, add): the first row that reads out of range, or n. */
  gatherPairs(dst: Uint32Array, src: Uint32Array, n: number, rows: Uint32Array, code: Uint32Array, spec: Int32Array): number;
  // The VM capability's kernels (host/native/src/vm_bus.h; Backend.vm): a form is (a, b, coeffs, constant).
  productsOfFour(src: Uint32Array, out: Uint32Array): void;
  /** With bind, the rows are bound in place first (src/backend/vm-kernels.ts). */
  quarticSums(rows: Uint32Array, eq: Uint32Array, bind?: Uint32Array): Uint32Array;
  /** out's values at..at+n += the form's rows. */
  formRows(columns: readonly Uint32Array[], a: Int32Array, b: Int32Array, coeffs: Uint32Array, constant: Uint32Array, n: number, out: Uint32Array, at: number): void;
  /** With bindR, the columns (4·half values) are bound into bindOut first (src/backend/vm-kernels.ts). */
  formPairSums(columns: readonly Uint32Array[], isE: boolean, a: Int32Array, b: Int32Array, coeffs: Uint32Array, constant: Uint32Array, eq: Uint32Array, half: number, bindR?: Uint32Array, bindOut?: readonly Uint32Array[]): Uint32Array;
  /** The interpreter's plain steps (src/kernels/vm/steps.ts) on its arrays in place. */
  vmStepper: PlainSteps;
  /** Backend.smallestNonce, the nonce block's tag given (TAG_POW_NONCE). */
  smallestNonce(base: Uint32Array, tag: number, bits: number): [number, number];
  /** A zeroed ArrayBuffer of `bytes` on pages the module maps (page-aligned, where V8's
   * arrays are not 64-byte aligned: host/native/src/pages.h), faulted in at once where `dense`
   * (its user writes all of it); absent where the build maps none. */
  allocWords?(bytes: number, dense?: boolean): ArrayBuffer;
  /** A 64-byte aligned ArrayBuffer of `bytes` from the C allocator (which hands out again what
   * earlier frees left mapped), zeroed unless `zeroed` is false (then it holds anything);
   * present where allocWords is. */
  heapWords?(bytes: number, zeroed?: boolean): ArrayBuffer;
  /** Returns an allocWords or heapWords buffer's memory now, detaching it (its views see no
   * elements), instead of when V8 collects it and Node gets to the finalizer (never during a
   * synchronous proof). */
  releaseWords?(buffer: ArrayBuffer): void;
  /** An allocWords buffer's pages moved into a new one of `bytes` (contents kept up to the
   * smaller size, zero past it), the old one detached; absent where the system cannot move
   * them (Linux's mremap). `dense` faults in the pages past the old size at once. */
  resizeWords?(buffer: ArrayBuffer, bytes: number, dense?: boolean): ArrayBuffer;
  /** Bytes of allocWords and heapWords buffers not yet returned. */
  heldBytes(): number;
  /** Every allocation of the module over `bytes` (maps, kernel scratch, worker threads' stacks)
   * fails from now on, as if the system had refused it; null lifts the limit. For tests. */
  limitAllocations(bytes: number | null): void;
}

const FUNCTIONS = [
  'paths', 'activePath', 'usePath', 'setThreads', 'threads', 'setTwiddleDeltas', 'mulK', 'mulE', 'forwardNtt', 'encodeStack', 'merkleTree',
  'roundSums', 'fold', 'laneDots', 'laneCombine', 'foldRound', 'eqTable', 'mapByTables', 'addScaled', 'addEq', 'zerocheckSums', 'zerocheckStep', 'skipSums', 'zerocheckEntries', 'foldBlocks',
  'queryWeights', 'queryWeightsTransposed', 'flockWitness', 'flockWitnessAsync', 'lincheckComb', 'gatherPairs', 'vmStepper', 'smallestNonce', 'productsOfFour', 'quarticSums', 'formRows', 'formPairSums',
  'heldBytes', 'limitAllocations',
] as const;

/** The loaded module is not the one this adapter was written for (a stale build). */
export class NativeModuleError extends LeanVmError {
  override name = 'NativeModuleError';
}

/** The module's Error for an allocation it could not make (addon.cc, allocationError). */
interface NativeAllocationFailure {
  code: 'LEANVM_ALLOCATION';
  call: string;
  object: string;
  bytes: number;
  reason: string;
}

function isAllocationFailure(e: unknown): e is NativeAllocationFailure {
  return e instanceof Error && (e as Partial<NativeAllocationFailure>).code === 'LEANVM_ALLOCATION';
}

/** The words themselves, or a copy where they do not start on the 8 bytes the module reads
 * u64 words from (V8's arrays and pool views are 8-byte aligned; small operands may not be). */
export function aligned(words: Uint32Array): Uint32Array {
  return words.byteOffset % 8 === 0 ? words : words.slice();
}

/** The loaded module with its allocation failures as AllocationError; NativeModuleError if it
 * lacks a function this adapter calls (a stale build). */
export function asNativeModule(loaded: unknown): NativeModule {
  const functions = loaded as Record<string, unknown> | null;
  const missing = FUNCTIONS.filter((f) => typeof functions?.[f] !== 'function');
  if (missing.length > 0) throw new NativeModuleError(`native module lacks ${missing.join(', ')} (rebuild it: npm install)`);
  const wrapped: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(functions as Record<string, unknown>)) {
    if (typeof f !== 'function') continue;
    wrapped[name] = (...args: unknown[]) => {
      try {
        return f(...args);
      } catch (e) {
        if (isAllocationFailure(e)) throw new AllocationError('native', `${e.object} (${e.call})`, e.bytes, e.reason);
        throw e;
      }
    };
  }
  return wrapped as unknown as NativeModule;
}
