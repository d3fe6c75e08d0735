// The reference backend: plain typed arrays and the TypeScript field code. Every other
// backend must reproduce its outputs bit for bit.
import { eMulArrays } from '../../field/e';
import { kMulArrays } from '../../field/k';
import { openMerkle } from '../../merkle/opening';
import { buildMerkleTree, merkleRoot, type MerkleTree } from '../../merkle/tree';
import { checkWidths } from '../../merkle/leaves';
import { encodeStack } from '../../ntt/encode';
import { BackendUsageError, WORDS, sameShape, type Backend, type DeviceBuffer, type Elem, type MerkleHandle } from '../backend';
import { typedArrayOpening } from './opening';

class CpuBuffer implements DeviceBuffer {
  constructor(
    readonly elem: Elem,
    readonly length: number,
    public words: Uint32Array | null,
  ) {}
}

/** A new buffer owning `words` (no copy). */
function wrap(elem: Elem, words: Uint32Array): CpuBuffer {
  return new CpuBuffer(elem, words.length / WORDS[elem], words);
}

function data(buf: DeviceBuffer): Uint32Array {
  if (!(buf instanceof CpuBuffer)) throw new BackendUsageError('buffer does not belong to the cpu backend');
  if (buf.words === null) throw new BackendUsageError('buffer used after free');
  return buf.words;
}

class CpuTree implements MerkleHandle {
  readonly nLeaves: number;
  readonly height: number;
  readonly root: Uint8Array;
  /** null once freed. */
  tree: MerkleTree | null;

  constructor(
    tree: MerkleTree,
    readonly codeword: CpuBuffer,
    readonly rowWords: number,
    readonly leafWords: number,
  ) {
    this.tree = tree;
    this.nLeaves = tree.nLeaves;
    this.height = tree.height;
    this.root = merkleRoot(tree);
  }
}

/** The tree behind a handle, checking it is this backend's, live, and over `codeword`. */
function treeOf(handle: MerkleHandle, codeword: DeviceBuffer): MerkleTree {
  if (!(handle instanceof CpuTree)) throw new BackendUsageError('tree does not belong to the cpu backend');
  if (handle.tree === null) throw new BackendUsageError('tree used after freeTree');
  if (handle.codeword !== codeword) throw new BackendUsageError('tree was built over another codeword');
  return handle.tree;
}

export function createCpuBackend(): Backend {
  return {
    name: 'cpu',
    async upload(elem, words) {
      if (words.length % WORDS[elem] !== 0) {
        throw new BackendUsageError(`${words.length} words is not a whole number of ${elem} elements`);
      }
      return new CpuBuffer(elem, words.length / WORDS[elem], words.slice());
    },
    async alloc(elem, length) {
      return new CpuBuffer(elem, length, new Uint32Array(length * WORDS[elem]));
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
      return new CpuTree(buildMerkleTree(data(codeword), rowWords, leafWords), codeword as CpuBuffer, rowWords, leafWords);
    },
    async openRows(codeword, tree, queries) {
      return openMerkle(treeOf(tree, codeword), data(codeword), tree.rowWords, queries);
    },
    hostBelow: 0,
    ...typedArrayOpening(data, wrap),
    freeTree(tree) {
      treeOf(tree, (tree as CpuTree).codeword);
      (tree as CpuTree).tree = null;
    },
    async finish() {},
    free(buf) {
      data(buf);
      (buf as CpuBuffer).words = null;
    },
    async dispose() {},
  };
}
