import { describe, expect, it } from 'vitest';
import { eAdd, eMul, eMulK } from '../../src/field/e';
import { eqTable, foldAt, foldLow, foldTop, innerProduct, type Kind, mleEval, ShapeError, WORDS } from '../../src/poly';
import { SplitMix64 } from '../../src/util/splitmix64';

const at = (a: Uint32Array, i: number) => a.slice(6 * i, 6 * i + 6);
/** Entry i of a K or E table as an E element. */
const entry = (t: Uint32Array, kind: Kind, i: number) =>
  kind === 'E' ? at(t, i) : Uint32Array.of(t[2 * i], t[2 * i + 1], 0, 0, 0, 0);

function boolPoint(i: number, n: number): Uint32Array {
  const p = new Uint32Array(6 * n);
  for (let k = 0; k < n; k++) p[6 * k] = (i >>> k) & 1;
  return p;
}

const KINDS: Kind[] = ['K', 'E'];

describe('MLE evaluation', () => {
  it('equals the table entries at boolean points', () => {
    const rng = new SplitMix64('a1');
    for (const kind of KINDS) {
      for (let n = 0; n <= 6; n++) {
        const t = rng.words((WORDS[kind] / 2) << n);
        for (let i = 0; i < 1 << n; i++) expect(mleEval(t, kind, boolPoint(i, n))).toEqual(entry(t, kind, i));
      }
    }
  });

  it('is affine in each variable and equals Σ eq(p, i)·t[i]', () => {
    const rng = new SplitMix64('a2');
    for (const kind of KINDS) {
      for (let n = 1; n <= 7; n++) {
        const t = rng.words((WORDS[kind] / 2) << n);
        const p = rng.words(3 * n);
        const value = mleEval(t, kind, p);
        expect(value).toEqual(innerProduct(t, kind, eqTable(p)));
        for (let k = 0; k < n; k++) {
          const p0 = p.slice();
          p0.fill(0, 6 * k, 6 * k + 6);
          const p1 = p0.slice();
          p1[6 * k] = 1;
          const v0 = mleEval(t, kind, p0);
          const v1 = mleEval(t, kind, p1);
          expect(value).toEqual(eAdd(v0, eMul(at(p, k), eAdd(v0, v1))));
        }
      }
    }
  });

  it('uses a caller scratch and rejects mismatched shapes', () => {
    const rng = new SplitMix64('a3');
    const t = rng.words(3 << 4);
    const p = rng.words(3 * 4);
    expect(mleEval(t, 'E', p, new Uint32Array(100))).toEqual(mleEval(t, 'E', p));
    expect(() => mleEval(t, 'E', p, new Uint32Array(47))).toThrow(/scratch/);
    expect(() => mleEval(t, 'E', rng.words(9))).toThrow(ShapeError);
    expect(() => mleEval(new Uint32Array(18), 'E', rng.words(3))).toThrow(/2\^n elements/);
  });
});

describe('folds', () => {
  it('bind the chosen variable as lo + r·(lo + hi)', () => {
    const rng = new SplitMix64('f1');
    for (const kind of KINDS) {
      for (let n = 1; n <= 5; n++) {
        const t = rng.words((WORDS[kind] / 2) << n);
        for (let bit = 0; bit < n; bit++) {
          const r = rng.words(3);
          const out = foldAt(t, kind, bit, r, new Uint32Array(6 << (n - 1)));
          for (let j = 0; j < 1 << (n - 1); j++) {
            // Insert a 0 at position `bit` of j.
            const lo = ((j >> bit) << (bit + 1)) | (j & ((1 << bit) - 1));
            const a = entry(t, kind, lo);
            const b = entry(t, kind, lo | (1 << bit));
            expect(at(out, j)).toEqual(eAdd(a, eMul(r, eAdd(a, b))));
          }
        }
      }
    }
  });

  it('foldLow pairs (2i, 2i+1), foldTop pairs (i, i + half), and E folds work in place', () => {
    const rng = new SplitMix64('f2');
    const n = 5;
    const t = rng.words(3 << n);
    const r = rng.words(3);
    const low = foldLow(t, 'E', r, new Uint32Array(6 << (n - 1)));
    const top = foldTop(t, 'E', r, new Uint32Array(6 << (n - 1)));
    for (let i = 0; i < 1 << (n - 1); i++) {
      expect(at(low, i)).toEqual(eAdd(at(t, 2 * i), eMul(r, eAdd(at(t, 2 * i), at(t, 2 * i + 1)))));
      expect(at(top, i)).toEqual(eAdd(at(t, i), eMul(r, eAdd(at(t, i), at(t, i + (1 << (n - 1)))))));
    }
    for (let bit = 0; bit < n; bit++) {
      const expected = foldAt(t, 'E', bit, r, new Uint32Array(6 << (n - 1)));
      const buf = t.slice();
      foldAt(buf, 'E', bit, r, buf.subarray(0, 6 << (n - 1)));
      expect(buf.subarray(0, 6 << (n - 1))).toEqual(expected);
    }
  });

  it('a K fold is the E fold of the embedded table', () => {
    const rng = new SplitMix64('f3');
    const k = rng.words(1 << 4);
    const e = new Uint32Array(6 << 4);
    for (let i = 0; i < 1 << 4; i++) e.set([k[2 * i], k[2 * i + 1]], 6 * i);
    const r = rng.words(3);
    for (let bit = 0; bit < 4; bit++) {
      expect(foldAt(k, 'K', bit, r, new Uint32Array(6 << 3))).toEqual(foldAt(e, 'E', bit, r, new Uint32Array(6 << 3)));
    }
  });

  it('commute with MLE evaluation: MLE(fold at r)(p) = MLE(t)(p with r inserted)', () => {
    const rng = new SplitMix64('f4');
    const n = 6;
    const t = rng.words(3 << n);
    const p = rng.words(3 * n);
    for (let bit = 0; bit < n; bit++) {
      const folded = foldAt(t, 'E', bit, p.subarray(6 * bit, 6 * bit + 6), new Uint32Array(6 << (n - 1)));
      const rest = new Uint32Array(6 * (n - 1));
      rest.set(p.subarray(0, 6 * bit));
      rest.set(p.subarray(6 * bit + 6), 6 * bit);
      expect(mleEval(folded, 'E', rest)).toEqual(mleEval(t, 'E', p));
    }
  });

  it('rejects bad variables and outputs', () => {
    const t = new Uint32Array(6 << 3);
    const r = new Uint32Array(6);
    expect(() => foldAt(t, 'E', 3, r, new Uint32Array(24))).toThrow(/variable 3/);
    expect(() => foldAt(t, 'E', -1, r, new Uint32Array(24))).toThrow(ShapeError);
    expect(() => foldAt(t, 'E', 0, r, new Uint32Array(30))).toThrow(/output needs 24 words/);
    expect(() => foldLow(new Uint32Array(6), 'E', r, new Uint32Array(0))).toThrow(ShapeError);
  });
});

describe('inner product', () => {
  it('equals the naive sum for E·E and K·E', () => {
    const rng = new SplitMix64('ip');
    const a = rng.words(3 * 37);
    const k = rng.words(37);
    const b = rng.words(3 * 37);
    let ee: Uint32Array = new Uint32Array(6);
    let ke: Uint32Array = new Uint32Array(6);
    for (let i = 0; i < 37; i++) {
      ee = eAdd(ee, eMul(at(a, i), at(b, i)));
      ke = eAdd(ke, eMulK(at(b, i), k.slice(2 * i, 2 * i + 2)));
    }
    expect(innerProduct(a, 'E', b)).toEqual(ee);
    expect(innerProduct(k, 'K', b)).toEqual(ke);
    expect(() => innerProduct(a, 'E', b.subarray(6))).toThrow(ShapeError);
  });
});
