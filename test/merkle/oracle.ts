// An independent Merkle model for the tests: @noble/hashes BLAKE2s over explicit byte
// strings, trees as arrays of levels, and the octopus from per-level sets of ancestors.
import { blake2s } from '@noble/hashes/blake2.js';

/** LE bytes of u32 words. */
export function bytesOf(words: Uint32Array): Uint8Array {
  return new Uint8Array(words.buffer.slice(words.byteOffset, words.byteOffset + 4 * words.length));
}

/** Leaf hash of a row of K words hashed as a leafWords-wide zero-prefixed image. */
export function leafHash(row: Uint32Array, leafWords = row.length / 2): Uint8Array {
  const image = new Uint8Array(8 * leafWords);
  image.set(bytesOf(row), image.length - 4 * row.length);
  return blake2s(image);
}

export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  const both = new Uint8Array(64);
  both.set(left, 0);
  both.set(right, 32);
  return blake2s(both);
}

/** levels[0] = leaf hashes, …, levels[h] = [root]. */
export function oracleTree(rows: Uint32Array, rowWords: number, leafWords = rowWords): Uint8Array[][] {
  const n = rows.length / (2 * rowWords);
  const levels = [Array.from({ length: n }, (_, i) => leafHash(rows.subarray(2 * rowWords * i, 2 * rowWords * (i + 1)), leafWords))];
  while (levels[levels.length - 1].length > 1) {
    const below = levels[levels.length - 1];
    levels.push(Array.from({ length: below.length / 2 }, (_, i) => nodeHash(below[2 * i], below[2 * i + 1])));
  }
  return levels;
}

/** Octopus siblings: at each level, ascending, the siblings of active nodes that are not active. */
export function oracleOctopus(levels: Uint8Array[][], queries: number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let active = new Set(queries);
  for (let level = 0; level + 1 < levels.length; level++) {
    for (const p of [...active].sort((a, b) => a - b)) if (!active.has(p ^ 1)) out.push(levels[level][p ^ 1]);
    active = new Set([...active].map((p) => p >> 1));
  }
  return out;
}

/** The root a full path leads to from a leaf hash. */
export function rootFromPath(leaf: Uint8Array, index: number, path: Uint8Array[]): Uint8Array {
  let acc = leaf;
  path.forEach((sib, level) => {
    acc = ((index >> level) & 1) === 0 ? nodeHash(acc, sib) : nodeHash(sib, acc);
  });
  return acc;
}

export const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
