// The commit on a worker pool: the stack layout by position ranges, the transform by
// splitForward's rounds, the Merkle tree by subtrees per worker with the few top levels
// here. Every piece computes exactly what the single-threaded code does to its words, so
// the codeword and tree are the same bytes at any thread count.
import { buildLevels, emptyMerkleTree, type MerkleTree } from '../../merkle/tree';
import { layoutStack, stackShape } from '../../ntt/encode';
import { cut, splitForward } from '../../ntt/split';
import { searchByRounds } from '../../transcript/pow';
import type { CpuPool } from './pool';
import type { CpuTask } from './tasks';

/** Below this many u32 words of message or rows, messages to workers cost more than they save. */
export const THREADED_MIN_WORDS = 2 ** 15;

/** Whether workers can see `words` (false in a browser without SharedArrayBuffer). */
export function isShared(words: Uint32Array): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && words.buffer instanceof SharedArrayBuffer;
}

/** Zeroed words in shared memory. */
export type SharedAlloc = (length: number) => Uint32Array;

/** encodeStack on the pool, into a codeword from `alloc`. */
export async function encodeStackThreaded(pool: CpuPool, alloc: SharedAlloc, q: Uint32Array, logN: number, logInvRate: number): Promise<Uint32Array> {
  const shape = stackShape(q.length / 2, logN, logInvRate);
  const codeword = alloc(2 * shape.nLanes * 2 ** shape.logSize);
  const positions = 2 ** shape.logMsg;
  if (isShared(q)) {
    const tasks: CpuTask[] = [];
    for (let w = 0; w < pool.threads; w++) {
      const [from, to] = cut(positions, pool.threads, w);
      if (to > from) tasks.push({ kind: 'layout', q, codeword, shape, logInvRate, from, to });
    }
    await pool.run(tasks);
  } else {
    layoutStack(q, codeword, shape, logInvRate, 0, positions);
  }
  for (const round of splitForward(shape.nLanes, shape.logSize, logInvRate, pool.threads)) {
    await pool.run(round.map((piece) => ({ kind: 'ntt', data: codeword, nLanes: shape.nLanes, piece })));
  }
  return codeword;
}

/**
 * buildMerkleTree on the pool (rows in shared memory, nodes from `alloc`). The leaves fall into 2^c subtrees,
 * enough for even shares; each worker builds a contiguous run of them, this thread the
 * 2^c − 1 nodes above.
 */
export async function buildMerkleTreeThreaded(
  pool: CpuPool, alloc: SharedAlloc, rows: Uint32Array, rowWords: number, leafWords: number,
): Promise<MerkleTree> {
  const tree = emptyMerkleTree(rows.length / (2 * rowWords), alloc);
  const workers = pool.threads;
  // A power-of-two count shares 2^c = workers subtrees evenly; others take 8 per worker.
  const powerOfTwo = (workers & (workers - 1)) === 0;
  const c = Math.min(tree.height, Math.ceil(Math.log2(powerOfTwo ? workers : 8 * workers)));
  const levels = tree.height - c;
  const tasks: CpuTask[] = [];
  for (let w = 0; w < workers; w++) {
    const [first, end] = cut(2 ** c, workers, w);
    if (end > first) {
      tasks.push({ kind: 'merkle', rows, rowWords, leafWords, nodes: tree.nodes, from: first << levels, to: end << levels, levels });
    }
  }
  await pool.run(tasks);
  buildLevels(tree, levels + 1, tree.height);
  return tree;
}

/** Nonces a worker tries per round of grinding: ~7 ms of hashing against a message's ~0.1. */
const GRIND_SLICE = 2 ** 14;
const NONE = 0xffffffff;

/** smallestNonce on the pool: worker w takes the w-th slice of each round of consecutive nonces. */
export async function smallestNonceThreaded(pool: CpuPool, base: Uint32Array, bits: number): Promise<[number, number]> {
  const found = new Uint32Array(new SharedArrayBuffer(4 * pool.threads));
  return searchByRounds(bits, GRIND_SLICE * pool.threads, async (hi, lo, count) => {
    found.fill(NONE);
    const tasks: CpuTask[] = [];
    for (let w = 0; w < pool.threads && w * GRIND_SLICE < count; w++) {
      const from = lo + w * GRIND_SLICE;
      tasks.push({ kind: 'grind', base, bits, hi, from, to: from + Math.min(GRIND_SLICE, count - w * GRIND_SLICE), out: found, slot: w });
    }
    await pool.run(tasks);
    return found.find((v) => v !== NONE) ?? -1;
  });
}
