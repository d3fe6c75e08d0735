import { describe, expect, it } from 'vitest';
import { ShapeError, eAdd, eBatchInv, eEq, eFrobPow, eFrobenius, eFromBytes, eFromK, eFromLimbs, eInv, eIsZero, eLimb, eMul, eMulArrays, eMulAt, eMulK, eOne, ePow, eSquare, eToBytes, eZero, kFromHex, kInv, kMul, kToHex, type E } from '../../src/field';
import { eMulOracle, fromE, splitMix64, toE, toK } from './oracle';

const eHex = (a: E) => [0, 1, 2].map((i) => kToHex(eLimb(a, i)));
const fromHex = (c0: string, c1: string, c2: string) => eFromLimbs(kFromHex(c0), kFromHex(c1), kFromHex(c2));

function randomEs(seed: bigint, n: number): E[] {
  const next = splitMix64(seed);
  return Array.from({ length: n }, () => toE([next(), next(), next()]));
}

function pack(xs: E[]): Uint32Array {
  const out = new Uint32Array(6 * xs.length);
  xs.forEach((x, i) => out.set(x, 6 * i));
  return out;
}

const at = (arr: Uint32Array, i: number) => arr.subarray(6 * i, 6 * i + 6);

describe('E vectors', () => {
  const a = fromHex('950e87d7f5606615', '2c61275c9e6b6cf8', '1f00bca0042db923');
  const b = fromHex('6dbca290a9eab706', '4c10a4fe30cffdda', 'f26fff4cc4fd394d');

  it('matches the docs/protocol.md §1.2 product and square', () => {
    expect(eHex(eMul(a, b))).toEqual(['888a0fc35abaf5f6', '68a84cbc132b0649', '9fdeaf613003cabe']);
    expect(eHex(eSquare(a))).toEqual(['8fba131ad5d46b8c', '1c170457f537a805', '3632cc098ca15135']);
  });

  it('satisfies y^3 = y + 1 and y^4 = y^2 + y', () => {
    const y = fromHex('0', '1', '0');
    expect(eHex(eMul(eMul(y, y), y))).toEqual(['0000000000000001', '0000000000000001', '0000000000000000']);
    expect(eHex(ePow(y, 4))).toEqual(['0000000000000000', '0000000000000001', '0000000000000001']);
  });
});

describe('E against a BigInt schoolbook oracle', () => {
  it('multiplies 2000 random pairs and squares exactly', () => {
    const xs = randomEs(11n, 4000);
    for (let i = 0; i < xs.length; i += 2) {
      const [a, b] = [fromE(xs[i]), fromE(xs[i + 1])];
      expect(fromE(eMul(xs[i], xs[i + 1]))).toEqual(eMulOracle(a, b));
      expect(fromE(eSquare(xs[i]))).toEqual(eMulOracle(a, a));
    }
  });

  it('multiplies sparse limbs exactly', () => {
    const vals = [0n, 1n, 1n << 63n, (1n << 64n) - 1n];
    const es = vals.flatMap((u) => vals.flatMap((v) => vals.map((w) => [u, v, w])));
    for (const a of es) for (const b of es.slice(0, 16)) expect(fromE(eMul(toE(a), toE(b)))).toEqual(eMulOracle(a, b));
  });
});

describe('E field axioms on random elements', () => {
  const xs = randomEs(12n, 1500);
  const triples = Array.from({ length: 500 }, (_, i) => [xs[3 * i], xs[3 * i + 1], xs[3 * i + 2]] as const);

  it('is a commutative ring with identities', () => {
    for (const [a, b, c] of triples) {
      expect(eEq(eMul(a, b), eMul(b, a))).toBe(true);
      expect(eEq(eMul(eMul(a, b), c), eMul(a, eMul(b, c)))).toBe(true);
      expect(eEq(eMul(a, eAdd(b, c)), eAdd(eMul(a, b), eMul(a, c)))).toBe(true);
      expect(eEq(eMul(a, eOne()), a)).toBe(true);
      expect(eIsZero(eMul(a, eZero()))).toBe(true);
      expect(eIsZero(eAdd(a, a))).toBe(true);
    }
  });

  it('inverts: a·inv(a) = 1, inv(0) = 0, and inv agrees with a^(2^192 - 2) built from Frobenius powers', () => {
    for (const a of xs.slice(0, 300)) {
      expect(eEq(eMul(a, eInv(a)), eOne())).toBe(true);
      expect(eEq(eInv(eInv(a)), a)).toBe(true);
    }
    expect(eIsZero(eInv(eZero()))).toBe(true);
    // a^(2^192 - 2) = Π_{k=1..191} a^(2^k), independently of the norm route.
    for (const a of xs.slice(0, 3)) {
      let p = eOne();
      for (let k = 1; k < 192; k++) p = eMul(p, eFrobPow(a, k));
      expect(eEq(p, eInv(a))).toBe(true);
    }
  });

  it('mixes with K limbwise: eMulK(a, k) = a·(k, 0, 0)', () => {
    for (const [a, b] of triples) {
      const k = eLimb(b, 1);
      expect(eEq(eMulK(a, k), eMul(a, eFromK(k)))).toBe(true);
    }
    // K ⊂ E is a subfield: products and inverses of embedded elements stay embedded.
    for (const [a, b] of triples.slice(0, 100)) {
      const [s, t] = [eLimb(a, 0), eLimb(b, 0)];
      expect(eEq(eMul(eFromK(s), eFromK(t)), eFromK(kMul(s, t)))).toBe(true);
      expect(eEq(eInv(eFromK(s)), eFromK(kInv(s)))).toBe(true);
    }
  });

  it('squares as self-multiplication and powers consistently', () => {
    const next = splitMix64(13n);
    for (const a of xs.slice(0, 100)) {
      expect(eEq(eSquare(a), eMul(a, a))).toBe(true);
      const m = Number(next() >> 12n);
      const n = Number(next() >> 12n);
      expect(eEq(ePow(a, m + n), eMul(ePow(a, m), ePow(a, n)))).toBe(true);
      expect(eEq(ePow(a, 0), eOne())).toBe(true);
      expect(eEq(ePow(a, 1), a)).toBe(true);
      const k = Number(next() % 53n);
      expect(eEq(ePow(a, 2 ** k), eFrobPow(a, k))).toBe(true);
    }
  });

  it('has Frobenius a^(2^64) = (c0, c2, c1 + c2), a ring automorphism of order 3 fixing K', () => {
    for (const [a, b] of triples.slice(0, 100)) {
      let s = a;
      for (let i = 0; i < 64; i++) s = eSquare(s);
      const [c0, c1, c2] = fromE(a);
      expect(fromE(s)).toEqual([c0, c2, c1 ^ c2]);
      expect(eEq(eFrobenius(a), s)).toBe(true);
      expect(eEq(eFrobPow(a, 64), s)).toBe(true);
      expect(eEq(eFrobenius(eFrobenius(eFrobenius(a))), a)).toBe(true);
      expect(eEq(eFrobPow(a, 192), a)).toBe(true);
      expect(eEq(eFrobenius(eMul(a, b)), eMul(eFrobenius(a), eFrobenius(b)))).toBe(true);
      expect(eEq(eFrobPow(eFrobPow(a, 37), 100), eFrobPow(a, 137))).toBe(true);
      expect(eEq(eFrobPow(a, 0), a)).toBe(true);
      const k = eFromK(eLimb(b, 2));
      expect(eEq(eFrobenius(k), k)).toBe(true);
    }
  });
});

describe('E packed forms', () => {
  it('eMulArrays equals scalar products, also in place', () => {
    const n = 500;
    const xs = randomEs(14n, 2 * n);
    const a = pack(xs.slice(0, n));
    const b = pack(xs.slice(n));
    const out = new Uint32Array(6 * n);
    eMulArrays(a, b, out);
    for (let i = 0; i < n; i++) expect(eEq(at(out, i), eMul(xs[i], xs[n + i]))).toBe(true);
    eMulArrays(a, b, b);
    expect(b).toEqual(out);
    expect(() => eMulArrays(a, b, new Uint32Array(6))).toThrow(ShapeError);
  });

  it('eMulAt reads offsets and tolerates full aliasing', () => {
    const [x, y] = randomEs(15n, 2);
    const buf = new Uint32Array(18);
    buf.set(x, 6);
    buf.set(y, 12);
    eMulAt(buf, 0, buf, 6, buf, 12);
    expect(eEq(at(buf, 0), eMul(x, y))).toBe(true);
    eMulAt(buf, 6, buf, 6, buf, 6);
    expect(eEq(at(buf, 1), eSquare(x))).toBe(true);
  });

  it('eBatchInv equals scalar inverses and maps zeros to zero', () => {
    const xs = randomEs(16n, 200).map((x, i) => (i % 5 === 2 || i === 199 ? eZero() : x));
    const arr = pack(xs);
    const inv = eBatchInv(arr);
    xs.forEach((x, i) => expect(eEq(at(inv, i), eInv(x)), `element ${i}`).toBe(true));
    const inPlace = arr.slice();
    eBatchInv(inPlace, inPlace);
    expect(inPlace).toEqual(inv);
    expect(() => eBatchInv(new Uint32Array(7))).toThrow(ShapeError);
  });
});

describe('E bytes', () => {
  it('round-trips 24 bytes c0 ‖ c1 ‖ c2, each little-endian', () => {
    for (const a of randomEs(17n, 200)) expect(eEq(eFromBytes(eToBytes(a)), a)).toBe(true);
    const a = fromHex('0706050403020100', '0f0e0d0c0b0a0908', '1716151413121110');
    expect(Array.from(eToBytes(a))).toEqual(Array.from({ length: 24 }, (_, i) => i));
    const framed = new Uint8Array(30);
    framed.set(eToBytes(a), 5);
    expect(eEq(eFromBytes(framed, 5), a)).toBe(true);
    expect(() => eFromBytes(framed, 7)).toThrow(ShapeError);
    expect(() => eFrobPow(a, -1)).toThrow(ShapeError);
    expect(() => ePow(a, 0.5)).toThrow(ShapeError);
  });

  it('embeds K as (k, 0, 0)', () => {
    const k = toK(0x0123456789abcdefn);
    expect(fromE(eFromK(k))).toEqual([0x0123456789abcdefn, 0n, 0n]);
  });
});
