// A key's tree for its epoch range against the node-by-node model (oracle.ts): the root for
// ranges of every shape (one epoch, whole and partial bottom subtrees, across 2^31, at either
// end of the u32 epochs) and the authentication path of every epoch in them.
import { describe, expect, it } from 'vitest';
import { wordsToBytes } from '../../src/hash/blake2s';
import { xmssKeyGen } from '../../src/xmss/index';
import { randomBytes, xorshift32 } from '../hash/prng';
import { OracleTree } from './oracle';
import { toHex } from './vectors';

const next = xorshift32(0x74726565);
const RANGES: [number, number][] = [
  [0, 0], [0, 1], [6, 6], [0, 15], [5, 37], [1000, 1063], [64, 127], [3, 200],
  [2 ** 31 - 3, 2 ** 31 + 4], [2 ** 32 - 17, 2 ** 32 - 1], [2 ** 32 - 1, 2 ** 32 - 1],
];

describe('XMSS key tree', () => {
  it.each(RANGES)('epochs %i..%i: the root and every epoch\'s path equal the model\'s', (lo, hi) => {
    const seed = randomBytes(next, 32);
    const key = xmssKeyGen(seed, lo, hi);
    const oracle = new OracleTree(seed, lo, hi);
    expect(toHex(key.publicKey.merkleRoot)).toBe(toHex(oracle.root()));
    expect(toHex(key.publicKey.publicParam)).toBe(toHex(oracle.pp));
    for (let e = lo; e <= hi; e++) expect(toHex(wordsToBytes(key.authPath(e))), `epoch ${e}`).toBe(toHex(oracle.path(e)));
  });

  it('the split level keeps about √R subtree roots: 1, 2, 4, 8 … bottom subtrees of 2^s leaves', () => {
    const seed = randomBytes(next, 32);
    const shape = (lo: number, hi: number) => {
      const k = xmssKeyGen(seed, lo, hi);
      return [k.splitLevel, k.subtreeRoots.nodes.length / 4];
    };
    expect(shape(0, 0)).toEqual([0, 1]);
    expect(shape(0, 15)).toEqual([2, 4]);
    expect(shape(0, 16)).toEqual([3, 3]);
    expect(shape(5, 37)).toEqual([3, 5]);
    expect(shape(1000, 1063)).toEqual([3, 8]);
  });

  it('keygen reports its progress to 1', () => {
    const fractions: number[] = [];
    xmssKeyGen(randomBytes(next, 32), 3, 200, { onProgress: (f) => fractions.push(f) });
    expect(fractions.length).toBeGreaterThan(2);
    expect(fractions.every((f, i) => f > 0 && (i === 0 || f > fractions[i - 1]))).toBe(true);
    expect(fractions[fractions.length - 1]).toBe(1);
  });
});
