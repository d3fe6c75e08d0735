// The native backend: the C++ SIMD module's kernels on plain typed arrays. Buffers are
// Uint32Arrays handed to the addon in place (no copies at the seam); trees keep their
// digests on the JS side, so openings gather there with openMerkle. The WHIR opening's
// bulk work and Flock's passes over its bit columns run on native kernels (./opening.ts). The
// module's kernels split their work over its thread pool.
import { openMerkle } from '../../merkle/opening';
import { checkWidths } from '../../merkle/leaves';
import { log2Leaves } from '../../merkle/tree';
import { stackShape } from '../../ntt/encode';
import { BackendUsageError, WORDS, sameShape, type Backend, type DeviceBuffer, type Elem } from '../backend';
import { ArrayDeviceBuffer, ArrayTree, foldsInPlace, treeOf, wordsOf } from '../cpu/arrays';
import { arrayFlockPasses } from '../array-flock';
import { nativeFlockKernels } from './flock';
import { aligned, type NativeModule } from './module';
import { nativeOpening } from './opening';
import { arrayVmKernels } from '../array-vm';
import { completeBackend } from '../portable';
import { nativeVmKernels } from './vm-kernels';
import { TAG_POW_NONCE } from '../../transcript/tags';
import { nativeWordPool } from './word-pool';
import { twiddleDeltaTable } from './twiddles';

export { asNativeModule, NativeModuleError, type NativeModule, type NativePath } from './module';

/** One line for `info`: the path the dispatcher chose and the thread count. */
export function describeNative(module: NativeModule): string {
  const p = module.activePath();
  return `ISA ${p.name}: K/E products on ${p.field}, BLAKE2s ${p.hash}; threads: ${module.threads()}`;
}

export interface NativeBackendOptions {
  /** The module's worker threads (it is one pool per process: the last backend created sets it);
   * the module's own default, every hardware thread, if absent. */
  threads?: number;
  /** Collects unreachable arrays now (a Node host passes V8's gc): the module returns its own
   * buffers at once, but those past its largest buffer are V8's. */
  collect?: () => void;
}

/** How an AllocationError names a buffer a method makes: 'the codeword of encode (2^26 K words)'. */
function purpose(what: string, method: string, elem: Elem, length: number): string {
  const log = Math.log2(length);
  return `${what} of ${method} (${Number.isInteger(log) ? `2^${log}` : length} ${elem} ${elem === 'K' ? 'words' : 'values'})`;
}

export function createNativeBackend(module: NativeModule, options: NativeBackendOptions = {}): Backend {
  if (options.threads !== undefined) {
    if (!Number.isInteger(options.threads) || options.threads < 1) {
      throw new BackendUsageError(`native threads must be a positive integer, got ${options.threads}`);
    }
    module.setThreads(options.threads);
  }
  module.setTwiddleDeltas(twiddleDeltaTable());
  const pool = nativeWordPool(module, options.collect);
  let disposed = false;

  function data(buf: DeviceBuffer): Uint32Array {
    if (disposed) throw new BackendUsageError('native backend used after dispose');
    return wordsOf('native', buf);
  }

  /** A new buffer owning `words`, which the addon reads as u64: copied if not 8-byte aligned. */
  function wrap(elem: Elem, words: Uint32Array): ArrayDeviceBuffer {
    return new ArrayDeviceBuffer('native', elem, words.length / WORDS[elem], aligned(words));
  }

  /** `length` elements' words from the pool, named for an AllocationError. */
  function take(elem: Elem, length: number, what: string, method: string): Uint32Array {
    return pool.take(length * WORDS[elem], purpose(what, method, elem, length));
  }

  /** A buffer's words back to the pool, or counted as garbage; a view's belong to another. */
  function free(buf: DeviceBuffer): void {
    const words = data(buf);
    (buf as ArrayDeviceBuffer).words = null;
    if ((buf as ArrayDeviceBuffer).view) return;
    if (!pool.give(words)) pool.forget(words.byteLength);
  }

  const backend: Backend = completeBackend({
    name: 'native',
    async upload(elem, words) {
      if (words.length % WORDS[elem] !== 0) {
        throw new BackendUsageError(`${words.length} words is not a whole number of ${elem} elements`);
      }
      const copy = take(elem, words.length / WORDS[elem], 'the copy', 'upload');
      copy.set(words);
      return wrap(elem, copy);
    },
    async alloc(elem, length) {
      // Dense: a kernel reads a whole buffer (an unwritten page faults in as a read one would).
      return wrap(elem, pool.takeZeroed(length * WORDS[elem], purpose('the buffer', 'alloc', elem, length), true));
    },
    flock: arrayFlockPasses({ data, wrap, take: (length, what) => pool.take(length, what), takeZeroed: (length, what) => pool.takeZeroed(length, what), free }, nativeFlockKernels(module)),
    async download(buf) {
      return data(buf).slice();
    },
    async mulK(a, b, out) {
      sameShape('K', a, b, out);
      module.mulK(data(a), data(b), data(out));
    },
    async mulE(a, b, out) {
      sameShape('E', a, b, out);
      module.mulE(data(a), data(b), data(out));
    },
    async encode(msg, logN, logInvRate) {
      if (msg.elem !== 'K') throw new BackendUsageError(`encode takes a K stack, got ${msg.elem} elements`);
      const q = data(msg);
      const { logMsg, logSize, nLanes } = stackShape(q.length / 2, logN, logInvRate);
      const codeword = take('K', nLanes * 2 ** logSize, 'the codeword', 'encode');
      module.encodeStack(q, codeword, logMsg, nLanes, logInvRate);
      return wrap('K', codeword);
    },
    async merkleBuild(codeword, rowWords, leafWords) {
      checkWidths(rowWords, leafWords);
      const rows = data(codeword);
      const nLeaves = rows.length / (2 * rowWords);
      const height = log2Leaves(nLeaves);
      const nodes = pool.take(8 * (2 * nLeaves - 1), `the digests of merkleBuild (${nLeaves} leaves)`);
      module.merkleTree(rows, rowWords, leafWords, nodes);
      return new ArrayTree({ nLeaves, height, nodes }, codeword as ArrayDeviceBuffer, rowWords, leafWords);
    },
    async openRows(codeword, tree, queries) {
      return openMerkle(treeOf('native', tree, codeword), data(codeword), tree.rowWords, queries);
    },
    async smallestNonce(base, bits) {
      return module.smallestNonce(base, TAG_POW_NONCE, bits);
    },
    host: { below: 0, get backend() { return backend; } },
    zerocheckRounds: 'device',
    stackWeight: 'lanes',
    vm: arrayVmKernels({ backend: 'native', take: (length) => pool.take(length), zeroed: (length) => pool.takeZeroed(length), give: (w) => pool.give(w) }, nativeVmKernels(module)),
    ...nativeOpening(module, {
      data,
      fresh(elem, length, method) {
        const words = take(elem, length, 'the table', method);
        return [wrap(elem, words), words];
      },
      shrink(buf, length) {
        // A view of the start: freeing it gives the pool back its whole array.
        const view = data(buf).subarray(0, length * WORDS[buf.elem]);
        (buf as ArrayDeviceBuffer).words = null;
        return new ArrayDeviceBuffer('native', buf.elem, length, view);
      },
      free,
      foldsInPlace: (buf, length) => foldsInPlace(data(buf), length),
    }),
    freeTree(tree) {
      pool.give(treeOf('native', tree, (tree as ArrayTree).codeword).nodes);
      (tree as ArrayTree).tree = null;
    },
    held: () => pool.held(),
    async finish() {},
    free,
    async dispose() {
      disposed = true;
      pool.clear();
    },
  });
  return backend;
}
