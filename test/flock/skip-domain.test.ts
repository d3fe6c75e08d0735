// The skip domain's Lagrange bases and the zerocheck's fixed coordinates (docs/protocol.md §1.3, §9.3).
import { describe, expect, it } from 'vitest';
import { type E, eAdd, eInv, eMul, eOne, ePow } from '../../src/field/e';
import { gf8Inv, gf8Mul } from '../../src/field/gf8';
import { PHI } from '../../src/field/phi8';
import { eqPrefixSum, eqTableFast } from '../../src/kernels/flock/eq-table';
import { LAMBDA_LAGRANGE, interpolateSkip, subspaceLagrange } from '../../src/kernels/flock/skip-domain';
import { C_S_F8, GAMMA, SMALL_F8, fixedChallenges } from '../../src/kernels/flock/challenges';
import { eqTable } from '../../src/poly/eq';
import { eHex } from '../transcript/helpers';
import { randomE, xorshift32 } from './helpers';

const node = (u: number): E => Uint32Array.of(PHI[2 * u], PHI[2 * u + 1], 0, 0, 0, 0);

/** Π_{u' ≠ u} (z − x_u')/(x_u − x_u'), the textbook formula. */
function naiveLagrange(z: E, n: number, u: number): E {
  let num = eOne(), den = eOne();
  for (let v = 0; v < n; v++) {
    if (v === u) continue;
    num = eMul(num, eAdd(z, node(v)));
    den = eMul(den, eAdd(node(u), node(v)));
  }
  return eMul(num, eInv(den));
}

describe('skip-domain Lagrange bases', () => {
  const z = randomE(xorshift32(3), 1);

  it('subspaceLagrange equals the textbook basis on 64 and 128 nodes', () => {
    for (const k of [6, 7]) {
      const w = subspaceLagrange(z, k);
      for (const u of [0, 1, 17, (1 << k) - 1]) expect(w.subarray(6 * u, 6 * u + 6)).toEqual(naiveLagrange(z, 1 << k, u));
    }
  });

  it('is a delta at a node', () => {
    const w = subspaceLagrange(node(5), 6);
    const want = new Uint32Array(6 * 64);
    want[30] = 1;
    expect(w).toEqual(want);
  });

  it('interpolateSkip recovers a polynomial of degree < 128 from its values on S and Λ', () => {
    const coeffs = randomE(xorshift32(11), 128);
    const at = (x: E): E => {
      let acc: E = new Uint32Array(6);
      for (let i = 127; i >= 0; i--) acc = eAdd(eMul(acc, x), coeffs.subarray(6 * i, 6 * i + 6));
      return acc;
    };
    const onS = new Uint32Array(6 * 64), onL = new Uint32Array(6 * 64);
    for (let i = 0; i < 64; i++) {
      onS.set(at(node(i)), 6 * i);
      onL.set(at(node(64 + i)), 6 * i);
    }
    expect(interpolateSkip(z, onS, onL)).toEqual(at(z));
  });

  it('LAMBDA_LAGRANGE is the GF(2^8) basis of S at the coset points', () => {
    for (const [i, s] of [[0, 0], [5, 63], [63, 17], [40, 40]]) {
      let l = 1;
      for (let v = 0; v < 64; v++) if (v !== s) l = gf8Mul(l, gf8Mul((64 + i) ^ v, gf8Inv(s ^ v)));
      expect(LAMBDA_LAGRANGE[64 * i + s]).toBe(l);
    }
  });
});

describe('fixed zerocheck coordinates', () => {
  const r = fixedChallenges();

  it('are φ8(F7), φ8(53), φ8(B5) and γ^(2^j)/(1 + γ^(2^j)) with the §9.3 vectors', () => {
    expect(eHex(r, 0)).toBe('501d2518e3ce5a55,0000000000000000,0000000000000000');
    expect(eHex(r, 6)).toBe('ff054c3f7cef0cca,0000000000000000,0000000000000000');
    expect(eHex(r, 12)).toBe('155755ffb7202002,0000000000000000,0000000000000000');
    expect(eHex(r, 18)).toBe('35cfd1ab784e4bf6,12fa45aa9a1825d1,b996e3c1cf34ac24');
    expect(eHex(r, 24)).toBe('63ec67547b58ffa3,e188dfcb58207451,bba7df26ed9c8ffc');
    expect(eHex(r, 30)).toBe('c9350a318893eeae,e5e0ec902c5238d6,e8bd2e5755425f21');
    expect(eHex(r, 36)).toBe('369b37ae52f8330e,0bd7a06f7a48ae87,122bad6c647e24d2');
  });

  it('make eq over the three low bits C_s·t^K in GF(2^8)', () => {
    for (let K = 0; K < 8; K++) {
      let e = 1, tk = 1;
      for (let k = 0; k < 3; k++) e = gf8Mul(e, (K >>> k) & 1 ? SMALL_F8[k] : SMALL_F8[k] ^ 1);
      for (let i = 0; i < K; i++) tk = gf8Mul(tk, 2);
      expect(e).toBe(gf8Mul(C_S_F8, tk));
    }
  });

  it('make eq over the next four bits γ^u / Π_j (1 + γ^(2^j))', () => {
    const eq = eqTable(r.subarray(18, 42));
    let d = eOne();
    for (let j = 0; j < 4; j++) d = eMul(d, eAdd(eOne(), ePow(GAMMA, 2 ** j)));
    for (const u of [0, 1, 6, 15]) expect(eq.subarray(6 * u, 6 * u + 6)).toEqual(eMul(ePow(GAMMA, u), eInv(d)));
  });
});

describe('eq helpers', () => {
  const r = randomE(xorshift32(5), 13);

  it('eqTableFast equals the plain eq table (including the table-multiplied levels)', () => {
    expect(eqTableFast(r)).toEqual(eqTable(r));
  });

  it('eqTableFast with seeds interleaves the seeded tables, seed index fastest', () => {
    for (const [coords, seeds] of [[8, 64], [3, 5], [13, 1]]) {
      const point = r.subarray(0, 6 * coords), s = randomE(xorshift32(coords + seeds), seeds);
      const plain = eqTable(point), got = eqTableFast(point, s);
      expect(got.length).toBe(6 * seeds * 2 ** coords);
      for (let x = 0; x < 2 ** coords; x += 1 + (x >> 3)) {
        for (let k = 0; k < seeds; k++) {
          const at = 6 * (k + seeds * x);
          expect(got.subarray(at, at + 6), `seed ${k}, x = ${x}`).toEqual(eMul(s.subarray(6 * k, 6 * k + 6), plain.subarray(6 * x, 6 * x + 6)));
        }
      }
    }
    expect(() => eqTableFast(r, new Uint32Array(0))).toThrow(/seeds/);
  });

  it('eqPrefixSum sums eq over a prefix of the cube', () => {
    const t = eqTable(r.subarray(0, 6 * 7));
    for (const count of [0, 1, 5, 64, 100, 127, 128]) {
      const want = new Uint32Array(6);
      for (let x = 0; x < count; x++) for (let i = 0; i < 6; i++) want[i] ^= t[6 * x + i];
      expect(eqPrefixSum(r.subarray(0, 6 * 7), count)).toEqual(want);
    }
  });
});
