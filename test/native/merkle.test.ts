// Native Merkle trees of every path against src/merkle, digest for digest: leaf images wider
// than their rows (zero prefixes that skip whole blocks, straddle a block, or leave a partial
// last block), tree sizes below, at and past a SIMD batch, the commitment grid's largest
// codeword, then openRows against openMerkle and verifyMerkle, the reference vectors, and misuse.
import { expect, test } from 'vitest';
import { COMMIT_GRID, commit, stack } from '../../bench/device-check/commit-check';
import { BackendUsageError } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createNativeBackend } from '../../src/backend/native/index';
import { MerkleError } from '../../src/merkle/errors';
import { openMerkle, verifyMerkle } from '../../src/merkle/opening';
import { buildMerkleTree } from '../../src/merkle/tree';
import { SplitMix64 } from '../../src/util/splitmix64';
import { commitVectorChecks, hex } from '../backend/commit-vectors';
import { describeNative, eachPath } from './native';
import { expectSameWords } from '../same-words';

/** [leaves, rowWords, leafWords] */
const SHAPES: [number, number, number][] = [
  [1, 1, 1], [2, 3, 3], [4, 64, 64], [8, 35, 64], [16, 1, 64], [32, 24, 24], [64, 5, 9], [128, 64, 64],
  [256, 3, 64], [512, 8, 8], [1024, 17, 40], [2048, 1, 1],
];

describeNative('native Merkle trees and openings', (module) => {
  const native = createNativeBackend(module);
  const cpu = createCpuBackend();

  eachPath(module, 'every digest equals buildMerkleTree', async () => {
    for (const [leaves, rowWords, leafWords] of SHAPES) {
      const rows = new SplitMix64(leaves * 131 + rowWords).words(leaves * rowWords);
      const tree = await native.merkleBuild(await native.upload('K', rows), rowWords, leafWords);
      const want = buildMerkleTree(rows, rowWords, leafWords);
      const got = (tree as unknown as { tree: { nodes: Uint32Array } }).tree.nodes;
      expectSameWords(got, want.nodes, `${leaves} rows of ${rowWords} in images of ${leafWords}`);
      expect(tree).toMatchObject({ nLeaves: leaves, height: Math.log2(leaves), rowWords, leafWords });
    }
  });

  test('a committed 2^16 stack: root and openings equal the cpu backend, verifyMerkle accepts', async () => {
    const q = new SplitMix64(16).words(2 ** 16 - 1000); // 64 lanes, the last partly filled
    const nc = await native.encode(await native.upload('K', q), 16, 1);
    const cc = await cpu.encode(await cpu.upload('K', q), 16, 1);
    const nt = await native.merkleBuild(nc, 64, 64);
    const ct = await cpu.merkleBuild(cc, 64, 64);
    expect(hex(nt.root)).toBe(hex(ct.root));
    const rng = new SplitMix64(3);
    for (const count of [1, 9, 100, 3000]) {
      const qs = Array.from(rng.words(count), (w) => w % nt.nLeaves);
      qs.push(qs[0], qs[0] ^ 1);
      const phase = await native.openRows(nc, nt, qs);
      expect(phase).toEqual(await cpu.openRows(cc, ct, qs));
      expect(verifyMerkle(phase, nt.root, nt.nLeaves, qs, 64, 64)).toHaveLength(qs.length);
    }
    native.freeTree(nt);
    await expect(native.openRows(nc, nt, [0])).rejects.toThrow(BackendUsageError);
  });

  // The commitment grid's largest codeword (bench/device-check/commit-check.ts COMMIT_GRID: 2^24
  // K words, a Merkle tree of height 18), which the lavapipe slice of test/webgpu/commit.test.ts
  // leaves to this backend and to a GPU's device check.
  test('the commitment of a 2^20 stack in 64 lanes at rate 1/16 equals the cpu backend', async () => {
    const [logN, rate, lanes] = [Math.max(...COMMIT_GRID.logNs), Math.max(...COMMIT_GRID.rates), Math.max(...COMMIT_GRID.lanes)];
    const q = stack(logN, lanes, logN);
    const [got, want] = [await commit(native, q, logN, rate, lanes), await commit(cpu, q, logN, rate, lanes)];
    expectSameWords(got.words, want.words, `2^${logN} stack, rate 1/${2 ** rate}`);
    expect(hex(got.root)).toBe(hex(want.root));
  });

  test('openRows of narrow rows in wide images equals openMerkle', async () => {
    const rows = new SplitMix64(5).words(256 * 3);
    const codeword = await native.upload('K', rows);
    const tree = await native.merkleBuild(codeword, 3, 64);
    const qs = [255, 0, 7, 7, 128, 129];
    expect(await native.openRows(codeword, tree, qs)).toEqual(openMerkle(buildMerkleTree(rows, 3, 64), rows, 3, qs));
  });

  for (const [title, check] of commitVectorChecks(() => native)) test(`reference vectors: ${title}`, check);

  test('misuse: bad widths, row counts, foreign or freed buffers and trees', async () => {
    const codeword = await native.upload('K', new Uint32Array(2 * 48));
    await expect(native.merkleBuild(codeword, 0, 1)).rejects.toThrow(MerkleError);
    await expect(native.merkleBuild(codeword, 4, 2)).rejects.toThrow(MerkleError);
    await expect(native.merkleBuild(codeword, 1, 1)).rejects.toThrow(MerkleError); // 48 leaves
    await expect(native.merkleBuild(await cpu.upload('K', new Uint32Array(4)), 1, 1)).rejects.toThrow(BackendUsageError);
    const other = await native.upload('K', new Uint32Array(2 * 64));
    const tree = await native.merkleBuild(other, 4, 4);
    await expect(native.openRows(codeword, tree, [0])).rejects.toThrow(BackendUsageError);
    await expect(native.openRows(other, tree, [16])).rejects.toThrow(MerkleError);
    native.free(other);
    await expect(native.openRows(other, tree, [0])).rejects.toThrow(BackendUsageError);
    expect(() => module.merkleTree(new Uint32Array(8), 1, 1, new Uint32Array(8))).toThrow(RangeError);
  });
});
