import { describe, expect, it } from 'vitest';
import { ShapeError, PHI, PHI_BASIS, gf8Inv, gf8Mul, kAdd, kEq, kFromHex, kMul, kOne, kPow, kToHex, kZero, phi8 } from '../../src/field';

/** Shift-and-add product modulo t^8 + t^4 + t^3 + t + 1. */
function gf8MulSlow(a: number, b: number): number {
  let r = 0;
  for (let i = 0; i < 8; i++) {
    if ((b >> i) & 1) r ^= a;
    a = (a << 1) ^ (a & 0x80 ? 0x11b : 0);
  }
  return r;
}

describe('GF(2^8)', () => {
  it('multiplies every pair like shift-and-add modulo 0x11B', () => {
    for (let a = 0; a < 256; a++) for (let b = 0; b < 256; b++) expect(gf8Mul(a, b)).toBe(gf8MulSlow(a, b));
  });

  it('matches the FIPS-197 examples', () => {
    expect(gf8Mul(0x57, 0x83)).toBe(0xc1);
    expect(gf8Mul(0x57, 0x13)).toBe(0xfe);
    expect(gf8Inv(0x53)).toBe(0xca);
  });

  it('inverts every non-zero byte, and 0 to 0', () => {
    expect(gf8Inv(0)).toBe(0);
    for (let a = 1; a < 256; a++) expect(gf8MulSlow(a, gf8Inv(a))).toBe(1);
  });

  it('rejects non-bytes', () => {
    expect(() => gf8Mul(256, 1)).toThrow(ShapeError);
    expect(() => gf8Inv(-1)).toThrow(ShapeError);
  });
});

describe('φ8: GF(2^8) → K', () => {
  const phi = (v: number) => kToHex(phi8(v));

  it('matches the docs/protocol.md §1.3 derived vectors', () => {
    expect(phi(0xf7)).toBe('501d2518e3ce5a55');
    expect(phi(0x53)).toBe('ff054c3f7cef0cca');
    expect(phi(0xb5)).toBe('155755ffb7202002');
    expect(phi(64)).toBe('467698598926dc01');
    expect(phi(127)).toBe('189be8f8f84c1b84');
    expect(phi(0xff)).toBe('5c8346787364a654');
    expect(phi(0)).toBe('0000000000000000');
    expect(phi(1)).toBe('0000000000000001');
  });

  it('stores φ8(v) at PHI[2v..2v+2)', () => {
    expect(PHI.length).toBe(512);
    for (let v = 0; v < 256; v++) expect(kEq(PHI.subarray(2 * v, 2 * v + 2), phi8(v))).toBe(true);
  });

  it('is additive and multiplicative on every pair, hence a field embedding', () => {
    for (let a = 0; a < 256; a++) {
      for (let b = 0; b < 256; b++) {
        expect(kEq(phi8(a ^ b), kAdd(phi8(a), phi8(b)))).toBe(true);
        expect(kEq(phi8(gf8MulSlow(a, b)), kMul(phi8(a), phi8(b)))).toBe(true);
      }
    }
    expect(new Set(Array.from({ length: 256 }, (_, v) => phi(v))).size).toBe(256);
  });

  it('sends t to ω, a root of the AES polynomial, and t^k to ω^k', () => {
    const w = kFromHex('033ce8beddc8a656');
    const root = [8, 4, 3, 1, 0].map((e) => kPow(w, e)).reduce(kAdd, kZero());
    expect(kEq(root, kZero())).toBe(true);
    PHI_BASIS.forEach((basis, k) => expect(kEq(basis, kPow(w, k))).toBe(true));
    expect(kEq(PHI_BASIS[0], kOne())).toBe(true);
  });

  it('rejects non-bytes', () => {
    expect(() => phi8(256)).toThrow(ShapeError);
    expect(() => phi8(1.5)).toThrow(ShapeError);
  });
});
