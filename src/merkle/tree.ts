// A binary Merkle tree over 2^h leaves in one flat array of digests (8 u32 each): the
// leaf hashes, then each level up, the root last (docs/protocol.md §5, upstream's layout).
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

/** The tree over `rows` (rowWords K words each), each hashed as its leaf image of leafWords;
 * `alloc` gives its nodes. */
export function buildMerkleTree(
  rows: Uint32Array, rowWords: number, leafWords = rowWords, alloc?: (length: number) => Uint32Array,
): MerkleTree {
  const tree = emptyMerkleTree(rows.length / (2 * rowWords), alloc);
  buildSubtrees(tree, rows, rowWords, leafWords, 0, tree.nLeaves, tree.height);
  return tree;
}

/** A tree of nLeaves zero digests, its nodes from `alloc` (shared memory, for workers). */
export function emptyMerkleTree(nLeaves: number, alloc: (length: number) => Uint32Array = (length) => new Uint32Array(length)): MerkleTree {
  const height = log2Leaves(nLeaves);
  return { nLeaves, height, nodes: alloc(DIGEST_WORDS * (2 * nLeaves - 1)) };
}

/** The tree whose nodes are `nodes` (a worker's view of a tree being built). */
export function treeOver(nodes: Uint32Array): MerkleTree {
  const nLeaves = (nodes.length / DIGEST_WORDS + 1) / 2;
  return { nLeaves, height: log2Leaves(nLeaves), nodes };
}

/**
 * Hashes leaves [from, to) of `rows` into the tree, then the `levels` levels above them:
 * from and to must be multiples of 2^levels, and the subtrees they span touch no other
 * node, so disjoint ranges may be built at once (buildLevels finishes the top).
 */
export function buildSubtrees(tree: MerkleTree, rows: Uint32Array, rowWords: number, leafWords: number, from: number, to: number, levels: number): void {
  const rowU32 = 2 * rowWords;
  if (rows.length !== rowU32 * tree.nLeaves) {
    throw new MerkleError('shape', `${rows.length} u32 words are not ${tree.nLeaves} rows of ${rowWords} K words`);
  }
  hashRows(rows.subarray(rowU32 * from, rowU32 * to), rowWords, leafWords, tree.nodes, DIGEST_WORDS * from);
  buildLevels(tree, 1, levels, from, to);
}

/** Levels firstLevel..lastLevel of the tree over leaves [from, to), each from the one below. */
export function buildLevels(tree: MerkleTree, firstLevel: number, lastLevel: number, from = 0, to = tree.nLeaves): void {
  const nodes = tree.nodes;
  for (let level = firstLevel; level <= lastLevel; level++) {
    const read = nodeOffset(tree, level - 1, from >>> (level - 1));
    const write = nodeOffset(tree, level, from >>> level);
    for (let i = 0, len = (to - from) >>> level; i < len; i++) {
      compressBlockInto(nodes, write + DIGEST_WORDS * i, nodes, read + 2 * DIGEST_WORDS * i);
    }
  }
}

/** The 32-byte root. */
export function merkleRoot(tree: MerkleTree): Uint8Array {
  return wordsToBytes(tree.nodes.subarray(tree.nodes.length - DIGEST_WORDS));
}
