import { describe, expect, it } from 'vitest';
import { eAdd, eMul, eOne } from '../../src/field/e';
import { eqEval, eqTable, mleEval, ShapeError } from '../../src/poly';
import { SplitMix64 } from '../../src/util/splitmix64';

const at = (a: Uint32Array, i: number) => a.slice(6 * i, 6 * i + 6);

/** The point whose coordinates are the bits of i, as E elements 0 or 1. */
function boolPoint(i: number, n: number): Uint32Array {
  const p = new Uint32Array(6 * n);
  for (let k = 0; k < n; k++) p[6 * k] = (i >>> k) & 1;
  return p;
}

describe('eq table', () => {
  it('equals the direct product Π (1 + r_k + bit_k(i))', () => {
    const rng = new SplitMix64('e9');
    for (let n = 0; n <= 6; n++) {
      const r = rng.words(3 * n);
      const table = eqTable(r);
      expect(table.length).toBe(6 << n);
      for (let i = 0; i < 1 << n; i++) {
        let direct: Uint32Array = eOne();
        for (let k = 0; k < n; k++) {
          let factor: Uint32Array = at(r, k);
          if (((i >>> k) & 1) === 0) factor = eAdd(factor, eOne());
          direct = eMul(direct, factor);
        }
        expect(at(table, i)).toEqual(direct);
      }
    }
  });

  it('sums to 1 and writes into a given output', () => {
    const rng = new SplitMix64('e10');
    const r = rng.words(3 * 5);
    const out = new Uint32Array(6 << 5).fill(0xdeadbeef);
    expect(eqTable(r, out)).toBe(out);
    const sum = new Uint32Array(6);
    for (let i = 0; i < out.length; i++) sum[i % 6] ^= out[i];
    expect(sum).toEqual(eOne());
  });

  it('eqEval agrees with the table at boolean points and with the MLE of the table anywhere', () => {
    const rng = new SplitMix64('e11');
    for (let n = 1; n <= 5; n++) {
      const r = rng.words(3 * n);
      const table = eqTable(r);
      for (let i = 0; i < 1 << n; i++) expect(eqEval(r, boolPoint(i, n))).toEqual(at(table, i));
      const x = rng.words(3 * n);
      expect(eqEval(r, x)).toEqual(mleEval(table, 'E', x));
      expect(eqEval(x, r)).toEqual(eqEval(r, x));
    }
  });

  it('rejects malformed points and outputs', () => {
    expect(() => eqTable(new Uint32Array(7))).toThrow(ShapeError);
    expect(() => eqTable(new Uint32Array(12), new Uint32Array(6 * 3))).toThrow(/output needs 24 words/);
    expect(() => eqEval(new Uint32Array(12), new Uint32Array(6))).toThrow(ShapeError);
  });
});
