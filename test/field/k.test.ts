import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ShapeError, kAdd, kBatchInv, kEq, kFrobPow, kFromBytes, kFromHex, kFromWords, kInv, kIsZero, kMul, kMulArrays, kMulAt, kOne, kPow, kSquare, kToBytes, kToHex, kZero, type K } from '../../src/field';
import { vectorPath } from '../vectors';
import { fromK, kMulOracle, splitMix64, toK } from './oracle';

const VECTORS = vectorPath('field', 'f64_mul.txt');
const hex = (a: K) => kToHex(a);
const mul = (a: string, b: string) => hex(kMul(kFromHex(a), kFromHex(b)));

function randomKs(seed: bigint, n: number): K[] {
  const next = splitMix64(seed);
  return Array.from({ length: n }, () => toK(next()));
}

describe('K vectors', () => {
  const lines = readFileSync(VECTORS, 'utf8')
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f.length >= 3 && !f[0].startsWith('#'));

  it('has the 16 random products, 4 edge cases and the inverse line', () => {
    expect(lines.map((f) => f[0])).toEqual([
      ...Array.from({ length: 16 }, (_, i) => String(i)),
      'fixed0',
      'fixed1',
      'fixed2',
      'fixed3',
      'inv',
    ]);
  });

  it('matches every product line and the inverse line', () => {
    for (const [tag, a, b, c] of lines) {
      if (tag === 'inv') {
        expect(b).toBe('->');
        expect(hex(kInv(kFromHex(a)))).toBe(c);
        expect(hex(kMul(kFromHex(a), kFromHex(c)))).toBe('0000000000000001');
      } else {
        expect(mul(a, b), `line ${tag}`).toBe(c);
      }
    }
  });

  it('draws its random operands from SplitMix64(0x0123456789ABCDEF), as the test PRNG does', () => {
    const next = splitMix64(0x0123456789abcdefn);
    for (const [tag, a, b] of lines.slice(0, 16)) {
      expect(next().toString(16).padStart(16, '0'), `a${tag}`).toBe(a);
      expect(next().toString(16).padStart(16, '0'), `b${tag}`).toBe(b);
    }
  });

  it('matches the docs/protocol.md §1.1 vectors', () => {
    expect(mul('01090913877ed8ed', '66ab35ac2768468f')).toBe('50c4519dc383744a');
    expect(mul('a7715ae18f12a3b5', '05743059f43fa4f5')).toBe('eb64cd9cd9cda6df');
    expect(mul('bd3efb4705e79ddd', '3aff618604de4ae0')).toBe('c3d7a95fa9cb59bb');
    const x = kFromHex('2');
    expect(hex(kPow(x, 64))).toBe('000000000000001b');
    expect(hex(kInv(x))).toBe('800000000000000d');
  });
});

describe('K against a BigInt oracle', () => {
  it('multiplies 3000 random pairs exactly', () => {
    const xs = randomKs(1n, 6000);
    for (let i = 0; i < xs.length; i += 2) {
      expect(fromK(kMul(xs[i], xs[i + 1]))).toBe(kMulOracle(fromK(xs[i]), fromK(xs[i + 1])));
    }
  });

  it('multiplies sparse and extreme operands exactly', () => {
    const special = [0n, 1n, 2n, 1n << 31n, 1n << 32n, 1n << 63n, (1n << 64n) - 1n, 0xffffffffn, 0xffffffff00000000n, 0x1bn];
    for (const a of special) for (const b of special) expect(fromK(kMul(toK(a), toK(b)))).toBe(kMulOracle(a, b));
  });
});

describe('K field axioms on random elements', () => {
  const xs = randomKs(2n, 3000);
  const triples = Array.from({ length: 1000 }, (_, i) => [xs[3 * i], xs[3 * i + 1], xs[3 * i + 2]] as const);

  it('is a commutative ring with identities', () => {
    for (const [a, b, c] of triples) {
      expect(kEq(kMul(a, b), kMul(b, a))).toBe(true);
      expect(kEq(kMul(kMul(a, b), c), kMul(a, kMul(b, c)))).toBe(true);
      expect(kEq(kMul(a, kAdd(b, c)), kAdd(kMul(a, b), kMul(a, c)))).toBe(true);
      expect(kEq(kMul(a, kOne()), a)).toBe(true);
      expect(kIsZero(kMul(a, kZero()))).toBe(true);
      expect(kEq(kAdd(a, kZero()), a)).toBe(true);
      expect(kIsZero(kAdd(a, a))).toBe(true);
    }
  });

  it('inverts: a·inv(a) = 1, inv(inv(a)) = a, inv(0) = 0', () => {
    for (const a of xs.slice(0, 500)) {
      expect(hex(kMul(a, kInv(a)))).toBe('0000000000000001');
      expect(kEq(kInv(kInv(a)), a)).toBe(true);
    }
    expect(kIsZero(kInv(kZero()))).toBe(true);
    expect(kEq(kInv(kOne()), kOne())).toBe(true);
  });

  it('squares as self-multiplication', () => {
    for (const a of xs) expect(kEq(kSquare(a), kMul(a, a))).toBe(true);
  });

  it('powers consistently: a^(m+n) = a^m·a^n, a^(2^k) = kFrobPow(a, k), a^(2^64) = a', () => {
    const next = splitMix64(3n);
    for (const a of xs.slice(0, 100)) {
      const m = Number(next() >> 12n); // < 2^52, so m + n is still a safe integer
      const n = Number(next() >> 12n);
      expect(kEq(kPow(a, m + n), kMul(kPow(a, m), kPow(a, n)))).toBe(true);
      expect(kEq(kPow(a, 0), kOne())).toBe(true);
      expect(kEq(kPow(a, 1), a)).toBe(true);
      expect(kEq(kPow(a, 3), kMul(a, kSquare(a)))).toBe(true);
      const k = Number(next() % 53n);
      expect(kEq(kPow(a, 2 ** k), kFrobPow(a, k))).toBe(true);
      expect(kEq(kFrobPow(a, 64), a)).toBe(true);
      expect(kEq(kMul(kFrobPow(a, 63), kFrobPow(a, 63)), a)).toBe(true);
    }
    expect(kEq(kPow(kZero(), 0), kOne())).toBe(true);
    expect(kIsZero(kPow(kZero(), 5))).toBe(true);
  });
});

describe('K packed forms', () => {
  it('kMulArrays equals scalar products, also in place', () => {
    const n = 1000;
    const xs = randomKs(4n, 2 * n);
    const a = new Uint32Array(2 * n);
    const b = new Uint32Array(2 * n);
    xs.slice(0, n).forEach((x, i) => a.set(x, 2 * i));
    xs.slice(n).forEach((x, i) => b.set(x, 2 * i));
    const out = new Uint32Array(2 * n);
    kMulArrays(a, b, out);
    for (let i = 0; i < n; i++) expect(kEq(out.subarray(2 * i, 2 * i + 2), kMul(xs[i], xs[n + i]))).toBe(true);
    kMulArrays(a, b, a);
    expect(a).toEqual(out);
    expect(() => kMulArrays(a, b.subarray(2), out)).toThrow(ShapeError);
  });

  it('kMulAt reads offsets and tolerates aliasing', () => {
    const buf = Uint32Array.of(0, 0, 5, 0, 7, 0);
    kMulAt(buf, 0, buf, 2, buf, 4);
    expect(hex(buf.subarray(0, 2))).toBe('000000000000001b'); // (x^2+1)(x^2+x+1) = x^4+x^3+x+1
    kMulAt(buf, 2, buf, 2, buf, 2);
    expect(hex(buf.subarray(2, 4))).toBe('0000000000000011');
  });

  it('kBatchInv equals scalar inverses and maps zeros to zero', () => {
    const xs = randomKs(5n, 300);
    const arr = new Uint32Array(2 * xs.length);
    xs.forEach((x, i) => arr.set(i % 7 === 3 || i === 0 || i === xs.length - 1 ? kZero() : x, 2 * i));
    const inv = kBatchInv(arr);
    for (let i = 0; i < xs.length; i++) {
      expect(kEq(inv.subarray(2 * i, 2 * i + 2), kInv(arr.subarray(2 * i, 2 * i + 2))), `element ${i}`).toBe(true);
    }
    const inPlace = arr.slice();
    kBatchInv(inPlace, inPlace);
    expect(inPlace).toEqual(inv);
    expect(kBatchInv(new Uint32Array(0))).toEqual(new Uint32Array(0));
    expect(kBatchInv(new Uint32Array(6))).toEqual(new Uint32Array(6));
  });
});

describe('K conversions', () => {
  it('round-trips hex and little-endian bytes', () => {
    for (const a of randomKs(6n, 200)) {
      expect(kEq(kFromHex(kToHex(a)), a)).toBe(true);
      const bytes = kToBytes(a);
      expect(kEq(kFromBytes(bytes), a)).toBe(true);
      expect(fromK(a)).toBe(BigInt('0x' + kToHex(a)));
    }
    const a = kFromHex('0x0123456789abcdef');
    expect(Array.from(kToBytes(a))).toEqual([0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01]);
    expect(kEq(a, kFromWords(0x89abcdef, 0x01234567))).toBe(true);
    expect(hex(kFromHex('1B'))).toBe('000000000000001b');
    const framed = new Uint8Array(12);
    framed.set(kToBytes(a), 3);
    expect(kEq(kFromBytes(framed.subarray(1), 2), a)).toBe(true);
  });

  it('rejects malformed input with ShapeError', () => {
    for (const bad of ['', '0x', 'xyz', '12345678901234567', ' 1', '-1']) expect(() => kFromHex(bad)).toThrow(ShapeError);
    expect(() => kFromBytes(new Uint8Array(7))).toThrow(ShapeError);
    expect(() => kFromBytes(new Uint8Array(8), 1)).toThrow(ShapeError);
    expect(() => kPow(kOne(), -1)).toThrow(ShapeError);
    expect(() => kPow(kOne(), 1.5)).toThrow(ShapeError);
    expect(() => kPow(kOne(), 2 ** 53)).toThrow(ShapeError);
    expect(() => kFrobPow(kOne(), -1)).toThrow(ShapeError);
    expect(() => kBatchInv(new Uint32Array(3))).toThrow(ShapeError);
  });
});
