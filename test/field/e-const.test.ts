import { describe, expect, it } from 'vitest';
import { ShapeError, eMul, eMulArrayByConst, eMulByTable, eMulK, eMulKByTable, eMulTable, eEq } from '../../src/field';
import { splitMix64, toE, toK } from './oracle';

const next = splitMix64(21n);
const randK = () => toK(next());
const randE = () => toE([next(), next(), next()]);

describe('multiplication by a fixed E', () => {
  it('eMulByTable and eMulKByTable equal eMul and eMulK', () => {
    for (let c = 0; c < 4; c++) {
      const r = randE();
      const t = eMulTable(r);
      for (let i = 0; i < 200; i++) {
        const b = randE();
        const out = new Uint32Array(6);
        eMulByTable(t, out, 0, b, 0);
        expect(eEq(out, eMul(r, b))).toBe(true);
        const k = randK();
        eMulKByTable(t, out, 0, k, 0);
        expect(eEq(out, eMulK(r, k))).toBe(true);
      }
    }
  });

  it('eMulArrayByConst works in place and validates lengths', () => {
    const r = randE();
    const xs = Array.from({ length: 100 }, randE);
    const arr = new Uint32Array(600);
    xs.forEach((x, i) => arr.set(x, 6 * i));
    eMulArrayByConst(r, arr, arr);
    xs.forEach((x, i) => expect(eEq(arr.subarray(6 * i, 6 * i + 6), eMul(r, x))).toBe(true));
    expect(() => eMulArrayByConst(r, arr, new Uint32Array(6))).toThrow(ShapeError);
    expect(() => eMulTable(r, new Int32Array(6))).toThrow(ShapeError);
  });

  it('refills a reused table completely', () => {
    const t = eMulTable(randE());
    t.fill(-1);
    const r = randE();
    eMulTable(r, t);
    expect(t).toEqual(eMulTable(r));
    const out = Uint32Array.of(1, 2, 3, 4, 5, 6);
    eMulByTable(t, out, 0, new Uint32Array(6), 0);
    expect(Array.from(out)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});
