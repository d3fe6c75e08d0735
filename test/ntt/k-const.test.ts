import { describe, expect, it } from 'vitest';
import { KConstMulByte, KConstMulDirect, KConstMulNibble, KConstMuls } from '../../src/field/k-const';
import { kMulAt } from '../../src/field/k';
import { SplitMix64 } from '../../src/util/splitmix64';

describe('multiplication by a constant (src/field/k-const.ts)', () => {
  const kinds = [KConstMulByte, KConstMulNibble, KConstMulDirect];

  it('every kind XORs t·a into out, equal to kMulAt, across rebuilds of one instance', () => {
    const rng = new SplitMix64(20);
    for (const Kind of kinds) {
      const mul = new Kind();
      for (let c = 0; c < 6; c++) {
        // Edge constants first: 0, 1, the top bit (every reduction path), then random.
        const t = [Uint32Array.of(0, 0), Uint32Array.of(1, 0), Uint32Array.of(0, 0x80000000)][c] ?? rng.words(1);
        mul.set(t[0], t[1]);
        const a = rng.words(50);
        a.set([0xffffffff, 0xffffffff], 0);
        const out = rng.words(60);
        const expected = out.slice();
        const p = new Uint32Array(2);
        for (let i = 0; i < 50; i++) {
          kMulAt(p, 0, t, 0, a, 2 * i);
          expected[20 + 2 * i] ^= p[0];
          expected[21 + 2 * i] ^= p[1];
        }
        mul.mulXorRun(out, 20, a, 0, 50);
        expect(out, `${Kind.name} constant ${c}`).toEqual(expected);
      }
    }
  });

  it('the nibble tables\' fused forward butterflies are u += t·v, v += u', () => {
    const rng = new SplitMix64(21);
    const mul = new KConstMulNibble();
    const t = rng.words(1);
    mul.set(t[0], t[1]);
    const data = rng.words(100);
    data.set([0xffffffff, 0xffffffff], 60);
    const expected = data.slice();
    // 20 butterflies from word 10, v 50 words on.
    mul.mulXorRun(expected, 10, expected, 60, 20);
    for (let i = 0; i < 40; i++) expected[60 + i] ^= expected[10 + i];
    mul.forwardButterflies(data, 10, 50, 40);
    expect(data).toEqual(expected);
  });

  it('picks tables by the number of products a constant serves', () => {
    const muls = new KConstMuls();
    expect(muls.forUses(1)).toBeInstanceOf(KConstMulDirect);
    expect(muls.forUses(64)).toBeInstanceOf(KConstMulNibble);
    expect(muls.forUses(1 << 16)).toBeInstanceOf(KConstMulByte);
    expect(muls.forUses(1 << 16)).toBe(muls.forUses(1 << 17));
  });
});
