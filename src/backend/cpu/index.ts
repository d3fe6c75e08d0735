// The reference backend: plain typed arrays and the TypeScript field code. Every other
// backend must reproduce its outputs bit for bit.
import { eMulArrays } from '../../field/e';
import { kMulArrays } from '../../field/k';
import { openMerkle } from '../../merkle/opening';
import { buildMerkleTree } from '../../merkle/tree';
import { checkWidths } from '../../merkle/leaves';
import { encodeStack } from '../../ntt/encode';
import { BackendUsageError, WORDS, sameShape, type Backend, type DeviceBuffer, type Elem } from '../backend';
import { ArrayDeviceBuffer, ArrayTree, treeOf, wordsOf } from './arrays';
import { typedArrayOpening } from './opening';

/** A new buffer owning `words` (no copy). */
function wrap(elem: Elem, words: Uint32Array): ArrayDeviceBuffer {
  return new ArrayDeviceBuffer('cpu', elem, words.length / WORDS[elem], words);
}

function data(buf: DeviceBuffer): Uint32Array {
  return wordsOf('cpu', buf);
}

export function createCpuBackend(): Backend {
  return {
    name: 'cpu',
    async upload(elem, words) {
      if (words.length % WORDS[elem] !== 0) {
        throw new BackendUsageError(`${words.length} words is not a whole number of ${elem} elements`);
      }
      return wrap(elem, words.slice());
    },
    async alloc(elem, length) {
      return wrap(elem, new Uint32Array(length * WORDS[elem]));
    },
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
      return wrap('K', encodeStack(data(msg), logN, logInvRate).codeword);
    },
    async merkleBuild(codeword, rowWords, leafWords) {
      checkWidths(rowWords, leafWords);
      return new ArrayTree(buildMerkleTree(data(codeword), rowWords, leafWords), codeword as ArrayDeviceBuffer, rowWords, leafWords);
    },
    async openRows(codeword, tree, queries) {
      return openMerkle(treeOf('cpu', tree, codeword), data(codeword), tree.rowWords, queries);
    },
    hostBelow: 0,
    zerocheckRounds: 'host',
    ...typedArrayOpening(data, wrap),
    freeTree(tree) {
      treeOf('cpu', tree, (tree as ArrayTree).codeword);
      (tree as ArrayTree).tree = null;
    },
    async finish() {},
    free(buf) {
      data(buf);
      (buf as ArrayDeviceBuffer).words = null;
    },
    async dispose() {},
  };
}
