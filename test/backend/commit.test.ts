// The cpu backend's commitment methods: the reference vectors through the Backend
// interface, encode against encodeStack, openRows against openMerkle and verifyMerkle
// (random query sets with duplicates, tampered openings), and the misuse it rejects.
import { describe, expect, test } from 'vitest';
import { BackendUsageError } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { MerkleError } from '../../src/merkle/errors';
import { openMerkle, verifyMerkle } from '../../src/merkle/opening';
import { buildMerkleTree } from '../../src/merkle/tree';
import { encodeStack } from '../../src/ntt/encode';
import { ShapeError } from '../../src/util/errors';
import { SplitMix64 } from '../../src/util/splitmix64';
import { commitVectorChecks, hex } from './commit-vectors';

const cpu = createCpuBackend();

describe('reference vectors (shared/vectors/ntt) through the cpu backend', () => {
  for (const [title, check] of commitVectorChecks(() => cpu)) test(title, check);
});

describe('cpu encode', () => {
  test.each([
    [8, 1, 256],
    [9, 2, 200], // a partly filled stack: 200 words make 2 full blocks of 64 and a partial one
    [12, 3, 1],
    [6, 4, 64],
  ])('2^%i stack at rate 1/2^%i holding %i words is encodeStack', async (logN, rate, words) => {
    const q = new SplitMix64(words).words(words);
    const codeword = await cpu.encode(await cpu.upload('K', q), logN, rate);
    const want = encodeStack(q, logN, rate);
    expect(codeword.length).toBe(want.codeword.length / 2);
    expect(await cpu.download(codeword)).toEqual(want.codeword);
  });

  test('rejects what encodeStack rejects, and E buffers', async () => {
    const k = await cpu.upload('K', new SplitMix64(1).words(128));
    await expect(cpu.encode(k, 6, 1)).rejects.toThrow(ShapeError);
    await expect(cpu.encode(k, 8, -1)).rejects.toThrow(ShapeError);
    await expect(cpu.encode(await cpu.alloc('E', 64), 8, 1)).rejects.toThrow(BackendUsageError);
  });
});

describe('cpu merkleBuild and openRows', () => {
  const shapes = [
    { leaves: 256, rowWords: 64, leafWords: 64 },
    { leaves: 128, rowWords: 3, leafWords: 64 },
    { leaves: 512, rowWords: 1, leafWords: 1 },
    { leaves: 64, rowWords: 24, leafWords: 24 },
  ];
  for (const { leaves, rowWords, leafWords } of shapes) {
    test(`${leaves} rows of ${rowWords} K words, images of ${leafWords}: openMerkle's phase, accepted by verifyMerkle`, async () => {
      const rows = new SplitMix64(leaves * rowWords).words(leaves * rowWords);
      const codeword = await cpu.upload('K', rows);
      const tree = await cpu.merkleBuild(codeword, rowWords, leafWords);
      const reference = buildMerkleTree(rows, rowWords, leafWords);
      expect(tree).toMatchObject({ nLeaves: leaves, height: Math.log2(leaves), rowWords, leafWords });
      const rng = new SplitMix64(7);
      for (const count of [1, 5, 40, 2 * leaves]) {
        const qs = Array.from(rng.words(count), (w) => w % leaves);
        qs.push(qs[0], qs[count - 1]);
        const phase = await cpu.openRows(codeword, tree, qs);
        expect(phase).toEqual(openMerkle(reference, rows, rowWords, qs));
        expect(phase.leafData.length).toBe(new Set(qs).size);
        const raw = verifyMerkle(phase, tree.root, leaves, qs, rowWords, leafWords);
        expect(raw.map((r) => hex(new Uint8Array(r.leafData.buffer, r.leafData.byteOffset, r.leafData.byteLength))))
          .toEqual(qs.map((q) => {
            const image = new Uint32Array(2 * leafWords);
            image.set(rows.subarray(2 * rowWords * q, 2 * rowWords * (q + 1)), 2 * (leafWords - rowWords));
            return hex(new Uint8Array(image.buffer));
          }));
        if (phase.siblingHashes.length > 0) {
          phase.siblingHashes[0] = phase.siblingHashes[0].slice();
          phase.siblingHashes[0][31] ^= 0x80;
          expect(() => verifyMerkle(phase, tree.root, leaves, qs, rowWords, leafWords)).toThrow(MerkleError);
        }
      }
      cpu.freeTree(tree);
    });
  }

  test('rejects foreign, freed and mismatched trees', async () => {
    const codeword = await cpu.upload('K', new SplitMix64(2).words(64 * 8));
    const other = await cpu.upload('K', new SplitMix64(3).words(64 * 8));
    const tree = await cpu.merkleBuild(codeword, 64, 64);
    await expect(cpu.merkleBuild(codeword, 3, 64)).rejects.toThrow(MerkleError);
    await expect(cpu.merkleBuild(codeword, 8, 4)).rejects.toThrow(MerkleError);
    await expect(cpu.openRows(codeword, tree, [8])).rejects.toThrow(MerkleError);
    await expect(cpu.openRows(other, tree, [0])).rejects.toThrow(/another codeword/);
    const foreign = { ...tree };
    await expect(cpu.openRows(codeword, foreign, [0])).rejects.toThrow(/does not belong/);
    cpu.freeTree(tree);
    await expect(cpu.openRows(codeword, tree, [0])).rejects.toThrow(/after freeTree/);
    expect(() => cpu.freeTree(tree)).toThrow(/after freeTree/);
  });
});
