import { _compress, blake2s as nobleBlake2s } from '@noble/hashes/blake2.js';
import { describe, expect, it } from 'vitest';
import {
  IV, PARAM_IV, blake2s, blake2sKeyed, blake2sWords, blake2sWordsAfterInto, blake2sWordsInto, bytesToWords, compress,
  compress2to1, compressBlockInto, compressInto, keyedState, wordsToBytes,
} from '../../src/hash/blake2s';
import { randomBytes, randomWords, xorshift32 } from './prng';

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const ascii = (s: string): Uint8Array => new TextEncoder().encode(s);

// RFC 7693 §2.7 message schedule, written out independently of src/ to drive noble's
// round core (which takes the schedule as an argument) as an oracle for raw compress.
const RFC_SIGMA = Uint8Array.from([
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
].flat());

function oracleCompress(h: Uint32Array, m: Uint32Array, tLo: number, tHi: number, f0: number, f1: number): Uint32Array {
  const v = _compress(RFC_SIGMA, 0, m, 10, h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7],
    IV[0], IV[1], IV[2], IV[3], IV[4] ^ tLo, IV[5] ^ tHi, IV[6] ^ f0, IV[7] ^ f1);
  const w = [v.v0, v.v1, v.v2, v.v3, v.v4, v.v5, v.v6, v.v7, v.v8, v.v9, v.v10, v.v11, v.v12, v.v13, v.v14, v.v15];
  return Uint32Array.from(h.subarray(0, 8), (x, i) => x ^ w[i] ^ w[i + 8]);
}

describe('BLAKE2s-256 vectors (RFC 7693, docs/protocol.md §2)', () => {
  it.each([
    ['', '69217a3079908094e11121d042354a7c1f55b6482ca1a51e1b250dfd1ed0eef9'],
    ['abc', '508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982'],
    ['a'.repeat(64), '651d2f5f20952eacaea2fba2f2af2bcd633e511ea2d2e4c9ae2ac0d9ffb7b252'],
    ['a'.repeat(65), '045f8ae18932119bd051ac7ba5c73db59892055fad5c32f82d79a6543d92a497'],
  ])('blake2s(%j)', (msg, digest) => {
    expect(hex(blake2s(ascii(msg)))).toBe(digest);
  });

  it('blake2s(64 zero bytes), the Flock padding instance', () => {
    expect(hex(blake2s(new Uint8Array(64)))).toBe('ae09db7cd54f42b490ef09b6bc541af688e4959bb8c53f359a6f56e38ab454a3');
  });

  it('PARAM_IV is IV with the digest-32/fanout-1/depth-1 parameter word', () => {
    expect(PARAM_IV[0]).toBe(0x6b08e647);
    expect(Array.from(PARAM_IV.subarray(1))).toEqual(Array.from(IV.subarray(1)));
  });
});

describe('BLAKE2s against @noble/hashes', () => {
  it('equals noble on random inputs of every length 0..1024', () => {
    const next = xorshift32(0x2545f491);
    for (let n = 0; n <= 1024; n++) {
      const msg = randomBytes(next, n);
      expect(hex(blake2s(msg)), `length ${n}`).toBe(hex(nobleBlake2s(msg)));
    }
  });

  it('keyed: equals noble\'s keyed BLAKE2s for keys of 1, 16 and 32 bytes and messages of 0..200 bytes', () => {
    const next = xorshift32(0x6b657921);
    for (const keyLen of [1, 16, 32]) {
      const key = randomBytes(next, keyLen);
      for (let n = 0; n <= 200; n++) {
        const msg = randomBytes(next, n);
        expect(hex(blake2sKeyed(key, msg)), `key ${keyLen}, length ${n}`).toBe(hex(nobleBlake2s(msg, { key })));
      }
    }
  });

  it('keyed: keyedState continued by blake2sWordsAfterInto is the keyed hash (the XMSS PRF path)', () => {
    const key = Uint8Array.from({ length: 32 }, (_, i) => 0x10 + i);
    const words = Uint32Array.of(1000, 7, 0, 3, 0); // 20 bytes: u32 ‖ u64 ‖ u64
    const out = new Uint32Array(8);
    blake2sWordsAfterInto(out, 0, keyedState(key), 1, words, 0, 5);
    expect(hex(wordsToBytes(out))).toBe(hex(nobleBlake2s(wordsToBytes(words), { key })));
  });

  it('keyed: a key of 0 or 33 bytes is a RangeError', () => {
    expect(() => blake2sKeyed(new Uint8Array(0), new Uint8Array(1))).toThrow(RangeError);
    expect(() => keyedState(new Uint8Array(33))).toThrow(RangeError);
  });

  it('hashes LE words like their bytes, at any offset, into any output slot', () => {
    const next = xorshift32(7);
    for (let count = 0; count <= 80; count++) {
      const offset = next() % 5;
      const words = randomWords(next, offset + count + 3);
      const msgWords = words.subarray(offset, offset + count);
      const expected = hex(nobleBlake2s(wordsToBytes(msgWords)));
      expect(hex(wordsToBytes(blake2sWords(words, offset, count)))).toBe(expected);
      const out = randomWords(next, 20);
      const before = out.slice();
      blake2sWordsInto(out, 5, words, offset, count);
      expect(hex(wordsToBytes(out.subarray(5, 13)))).toBe(expected);
      expect(Array.from(out.subarray(0, 5))).toEqual(Array.from(before.subarray(0, 5)));
      expect(Array.from(out.subarray(13))).toEqual(Array.from(before.subarray(13)));
    }
  });

  it('raw compress equals the RFC round core for random h, m, counters and both flags', () => {
    const next = xorshift32(99);
    for (let i = 0; i < 300; i++) {
      const h = randomWords(next, 8);
      const m = randomWords(next, 16);
      const tLo = next(), tHi = i % 3 === 0 ? 0 : next();
      const f0 = i & 1 ? 0xffffffff : 0, f1 = i & 2 ? 0xffffffff : 0;
      expect(Array.from(compress(h, m, tLo, tHi, f0, f1))).toEqual(Array.from(oracleCompress(h, m, tLo, tHi, f0, f1)));
    }
  });

  it('refuses a word range outside the array', () => {
    expect(() => blake2sWords(new Uint32Array(4), 2, 3)).toThrow(RangeError);
    expect(() => blake2sWords(new Uint32Array(4), -1, 2)).toThrow(RangeError);
  });
});

describe('compressInto', () => {
  it('reads and writes at offsets, and may overwrite its own h or m', () => {
    const next = xorshift32(3);
    for (let i = 0; i < 50; i++) {
      const buf = randomWords(next, 64);
      const h = buf.slice(3, 11), m = buf.slice(20, 36);
      const f0 = i & 1 ? 0xffffffff : 0;
      const expected = Array.from(compress(h, m, 64 * i, 0, f0));
      const a = buf.slice();
      compressInto(a, 40, a, 3, a, 20, 64 * i, 0, f0);
      expect(Array.from(a.subarray(40, 48))).toEqual(expected);
      const b = buf.slice();
      compressInto(b, 3, b, 3, b, 20, 64 * i, 0, f0); // out = h
      expect(Array.from(b.subarray(3, 11))).toEqual(expected);
      const c = buf.slice();
      compressInto(c, 20, c, 3, c, 20, 64 * i, 0, f0); // out overlaps m
      expect(Array.from(c.subarray(20, 28))).toEqual(expected);
    }
  });
});

describe('two-to-one compression', () => {
  it('compress2to1(a, b) = blake2s(a ‖ b) and compressBlockInto agrees', () => {
    const next = xorshift32(11);
    for (let i = 0; i < 200; i++) {
      const a = randomWords(next, 8), b = randomWords(next, 8);
      const ab = new Uint32Array(16);
      ab.set(a);
      ab.set(b, 8);
      const expected = hex(nobleBlake2s(wordsToBytes(ab)));
      expect(hex(wordsToBytes(compress2to1(a, b)))).toBe(expected);
      const out = new Uint32Array(8);
      compressBlockInto(out, 0, ab, 0);
      expect(hex(wordsToBytes(out))).toBe(expected);
    }
  });

  it('Merkle vectors of docs/protocol.md §5: leaf of 64 zero K words, node of two such leaves', () => {
    const leaf = blake2sWords(new Uint32Array(128));
    expect(hex(wordsToBytes(leaf))).toBe('b496b97e5bd927f4e546e22a72caccf744d857d63f5c27880592e57bf5fe9edc');
    expect(hex(wordsToBytes(compress2to1(leaf, leaf)))).toBe('c91780775953b8917bc160f4724a2acda5ca94123bc41f102ae81d2399840364');
  });
});

describe('byte/word conversion', () => {
  it('bytesToWords zero-pads the last word and wordsToBytes inverts it', () => {
    const next = xorshift32(5);
    for (let n = 0; n < 40; n++) {
      const bytes = randomBytes(next, n);
      const words = bytesToWords(bytes);
      expect(words.length).toBe(Math.ceil(n / 4));
      const back = wordsToBytes(words);
      expect(hex(back.subarray(0, n))).toBe(hex(bytes));
      expect(back.subarray(n).every((x) => x === 0)).toBe(true);
    }
  });
});
