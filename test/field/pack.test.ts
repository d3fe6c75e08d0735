import { describe, expect, it } from 'vitest';
import { ShapeError, LOG_PACKING, kToHex, packBits, unpackBits } from '../../src/field';
import { splitMix64 } from './oracle';

describe('GF(2) packing into K words (docs/protocol.md §1.4)', () => {
  it('puts z[64y + i] at bit i of word y', () => {
    expect(1 << LOG_PACKING).toBe(64);
    const z = new Uint8Array(128);
    z[0] = 1; // word 0, bit 0
    z[35] = 1; // word 0, bit 35
    z[64 + 63] = 1; // word 1, bit 63
    const w = packBits(z);
    expect(w.length).toBe(4);
    expect(kToHex(w.subarray(0, 2))).toBe('0000000800000001');
    expect(kToHex(w.subarray(2, 4))).toBe('8000000000000000');
  });

  it('round-trips random bit vectors and matches a BigInt model', () => {
    const next = splitMix64(31n);
    const z = new Uint8Array(64 * 50);
    for (let i = 0; i < z.length; i++) z[i] = Number(next() & 1n);
    const w = packBits(z);
    expect(unpackBits(w)).toEqual(z);
    for (let y = 0; y < 50; y++) {
      let v = 0n;
      for (let i = 63; i >= 0; i--) v = (v << 1n) | BigInt(z[64 * y + i]);
      expect(kToHex(w.subarray(2 * y, 2 * y + 2))).toBe(v.toString(16).padStart(16, '0'));
    }
  });

  it('rejects partial words and non-bits', () => {
    expect(() => packBits(new Uint8Array(63))).toThrow(ShapeError);
    expect(() => packBits(new Uint8Array(64).fill(2))).toThrow(ShapeError);
    expect(() => unpackBits(new Uint32Array(3))).toThrow(ShapeError);
  });
});
