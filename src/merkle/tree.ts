// A binary Merkle tree over 2^h leaves in one flat array of digests (8 u32 each): the
// leaf hashes, then each level up, the root last (PROTOCOL.md §5, upstream's layout).
// The two children of a node are adjacent, so a node is one BLAKE2s compression of the
// 16 words at its children's offset.
import { compressBlockInto, wordsToBytes } from '../hash/blake2s';
import { MerkleError } from './errors';
import { DIGEST_WORDS, hashRows } from './leaves';

export interface MerkleTree {
  readonly nLeaves: number;
  /** log2(nLeaves): the number of sibling levels on a path. */
  readonly height: number;
  /** (2·nLeaves − 1) digests, level by level from the leaves up. */
  readonly nodes: Uint32Array;
}

export function log2Leaves(nLeaves: number): number {
  const height = Math.log2(nLeaves);
  if (!Number.isInteger(height) || height > 30) {
    throw new MerkleError('shape', `a tree has 2^h leaves (h ≤ 30), got ${nLeaves}`);
  }
  return height;
}

/** Word offset of node `index` on `level` (0 = leaves). */
export function nodeOffset(tree: MerkleTree, level: number, index: number): number {
  // Level ℓ starts after 2n − 2n/2^ℓ digests.
  return DIGEST_WORDS * (2 * tree.nLeaves - (2 * tree.nLeaves) / 2 ** level + index);
}

/** The tree over `rows` (rowWords K words each), each hashed as its leaf image of leafWords. */
export function buildMerkleTree(rows: Uint32Array, rowWords: number, leafWords = rowWords): MerkleTree {
  const nLeaves = rows.length / (2 * rowWords);
  const height = log2Leaves(nLeaves);
  const nodes = new Uint32Array(DIGEST_WORDS * (2 * nLeaves - 1));
  hashRows(rows, rowWords, leafWords, nodes, 0);
  let read = 0;
  let write = DIGEST_WORDS * nLeaves;
  for (let len = nLeaves >>> 1; len >= 1; len >>>= 1) {
    for (let i = 0; i < len; i++) compressBlockInto(nodes, write + DIGEST_WORDS * i, nodes, read + 2 * DIGEST_WORDS * i);
    read = write;
    write += DIGEST_WORDS * len;
  }
  return { nLeaves, height, nodes };
}

/** The 32-byte root. */
export function merkleRoot(tree: MerkleTree): Uint8Array {
  return wordsToBytes(tree.nodes.subarray(tree.nodes.length - DIGEST_WORDS));
}
