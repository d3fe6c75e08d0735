// The reference backend: plain typed arrays and the TypeScript field code. Every other
// backend must reproduce its outputs bit for bit. Given a worker pool (a Node host makes
// one), its buffers live in shared memory and the commit (encode, merkleBuild) is split
// across the workers; without one (the browser) everything runs on the calling thread.
import { eMulArrays } from '../../field/e';
import { kMulArrays } from '../../field/k';
import { openMerkle } from '../../merkle/opening';
import { buildMerkleTree } from '../../merkle/tree';
import { checkWidths } from '../../merkle/leaves';
import { encodeStack, stackShape } from '../../ntt/encode';
import { BLOCK_U32 } from '../../kernels/flock/layout';
import { hostFoldBlocks } from '../../kernels/flock/fold-blocks';
import { writeWitness } from '../../kernels/flock/witness';
import { hostEntries } from '../../kernels/flock/materialize';
import { hostSkipSums } from '../../kernels/flock/skip-pass';
import { arrayFlockPasses, type FlockArrayKernels } from '../array-flock';
import { BackendUsageError, WORDS, sameShape, type Backend, type DeviceBuffer, type Elem } from '../backend';
import { ArrayDeviceBuffer, ArrayTree, treeOf, wordsOf } from './arrays';
import { typedArrayOpening } from './opening';
import type { CpuPool } from './pool';
import { MAX_SHARED_BYTES, WordPool } from '../word-pool';
import { jsWords } from '../../util/allocation';
import { completeBackend } from '../portable';
import { buildMerkleTreeThreaded, encodeStackThreaded, isShared, smallestNonceThreaded, THREADED_MIN_WORDS } from './threaded';
import { arrayVmKernels } from '../array-vm';
import { hostVmKernels } from './vm-kernels';
import { checkOptions } from '../../util/options';

/** A new buffer owning `words` (no copy). */
function wrap(elem: Elem, words: Uint32Array): ArrayDeviceBuffer {
  return new ArrayDeviceBuffer('cpu', elem, words.length / WORDS[elem], words);
}

function data(buf: DeviceBuffer): Uint32Array {
  return wordsOf('cpu', buf);
}

/** Retires a buffer whose storage a result now owns (a view of its start). */
function spent(buf: DeviceBuffer): void {
  data(buf);
  (buf as ArrayDeviceBuffer).words = null;
}

/** Flock's passes on the TypeScript reference kernels. */
const FLOCK_KERNELS: FlockArrayKernels = {
  witness: (inputs, z, a, b) => {
    writeWitness(inputs, Math.log2(z.length / BLOCK_U32), { z, a, b });
  },
  skipSums: (_lt, cols, at, groups, weights, sums) => hostSkipSums(cols, at, groups, weights, sums),
  entries: hostEntries,
  foldBlocks: hostFoldBlocks,
};

export interface CpuBackendOptions {
  /** Workers for the commit; the backend owns the pool and disposes it with itself. */
  pool?: CpuPool;
  /** u32 words of message (encode) or rows (merkleBuild) from which a job goes to the pool
   * (default THREADED_MIN_WORDS; 0 sends every job, as the thread tests do). */
  threadedFrom?: number;
  /** Collects unreachable arrays now (a Node host passes V8's gc): called as the backend lets
   * go of large ones, which a 2^20 proof would otherwise hold until V8 saw a reason to run. */
  collect?: () => void;
}

export function createCpuBackend(options: CpuBackendOptions = {}): Backend {
  checkOptions('createCpuBackend', options, { pool: 'object', threadedFrom: { integer: [0, 2 ** 53] }, collect: 'function' });
  const { pool, threadedFrom = THREADED_MIN_WORDS, collect } = options;
  /** Arrays from threadedFrom words on: recycled, and shared if there are workers. */
  const large = new WordPool({ shared: pool !== undefined, collect });
  /** Zeroed words for the workers (shared if there is a pool). */
  const largeWords = (length: number) => large.takeZeroed(length);
  /** Fresh zeroed words; AllocationError naming `what` if V8 cannot allocate them. */
  const words = (length: number, what = `an array of ${length} u32 words`) =>
    length >= threadedFrom ? large.takeZeroed(length, what) : jsWords(length, what);
  const free = (buf: DeviceBuffer): void => {
    const w = data(buf);
    (buf as ArrayDeviceBuffer).words = null;
    // A view's words belong to another buffer; an array of the pool goes back to it; any
    // other is garbage now.
    if ((buf as ArrayDeviceBuffer).view) return;
    if (!large.give(w)) large.forget(w.byteLength);
  };
  /** The pool, if a job over `input` should go to it (workers must see rows they read). */
  const poolFor = (input: Uint32Array, read: boolean) => (input.length >= threadedFrom && (!read || isShared(input)) ? pool : undefined);
  const backend: Backend = completeBackend({
    name: 'cpu',
    vm: arrayVmKernels({ backend: 'cpu', take: (length) => large.take(length), zeroed: (length) => large.takeZeroed(length), give: (w) => large.give(w) }, hostVmKernels),
    async upload(elem, src) {
      if (src.length % WORDS[elem] !== 0) {
        throw new BackendUsageError(`${src.length} words is not a whole number of ${elem} elements`);
      }
      const copy = words(src.length, `the copy of upload (${src.length} u32 words)`);
      copy.set(src);
      return wrap(elem, copy);
    },
    async alloc(elem, length) {
      return wrap(elem, words(length * WORDS[elem], `the buffer of alloc (${length} ${elem} values)`));
    },
    flock: arrayFlockPasses({ data, wrap, take: words, takeZeroed: words, free }, FLOCK_KERNELS),
    async download(buf) {
      return data(buf).slice();
    },
    async mulK(a, b, out) {
      sameShape('K', a, b, out);
      kMulArrays(data(a), data(b), data(out));
    },
    async mulE(a, b, out) {
      sameShape('E', a, b, out);
      eMulArrays(data(a), data(b), data(out));
    },
    async encode(msg, logN, logInvRate) {
      if (msg.elem !== 'K') throw new BackendUsageError(`encode takes a K stack, got ${msg.elem} elements`);
      const q = data(msg);
      // Workers lay the stack out if they can see it, else this thread does; a codeword past
      // what workers can share (MAX_SHARED_BYTES) is encoded here.
      const shape = stackShape(q.length / 2, logN, logInvRate);
      const workers = 8 * shape.nLanes * 2 ** shape.logSize <= MAX_SHARED_BYTES ? poolFor(q, false) : undefined;
      const codeword = workers
        ? await encodeStackThreaded(workers, largeWords, q, logN, logInvRate)
        : encodeStack(q, logN, logInvRate, words).codeword;
      return wrap('K', codeword);
    },
    async merkleBuild(codeword, rowWords, leafWords) {
      checkWidths(rowWords, leafWords);
      const rows = data(codeword);
      const workers = poolFor(rows, true);
      const tree = workers
        ? await buildMerkleTreeThreaded(workers, largeWords, rows, rowWords, leafWords)
        : buildMerkleTree(rows, rowWords, leafWords, words);
      return new ArrayTree(tree, codeword as ArrayDeviceBuffer, rowWords, leafWords);
    },
    async openRows(codeword, tree, queries) {
      return openMerkle(treeOf('cpu', tree, codeword), data(codeword), tree.rowWords, queries);
    },
    // Grinding splits across the workers; without them the host's search is this backend's.
    ...(pool !== undefined && typeof SharedArrayBuffer !== 'undefined'
      ? { smallestNonce: (base: Uint32Array, bits: number) => smallestNonceThreaded(pool, base, bits) }
      : {}),
    host: { below: 0, get backend() { return backend; } },
    zerocheckRounds: 'host',
    stackWeight: 'lanes',
    ...typedArrayOpening({ data, wrap, spent, free, take: (length, what) => (length >= threadedFrom ? large.take(length, what) : jsWords(length, what)) }),
    freeTree(tree) {
      const { nodes } = treeOf('cpu', tree, (tree as ArrayTree).codeword);
      large.give(nodes);
      (tree as ArrayTree).tree = null;
    },
    held: () => large.held(),
    async finish() {},
    free,
    async dispose() {
      large.clear();
      await pool?.dispose();
    },
  });
  return backend;
}
