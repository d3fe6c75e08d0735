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
import type { NativeModule } from './module';
import { nativeOpening } from './opening';
import { TAG_POW_NONCE } from '../../transcript/tags';
import { WordPool } from '../word-pool';
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
  /** Collects unreachable arrays now (a Node host passes V8's gc): the module unmaps its own
   * buffers at once, but those past its largest map are V8's. */
  collect?: () => void;
}

/** Below this V8 allocates: glibc serves such sizes (to its largest mmap threshold, 32 MiB)
 * from memory that earlier frees left mapped, where a map of our own faults in every page
 * anew (a 2^15 hash proof's zerocheck, one thread: ≈ 290 → 320–440 ms with maps from 64 KiB). */
const MAPPED_MIN_BYTES = 1 << 25;

/** The most the module maps at once (Node 20 makes no larger external buffer): V8 allocates past it. */
const MAPPED_MAX_BYTES = 2 ** 32;

/** Whether the pool's buffer of `bytes` is the module's map. */
const isMapped = (module: NativeModule, bytes: number): boolean =>
  module.allocWords !== undefined && bytes >= MAPPED_MIN_BYTES && bytes <= MAPPED_MAX_BYTES;

/** The pool's buffers: the module's mapped, page-aligned ones from MAPPED_MIN_BYTES to
 * MAPPED_MAX_BYTES (unmapped as soon as the pool drops them), V8's elsewhere. */
function nativePool(module: NativeModule, collect: (() => void) | undefined): WordPool {
  const { allocWords, releaseWords } = module;
  if (allocWords === undefined || releaseWords === undefined) return new WordPool({ collect });
  return new WordPool({
    allocate: (bytes) => (isMapped(module, bytes) ? allocWords(bytes) : new ArrayBuffer(bytes)),
    release: (buffer) => {
      if (!isMapped(module, buffer.byteLength)) return false;
      releaseWords(buffer as ArrayBuffer);
      return true;
    },
    collect,
  });
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
  const pool = nativePool(module, options.collect);
  let disposed = false;

  function data(buf: DeviceBuffer): Uint32Array {
    if (disposed) throw new BackendUsageError('native backend used after dispose');
    return wordsOf('native', buf);
  }

  /** A new buffer owning `words`, which the addon reads as u64: copied if not 8-byte aligned. */
  function wrap(elem: Elem, words: Uint32Array): ArrayDeviceBuffer {
    return new ArrayDeviceBuffer('native', elem, words.length / WORDS[elem], words.byteOffset % 8 === 0 ? words : words.slice());
  }

  /** `length` elements' words from the pool, named for an AllocationError. */
  function take(elem: Elem, length: number, what: string, method: string): Uint32Array {
    return pool.take(length * WORDS[elem], purpose(what, method, elem, length));
  }

  function free(buf: DeviceBuffer): void {
    const words = data(buf);
    (buf as ArrayDeviceBuffer).words = null;
    if (!(buf as ArrayDeviceBuffer).borrowed && !pool.give(words)) pool.forget(words.byteLength);
  }

  return {
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
      return wrap(elem, pool.takeZeroed(length * WORDS[elem], purpose('the buffer', 'alloc', elem, length)));
    },
    borrow(elem, words) {
      if (words.length % WORDS[elem] !== 0 || words.byteOffset % 8 !== 0) {
        throw new BackendUsageError(`borrow takes whole ${elem} elements from an 8-byte boundary, got ${words.length} words at byte ${words.byteOffset}`);
      }
      return new ArrayDeviceBuffer('native', elem, words.length / WORDS[elem], words, true);
    },
    hostWords: (length, what = 'host words') => pool.take(length, `${what} (${length} u32 words)`),
    releaseWords: (words) => pool.give(words),
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
    hostBelow: 0,
    zerocheckRounds: 'device',
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
        return new ArrayDeviceBuffer('native', buf.elem, length, view, (buf as ArrayDeviceBuffer).borrowed);
      },
      free,
      foldsInPlace: (buf, length) => foldsInPlace(data(buf), length),
    }),
    freeTree(tree) {
      pool.give(treeOf('native', tree, (tree as ArrayTree).codeword).nodes);
      (tree as ArrayTree).tree = null;
    },
    async finish() {},
    free,
    async dispose() {
      disposed = true;
      pool.clear();
    },
  };
}
