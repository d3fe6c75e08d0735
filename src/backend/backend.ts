// The seam between the protocol code and the machines it runs on. Protocol layers hold
// opaque buffers and call bulk kernels; each backend owns its memory (typed arrays, GPU
// buffers, native memory). Every method is async so a GPU backend can queue work.
import type { MerklePhase } from '../transcript/proof';

/** What a buffer holds: K words (2 × u32 each) or E elements (6 × u32 each). */
export type Elem = 'K' | 'E';

/** u32 words per element of each kind (a K word is two u32, low first). */
export const WORDS: Record<Elem, number> = { K: 2, E: 6 };

/** A backend-owned buffer of `length` elements of one kind. */
export interface DeviceBuffer {
  readonly elem: Elem;
  readonly length: number;
}

export type BackendName = 'cpu' | 'native' | 'webgpu';

/**
 * A Merkle tree kept by the backend that built it (the digests stay on the device), over
 * the codeword it was built from; only the root has been brought back.
 */
export interface MerkleHandle {
  readonly nLeaves: number;
  /** log2(nLeaves): sibling levels on a path. */
  readonly height: number;
  /** K words per stored row, and per leaf image (the image is zero words, then the row). */
  readonly rowWords: number;
  readonly leafWords: number;
  /** BLAKE2s-256 root, 32 bytes. */
  readonly root: Uint8Array;
}

export type { MerklePhase };

export interface Backend {
  readonly name: BackendName;
  /** A new buffer holding a copy of `words` (length a multiple of the element size). */
  upload(elem: Elem, words: Uint32Array): Promise<DeviceBuffer>;
  /** A new zeroed buffer. */
  alloc(elem: Elem, length: number): Promise<DeviceBuffer>;
  /** The buffer's contents as u32 words (low word first for each K word). */
  download(buf: DeviceBuffer): Promise<Uint32Array>;
  /** out[i] = a[i] · b[i] in K (all three K buffers of one length). */
  mulK(a: DeviceBuffer, b: DeviceBuffer, out: DeviceBuffer): Promise<void>;
  /** out[i] = a[i] · b[i] in E (all three E buffers of one length). */
  mulE(a: DeviceBuffer, b: DeviceBuffer, out: DeviceBuffer): Promise<void>;
  /**
   * The level-0 Reed–Solomon codeword of a K stack of up to 2^logN words (PROTOCOL.md §4):
   * the nLanes = ⌈msg.length / 2^(logN−6)⌉ top-6-bit blocks that hold data, each encoded
   * at rate 2^−logInvRate, lane t = block nLanes−1−t, position-major: a K buffer of
   * nLanes·2^(logN−6+logInvRate) words whose rows are the committed rows.
   */
  encode(msg: DeviceBuffer, logN: number, logInvRate: number): Promise<DeviceBuffer>;
  /** The Merkle tree over the codeword's rows of rowWords K words, each hashed as its leaf
   * image of leafWords K words (zero words, then the row). The codeword must stay alive and
   * unchanged while the tree is used. */
  merkleBuild(codeword: DeviceBuffer, rowWords: number, leafWords: number): Promise<MerkleHandle>;
  /** The opening phase of `queries` (any order, duplicates allowed) against `tree`, built
   * over `codeword`: only the opened rows and sibling hashes leave the backend. */
  openRows(codeword: DeviceBuffer, tree: MerkleHandle, queries: number[]): Promise<MerklePhase>;
  /** Frees a tree's digests; using it afterwards is an error. */
  freeTree(tree: MerkleHandle): void;
  /** Resolves when all work queued so far has completed (a timing and ordering point). */
  finish(): Promise<void>;
  /** Frees one buffer; using it afterwards is an error. */
  free(buf: DeviceBuffer): void;
  /** Releases everything the backend holds (GPU device, workers). */
  dispose(): Promise<void>;
}

/** Thrown when buffers handed to a kernel do not fit it (kind, length, owner). */
export class BackendUsageError extends Error {
  override name = 'BackendUsageError';
}

/** Checks that kernel operands share one kind and one length; returns that length. */
export function sameShape(elem: Elem, ...bufs: DeviceBuffer[]): number {
  const n = bufs[0].length;
  for (const b of bufs) {
    if (b.elem !== elem) throw new BackendUsageError(`expected a buffer of ${elem} elements, got ${b.elem}`);
    if (b.length !== n) throw new BackendUsageError(`buffer lengths differ: ${n} and ${b.length}`);
  }
  return n;
}
