import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildMerkleTree, hashRows, leafImage, MerkleError, merkleRoot, nodeOffset } from '../../src/merkle';
import { encodeStack, rsEncode } from '../../src/ntt';
import { SplitMix64 } from '../../src/util/splitmix64';
import { bytesOf, hex, oracleTree } from './oracle';
import { vectorPath } from '../vectors';

/** shared/ sits beside the repository (here and in CI). */
const VECTORS = vectorPath('ntt');
const words = (file: string) => new Uint32Array(new Uint8Array(readFileSync(`${VECTORS}/${file}`)).buffer);

describe('Merkle vectors (docs/protocol.md §5, vectors/ntt)', () => {
  it('leaf of 64 zero words, and the node over two of them', () => {
    const one = buildMerkleTree(new Uint32Array(128), 64);
    expect(hex(merkleRoot(one))).toBe('b496b97e5bd927f4e546e22a72caccf744d857d63f5c27880592e57bf5fe9edc');
    const two = buildMerkleTree(new Uint32Array(256), 64);
    expect(hex(merkleRoot(two))).toBe('c91780775953b8917bc160f4724a2acda5ca94123bc41f102ae81d2399840364');
  });

  it('single-lane codeword with one-word leaves', () => {
    const cw = rsEncode(words('ntt_msg_n10.bin'), 1);
    expect(hex(merkleRoot(buildMerkleTree(cw, 1)))).toBe('158ea7f0db1a91d8077545d2f98ac2e58fa0cf632a5d31dadbfc2a5c19bda98c');
  });

  it('64-lane commit: 32 leaves of 512 bytes', () => {
    const { codeword, nLanes } = encodeStack(words('ntt_msg_n10.bin'), 10, 1);
    const tree = buildMerkleTree(codeword, nLanes, 64);
    expect(tree.nLeaves).toBe(32);
    expect(hex(merkleRoot(tree))).toBe('33aa3af8cb433f8a76c9bd182c7b0b72a6da5187920b23ac60a28a26ec3ae31e');
  });
});

describe('tree layout', () => {
  it('flat nodes equal an independent tree level by level (leaves, then up, root last)', () => {
    const rng = new SplitMix64(30);
    for (const [rowWords, n] of [[1, 1], [3, 8], [24, 16], [64, 4], [5, 32]]) {
      const rows = rng.words(rowWords * n);
      const tree = buildMerkleTree(rows, rowWords);
      const levels = oracleTree(rows, rowWords);
      expect(tree.height).toBe(levels.length - 1);
      expect(tree.nodes.length).toBe(8 * (2 * n - 1));
      levels.forEach((level, l) =>
        level.forEach((h, i) => {
          const at = nodeOffset(tree, l, i);
          expect(hex(bytesOf(tree.nodes.subarray(at, at + 8))), `rows ${rowWords}×${n} level ${l} node ${i}`).toBe(hex(h));
        }),
      );
      expect(hex(merkleRoot(tree))).toBe(hex(levels[levels.length - 1][0]));
    }
  });

  it('narrow rows hash as zero-prefixed images (every prefix length, blocks straddled)', () => {
    const rng = new SplitMix64(31);
    for (const rowWords of [1, 7, 8, 9, 37, 63, 64]) {
      const rows = rng.words(rowWords * 4);
      const images = new Uint32Array(2 * 64 * 4);
      for (let i = 0; i < 4; i++) images.set(leafImage(rows.subarray(2 * rowWords * i, 2 * rowWords * (i + 1)), 64), 128 * i);
      expect(buildMerkleTree(rows, rowWords, 64).nodes).toEqual(buildMerkleTree(images, 64).nodes);
      expect(hex(merkleRoot(buildMerkleTree(rows, rowWords, 64)))).toBe(hex(oracleTree(rows, rowWords, 64)[2][0]));
    }
    // Images of other widths: a partial last block, whole zero blocks before the row or not.
    for (const [rowWords, leafWords] of [[3, 13], [1, 9], [5, 24], [2, 100], [17, 17]]) {
      const rows = rng.words(rowWords * 8);
      expect(hex(merkleRoot(buildMerkleTree(rows, rowWords, leafWords))), `${rowWords} in ${leafWords}`)
        .toBe(hex(oracleTree(rows, rowWords, leafWords)[3][0]));
    }
  });

  it('rejects trees that are not 2^h leaves, and rows wider than their leaves', () => {
    expect(() => buildMerkleTree(new Uint32Array(6), 1)).toThrow(MerkleError);
    expect(() => buildMerkleTree(new Uint32Array(0), 1)).toThrow(/2\^h leaves/);
    expect(() => buildMerkleTree(new Uint32Array(16), 4, 2)).toThrow(/row width ≤ leaf width/);
    expect(() => hashRows(new Uint32Array(10), 2, 2, new Uint32Array(32))).toThrow(/whole rows/);
  });
});
