// The buffers and Merkle trees of the backends that keep plain typed arrays on the host (cpu
// and native). Each carries its backend's name, so a buffer or tree handed to the other
// backend is refused as it would be by a backend with classes of its own.
import { merkleRoot, type MerkleTree } from '../../merkle/tree';
import { BackendUsageError, type BackendName, type DeviceBuffer, type Elem, type MerkleHandle } from '../backend';

export class ArrayDeviceBuffer implements DeviceBuffer {
  constructor(
    readonly backend: BackendName,
    readonly elem: Elem,
    readonly length: number,
    /** null once freed. */
    public words: Uint32Array | null,
    /** A view of another buffer's words (VmKernels.view): freeing it gives nothing back. */
    readonly view = false,
  ) {}
}

export class ArrayTree implements MerkleHandle {
  readonly nLeaves: number;
  readonly height: number;
  readonly root: Uint8Array;
  /** null once freed. */
  tree: MerkleTree | null;

  constructor(
    tree: MerkleTree,
    readonly codeword: ArrayDeviceBuffer,
    readonly rowWords: number,
    readonly leafWords: number,
  ) {
    this.tree = tree;
    this.nLeaves = tree.nLeaves;
    this.height = tree.height;
    this.root = merkleRoot(tree);
  }
}

/** The words of `buf`, checking it is `backend`'s and live. */
export function wordsOf(backend: BackendName, buf: DeviceBuffer): Uint32Array {
  if (!(buf instanceof ArrayDeviceBuffer) || buf.backend !== backend) {
    throw new BackendUsageError(`buffer does not belong to the ${backend} backend`);
  }
  if (buf.words === null) throw new BackendUsageError('buffer used after free');
  return buf.words;
}

/** The tree behind a handle, checking it is `backend`'s, live, and over `codeword`. */
export function treeOf(backend: BackendName, handle: MerkleHandle, codeword: DeviceBuffer): MerkleTree {
  if (!(handle instanceof ArrayTree) || handle.codeword.backend !== backend) {
    throw new BackendUsageError(`tree does not belong to the ${backend} backend`);
  }
  if (handle.tree === null) throw new BackendUsageError('tree used after freeTree');
  if (handle.codeword !== codeword) throw new BackendUsageError('tree was built over another codeword');
  return handle.tree;
}

/** A spent table folds in place while its result is at least 1/IN_PLACE_WITHIN of its
 * storage; past that, into a fresh table, and the storage goes back to the pool whole. WHIR's
 * lane rounds so fold the weight in place four times and the fifth time into a table of 1/32
 * of it (the witness's first fold likewise), and the next level's codeword, a quarter of the
 * weight, takes the weight's pages where the pool keeps them. */
const IN_PLACE_WITHIN = 16;

/** Whether a spent E table over `words` folds into their first `length` values. */
export function foldsInPlace(words: Uint32Array, length: number): boolean {
  return 4 * 6 * length * IN_PLACE_WITHIN >= words.buffer.byteLength;
}
