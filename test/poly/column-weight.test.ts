import { describe, expect, it } from 'vitest';
import { kAdd, kFromHex, kMul, kToHex } from '../../src/field/k';
import { columnWeightEval, columnWeightTable, mleEval, ShapeError } from '../../src/poly';
import { SplitMix64 } from '../../src/util/splitmix64';

const kOf = (v: number) => Uint32Array.of(v, 0);

/** Enc(g)[v] = Σ_u W_{x_v}(u)·g(u): the codeword entry at the K point v (docs/protocol.md §4.3). */
function encodeAt(g: number[], v: number): string {
  const w = columnWeightTable(kOf(v), Math.log2(g.length));
  let acc = new Uint32Array(2) as Uint32Array;
  g.forEach((gu, u) => {
    acc = kAdd(acc, kMul(w.subarray(2 * u, 2 * u + 2), kOf(gu)));
  });
  return kToHex(acc);
}

describe('column weights', () => {
  it('reproduce the §4 encodings', () => {
    // κ = 2, ν = 1, g = [1, 2, 3, 4]
    const enc = [0, 1, 2, 3, 4, 5, 6, 7].map((v) => encodeAt([1, 2, 3, 4], v));
    expect(enc).toEqual(['1', '3', 'e', '8', '63', '79', '4c', '52'].map((h) => h.padStart(16, '0')));
    // κ = 1: Enc = [a0, a0 + a1, a0 + a1·x, a0 + a1·(x + 1)] with x = 2
    const [a0, a1] = [kFromHex('35'), kFromHex('9c')];
    const expected = [a0, kAdd(a0, a1), kAdd(a0, kMul(a1, kOf(2))), kAdd(a0, kMul(a1, kOf(3)))].map(kToHex);
    expect([0, 1, 2, 3].map((v) => encodeAt([0x35, 0x9c], v))).toEqual(expected);
  });

  it('columnWeightEval is the MLE of the column weight table', () => {
    const rng = new SplitMix64('cw');
    for (let kappa = 0; kappa <= 8; kappa++) {
      const x = rng.words(1);
      const p = rng.words(3 * kappa);
      expect(columnWeightEval(x, p)).toEqual(mleEval(columnWeightTable(x, kappa), 'K', p));
    }
  });

  it('rejects bad sizes', () => {
    expect(() => columnWeightTable(kOf(1), 3, new Uint32Array(8))).toThrow(/16 words/);
    expect(() => columnWeightTable(kOf(1), -1)).toThrow(ShapeError);
    expect(() => columnWeightEval(kOf(1), new Uint32Array(6 * 65))).toThrow(/64/);
    expect(() => columnWeightEval(kOf(1), new Uint32Array(7))).toThrow(ShapeError);
  });
});
