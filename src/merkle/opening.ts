// Multi-openings in the proof's canonical form (docs/protocol.md §5): one phase holds the rows
// at the sorted distinct queried positions and an "octopus" of sibling hashes. Walking the
// active positions level by level, bottom-up: a position whose sibling is also active
// needs nothing (the pair folds into its parent); otherwise the sibling's hash is emitted.
import { bytesToWords, compressBlockInto, wordsToBytes } from '../hash/blake2s';
import type { MerklePhase, RawMerklePath } from '../transcript/proof';
import { MerkleError } from './errors';
import { checkWidths, DIGEST_WORDS, hashRows, leafImage } from './leaves';
import { log2Leaves, type MerkleTree } from './tree';

/** Distinct queries, ascending, after checking each is a leaf index. */
function sortedUnique(queries: ArrayLike<number>, nLeaves: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < queries.length; i++) {
    const q = queries[i];
    if (!Number.isInteger(q) || q < 0 || q >= nLeaves) {
      throw new MerkleError('query-range', `query ${i} is ${q}, outside [0, ${nLeaves})`);
    }
    out.push(q);
  }
  out.sort((a, b) => a - b);
  return out.filter((q, i) => i === 0 || q !== out[i - 1]);
}

/** What an opening reads, worked out from the queries alone (a backend holding the tree
 * elsewhere fetches only these). */
export interface OpeningPlan {
  /** The distinct queried rows, ascending. */
  readonly rows: number[];
  /** Digest slots of the sibling hashes in emission order, in the flat tree layout
   * (node i of level ℓ is slot 2n − 2n/2^ℓ + i). */
  readonly siblings: number[];
}

/** The canonical opening of `queries` (any order, duplicates allowed) in a tree of nLeaves. */
export function openingPlan(queries: ArrayLike<number>, nLeaves: number): OpeningPlan {
  const height = log2Leaves(nLeaves);
  const rows = sortedUnique(queries, nLeaves);
  const siblings: number[] = [];
  let active = rows;
  for (let level = 0, levelStart = 0, width = nLeaves; level < height; level++, levelStart += width, width >>>= 1) {
    const next: number[] = [];
    for (let i = 0; i < active.length; i++) {
      const p = active[i];
      if (i + 1 < active.length && active[i + 1] === (p ^ 1)) i++;
      else siblings.push(levelStart + (p ^ 1));
      next.push(p >>> 1);
    }
    active = next;
  }
  return { rows, siblings };
}

/**
 * Prover side: the phase opening `queries` (any order, duplicates allowed) of `tree`,
 * built over `rows` of rowWords K words each.
 */
export function openMerkle(tree: MerkleTree, rows: Uint32Array, rowWords: number, queries: ArrayLike<number>): MerklePhase {
  const rowU32 = 2 * rowWords;
  if (rows.length !== rowU32 * tree.nLeaves) {
    throw new MerkleError('shape', `${tree.nLeaves} rows of ${rowWords} K words are ${rowU32 * tree.nLeaves} u32 words, got ${rows.length}`);
  }
  const plan = openingPlan(queries, tree.nLeaves);
  return {
    leafData: plan.rows.map((p) => rows.slice(rowU32 * p, rowU32 * (p + 1))),
    siblingHashes: plan.siblings.map((slot) => wordsToBytes(tree.nodes.subarray(DIGEST_WORDS * slot, DIGEST_WORDS * (slot + 1)))),
  };
}

/**
 * Verifier side: authenticates `phase` against `root` for a tree of nLeaves leaves whose
 * stored rows are rowWords K words and whose leaf images are leafWords, and expands it to
 * one opening per query in `queries` order (duplicates repeated): the full leaf image and
 * the full sibling path, leaf level first (an image may share storage with the phase's row).
 * Throws MerkleError on any mismatch.
 */
export function verifyMerkle(
  phase: MerklePhase,
  root: Uint8Array,
  nLeaves: number,
  queries: ArrayLike<number>,
  rowWords: number,
  leafWords = rowWords,
): RawMerklePath[] {
  const height = log2Leaves(nLeaves);
  checkWidths(rowWords, leafWords);
  if (root.length !== 32) throw new MerkleError('shape', `a root is 32 bytes, got ${root.length}`);
  if (queries.length === 0) throw new MerkleError('row-count', 'an opening needs at least one query');
  const sorted = sortedUnique(queries, nLeaves);
  const { leafData, siblingHashes } = phase;
  if (leafData.length !== sorted.length) {
    throw new MerkleError('row-count', `${sorted.length} distinct queries need as many rows, got ${leafData.length}`);
  }
  let nodes = new Uint32Array(DIGEST_WORDS * sorted.length);
  leafData.forEach((row, i) => {
    if (row.length !== 2 * rowWords) throw new MerkleError('row-width', `row ${i} has ${row.length / 2} K words, expected ${rowWords}`);
    hashRows(row, rowWords, leafWords, nodes, DIGEST_WORDS * i);
  });

  // Rebuild the queried paths bottom-up; every node met (computed or supplied) is kept per
  // level, so each query's full path can be read back afterwards.
  const known: Map<number, Uint32Array>[] = [];
  const pair = new Uint32Array(2 * DIGEST_WORDS);
  let used = 0;
  let active = sorted;
  for (let level = 0; level < height; level++) {
    const seen = new Map<number, Uint32Array>();
    const next: number[] = [];
    const parents = new Uint32Array(DIGEST_WORDS * active.length);
    for (let i = 0; i < active.length; i++) {
      const p = active[i];
      const own = nodes.subarray(DIGEST_WORDS * i, DIGEST_WORDS * (i + 1));
      let sibling: Uint32Array;
      if ((p & 1) === 0 && i + 1 < active.length && active[i + 1] === p + 1) {
        sibling = nodes.subarray(DIGEST_WORDS * (i + 1), DIGEST_WORDS * (i + 2));
        i++;
      } else {
        if (used === siblingHashes.length) {
          throw new MerkleError('missing-sibling', `the octopus ran out of siblings at level ${level} (used ${used})`);
        }
        const bytes = siblingHashes[used++];
        if (bytes.length !== 32) throw new MerkleError('shape', `sibling ${used - 1} is ${bytes.length} bytes, expected 32`);
        sibling = bytesToWords(bytes);
      }
      const left = (p & 1) === 0 ? own : sibling;
      const right = (p & 1) === 0 ? sibling : own;
      seen.set(p & ~1, left);
      seen.set(p | 1, right);
      pair.set(left, 0);
      pair.set(right, DIGEST_WORDS);
      compressBlockInto(parents, DIGEST_WORDS * next.length, pair, 0);
      next.push(p >>> 1);
    }
    known.push(seen);
    nodes = parents.slice(0, DIGEST_WORDS * next.length);
    active = next;
  }
  if (used !== siblingHashes.length) {
    throw new MerkleError('extra-sibling', `${siblingHashes.length - used} sibling hashes left over`);
  }
  const computed = wordsToBytes(nodes.subarray(0, DIGEST_WORDS));
  if (!computed.every((b, i) => b === root[i])) throw new MerkleError('root-mismatch', 'the opened rows do not hash to the root');

  const slot = new Map(sorted.map((p, i) => [p, i]));
  return Array.from(queries, (q) => {
    const path: Uint8Array[] = [];
    for (let level = 0; level < height; level++) {
      path.push(wordsToBytes((known[level].get((q >>> level) ^ 1) as Uint32Array)));
    }
    return { leafData: leafImage(leafData[slot.get(q) as number], leafWords), path };
  });
}
