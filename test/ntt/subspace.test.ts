import { describe, expect, it } from 'vitest';
import { kFromHex, kInv, kMul, kToHex } from '../../src/field/k';
import { normalizedRow, subspaceConstants, twiddleAt, twiddleDeltas, twiddleRows, wHatAt, wHatBasis } from '../../src/ntt';
import { SplitMix64 } from '../../src/util/splitmix64';
import { subspacePoly } from './naive';

const hexes = (packed: Uint32Array, n: number) => Array.from({ length: n }, (_, i) => kToHex(packed.subarray(2 * i, 2 * i + 2)));

describe('subspace polynomial constants (docs/protocol.md §4.1)', () => {
  it('s_k = V_k(e_k) matches the published values', () => {
    expect(hexes(subspaceConstants(), 9)).toEqual([
      '0000000000000001', '0000000000000006', '0000000000000168', '0000000001166880', '011616686880801b',
      '726b6e3c6e39234e', '796adf34d64462c2', '0f1060866be6fa9c', '6a06f1b0a76acb05',
    ]);
  });

  it('s_k equals the product Π_{u∈U_k}(e_k + u) for k ≤ 12', () => {
    const s = subspaceConstants();
    for (let k = 0; k <= 12; k++) {
      expect(kToHex(s.subarray(2 * k, 2 * k + 2))).toBe(kToHex(subspacePoly(k, Uint32Array.of(2 ** k, 0))));
    }
  });

  it('Ŵ_1(e_c) for c = 0..5 is 0, 1, 0x6, 0x1c, 0x78, 0x1f0', () => {
    expect([0, 1, 2, 3, 4, 5].map((c) => kToHex(wHatBasis(1, c)))).toEqual(
      ['0', '1', '6', '1c', '78', '1f0'].map((h) => h.padStart(16, '0')),
    );
  });

  it('every row starts with Ŵ_d(e_d) = 1 and matches V_d(e_c)/V_d(e_d) for small d', () => {
    for (let d = 0; d < 63; d++) expect(kToHex(normalizedRow(d).subarray(0, 2))).toBe('0000000000000001');
    for (let d = 0; d <= 8; d++) {
      const inv = kInv(subspacePoly(d, Uint32Array.of(2 ** d, 0)));
      for (let c = d; c < 64; c += 7) {
        const e = c < 32 ? Uint32Array.of(2 ** c, 0) : Uint32Array.of(0, 2 ** (c - 32));
        expect(kToHex(wHatBasis(d, c)), `d=${d} c=${c}`).toBe(kToHex(kMul(subspacePoly(d, e), inv)));
      }
    }
  });

  it('wHatAt agrees with the basis table on basis points and is F2-linear', () => {
    const rng = new SplitMix64(11);
    for (let c = 0; c < 64; c += 5) {
      const e = c < 32 ? Uint32Array.of(2 ** c, 0) : Uint32Array.of(0, 2 ** (c - 32));
      const w = wHatAt(e, 64);
      for (let d = 0; d < 64; d++) expect(kToHex(w.subarray(2 * d, 2 * d + 2))).toBe(kToHex(wHatBasis(d, c)));
    }
    for (let trial = 0; trial < 20; trial++) {
      const [x, y] = [rng.words(1), rng.words(1)];
      const sum = Uint32Array.of(x[0] ^ y[0], x[1] ^ y[1]);
      const [wx, wy, ws] = [wHatAt(x, 40), wHatAt(y, 40), wHatAt(sum, 40)];
      for (let i = 0; i < wx.length; i++) expect(ws[i]).toBe((wx[i] ^ wy[i]) >>> 0);
    }
  });

  it('wHatAt(x) at small x equals the product definition', () => {
    for (const v of [0, 1, 5, 200, 1023]) {
      const x = Uint32Array.of(v, 0);
      const w = wHatAt(x, 10);
      for (let i = 0; i < 10; i++) {
        const expected = kMul(subspacePoly(i, x), kInv(subspacePoly(i, Uint32Array.of(2 ** i, 0))));
        expect(kToHex(w.subarray(2 * i, 2 * i + 2))).toBe(kToHex(expected));
      }
    }
  });
});

describe('twiddles', () => {
  it('the walked rows equal the subset sums, for every layer and block up to L = 12', () => {
    for (const L of [1, 5, 12]) {
      const rows = twiddleRows(L);
      expect(rows.length).toBe(2 * (2 ** L - 1));
      for (let layer = 0; layer < L; layer++) {
        for (let b = 0; b < 2 ** layer; b++) {
          const at = 2 * (2 ** layer - 1 + b);
          expect(kToHex(rows.subarray(at, at + 2)), `L=${L} layer=${layer} b=${b}`).toBe(kToHex(twiddleAt(L, layer, b)));
        }
      }
    }
  });

  it('twiddle t(ℓ, b) of layer ℓ is Ŵ_d evaluated at the block offset x = b·2^(d+1)', () => {
    const L = 9;
    for (let layer = 0; layer < L; layer++) {
      const d = L - 1 - layer;
      for (let b = 0; b < 2 ** layer; b += 3) {
        const w = wHatAt(Uint32Array.of(b * 2 ** (d + 1), 0), d + 1);
        expect(kToHex(twiddleAt(L, layer, b))).toBe(kToHex(w.subarray(2 * d, 2 * d + 2)));
      }
    }
  });

  it('deltas are prefix sums of the row above the diagonal', () => {
    const d = 3;
    const row = normalizedRow(d);
    const delta = twiddleDeltas(d);
    let acc = kFromHex('0');
    for (let k = 0; k < delta.length / 2; k++) {
      acc = Uint32Array.of(acc[0] ^ row[2 * k + 2], acc[1] ^ row[2 * k + 3]);
      expect(kToHex(delta.subarray(2 * k, 2 * k + 2))).toBe(kToHex(acc));
    }
  });

  it('rejects impossible sizes, layers and blocks', () => {
    expect(() => twiddleAt(64, 0, 0)).toThrow(/0 ≤ L ≤ 63/);
    expect(() => twiddleAt(4, 4, 0)).toThrow(/layer/);
    expect(() => twiddleAt(4, 2, 4)).toThrow(/blocks/);
    expect(() => wHatBasis(64, 0)).toThrow(/row index/);
  });
});
