import { describe, expect, it } from 'vitest';
import { eAdd, eFromLimbs, eFrobPow, eMul, eMulK, eToBytes } from '../../src/field/e';
import { eLinearAt, eLinearTables } from '../../src/field/e-linear';
import { ShapeError } from '../../src/util/errors';
import { kFromHex } from '../../src/field/k';
import { coordinateWeights, phi, phiCoefficients, ringSwitchTarget, ringSwitchTargetDirect, ringWeightEval, ringWeightTable, transposeClaims } from '../../src/pcs/ring-switch';
import { eqTable, mleEval } from '../../src/poly';
import { SplitMix64 } from '../../src/util/splitmix64';

const at = (a: Uint32Array, i: number) => a.slice(6 * i, 6 * i + 6);
const e3 = (c0: number, c1: number, c2: number) => Uint32Array.of(c0, 0, c1, 0, c2, 0);
const eHex = (c0: string, c1: string, c2: string) => eFromLimbs(kFromHex(c0), kFromHex(c1), kFromHex(c2));

/** The §7 vector inputs: f_p = E(p+1, 0, 0), s_i = E(i+1, 3i, 7i). */
function vectorInputs(): { f: Uint32Array; s: Uint32Array } {
  const f = new Uint32Array(36);
  for (let p = 0; p < 6; p++) f.set(e3(p + 1, 0, 0), 6 * p);
  const s = new Uint32Array(6 * 64);
  for (let i = 0; i < 64; i++) s.set(e3(i + 1, 3 * i, 7 * i), 6 * i);
  return { f, s };
}

/** Σ_k c_k·a^(2^k), the Frobenius form of Φ. */
function phiExpanded(a: Uint32Array, c: Uint32Array): Uint32Array {
  let acc: Uint32Array = new Uint32Array(6);
  for (let k = 0; k < 64; k++) acc = eAdd(acc, eMul(at(c, k), eFrobPow(a, k)));
  return acc;
}

describe('ring-switching map Φ', () => {
  it('gives the §7 target by both routes', () => {
    const { f, s } = vectorInputs();
    const expected = eHex('72fbebc2db44d87a', '34efc3a103cf241a', 'a546258b14be602a');
    expect(ringSwitchTargetDirect(s, f)).toEqual(expected);
    expect(ringSwitchTarget(s, coordinateWeights(f))).toEqual(expected);
  });

  it('equals its Frobenius expansion Σ c_k a^(2^k)', () => {
    const { f } = vectorInputs();
    const a = e3(0x1234, 0x5678, 0x9abc);
    expect(phiExpanded(a, phiCoefficients(f))).toEqual(phi(a, f));
    const rng = new SplitMix64('phi');
    for (let trial = 0; trial < 3; trial++) {
      const fr = rng.words(18);
      const x = rng.words(3);
      expect(phiExpanded(x, phiCoefficients(fr))).toEqual(phi(x, fr));
    }
  });

  it('is the identity when every challenge is zero, and then T = Σ x^i s_i', () => {
    const rng = new SplitMix64('id');
    const zero = new Uint32Array(36);
    for (let trial = 0; trial < 4; trial++) {
      const a = rng.words(3);
      expect(phi(a, zero)).toEqual(a);
    }
    const s = rng.words(3 * 64);
    let direct: Uint32Array = new Uint32Array(6);
    for (let i = 0; i < 64; i++) {
      const xi = new Uint32Array(2);
      xi[i >>> 5] = 1 << (i & 31);
      direct = eAdd(direct, eMulK(at(s, i), xi));
    }
    expect(ringSwitchTargetDirect(s, zero)).toEqual(direct);
    expect(ringSwitchTarget(s, coordinateWeights(zero))).toEqual(direct);
  });

  it('is F2-linear but not E-linear on random inputs', () => {
    const rng = new SplitMix64('lin');
    const f = rng.words(18);
    for (let trial = 0; trial < 8; trial++) {
      const a = rng.words(3);
      const b = rng.words(3);
      expect(phi(eAdd(a, b), f)).toEqual(eAdd(phi(a, f), phi(b, f)));
    }
    const a = rng.words(3);
    const y = e3(0, 1, 0);
    expect(phi(eMul(y, a), f)).not.toEqual(eMul(y, phi(a, f)));
  });

  it('evaluated by byte tables equals the staged map, in place too', () => {
    const rng = new SplitMix64('tab');
    const f = rng.words(18);
    const cw = coordinateWeights(f);
    for (let w = 0; w < 192; w++) {
      const basis = new Uint32Array(6);
      basis[w >>> 5] = 1 << (w & 31);
      expect(at(cw, w)).toEqual(phi(basis, f));
    }
    const tables = eLinearTables(cw);
    const xs = rng.words(3 * 20);
    for (let i = 0; i < 20; i++) {
      const out = new Uint32Array(6);
      eLinearAt(tables, xs, 6 * i, out, 0);
      expect(out).toEqual(phi(at(xs, i), f));
    }
    const buf = xs.slice(0, 6);
    eLinearAt(tables, buf, 0, buf, 0);
    expect(buf).toEqual(phi(at(xs, 0), f));
  });

  it('transposes the claims bit by bit', () => {
    const rng = new SplitMix64('tr');
    const s = rng.words(3 * 64);
    const t = transposeClaims(s);
    for (const [w, i] of [[0, 0], [5, 63], [64, 31], [100, 32], [191, 17], [130, 40]]) {
      const bitOfS = (s[6 * i + (w >>> 5)] >>> (w & 31)) & 1;
      const bitOfT = (t[2 * w + (i >>> 5)] >>> (i & 31)) & 1;
      expect(bitOfT).toBe(bitOfS);
    }
  });
});

describe('ring-switch weight', () => {
  it('the prover table is Φ(eq(r, y))', () => {
    const rng = new SplitMix64('wt');
    const f = rng.words(18);
    const r = rng.words(3 * 4);
    const b = ringWeightTable(r, eLinearTables(coordinateWeights(f)));
    const eq = eqTable(r);
    for (let y = 0; y < 16; y++) expect(at(b, y)).toEqual(phi(at(eq, y), f));
  });

  it('the closed form equals the MLE of the prover table, n = 1..8', () => {
    const rng = new SplitMix64('cf');
    for (let n = 1; n <= 8; n++) {
      const f = rng.words(18);
      const r = rng.words(3 * n);
      const rPrime = rng.words(3 * n);
      const table = ringWeightTable(r, eLinearTables(coordinateWeights(f)));
      expect(eToBytes(ringWeightEval(r, rPrime, phiCoefficients(f)))).toEqual(eToBytes(mleEval(table, 'E', rPrime)));
    }
  });

  it('rejects malformed inputs', () => {
    const f = new Uint32Array(36);
    expect(() => phi(new Uint32Array(6), new Uint32Array(30))).toThrow(ShapeError);
    expect(() => phiCoefficients(new Uint32Array(42))).toThrow(/6 E challenges/);
    expect(() => ringSwitchTargetDirect(new Uint32Array(6 * 63), f)).toThrow(/64 E claims/);
    expect(() => ringSwitchTarget(new Uint32Array(6 * 64), new Uint32Array(6))).toThrow(/192 coordinate weights/);
    expect(() => eLinearTables(new Uint32Array(6))).toThrow(ShapeError);
    expect(() => ringWeightTable(new Uint32Array(6), new Uint32Array(6))).toThrow(/byte tables/);
    expect(() => ringWeightEval(new Uint32Array(12), new Uint32Array(6), phiCoefficients(f))).toThrow(/r' has 1/);
    expect(() => ringWeightEval(new Uint32Array(6), new Uint32Array(6), new Uint32Array(6))).toThrow(/64 coefficients/);
  });
});
