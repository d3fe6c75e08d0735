// The word-level tweakable hash and PRF against their byte-string definitions (noble BLAKE2s).
import { describe, expect, it } from 'vitest';
import { bytesToWords, wordsToBytes } from '../../src/hash/blake2s';
import { TWEAK_ENCODING, TWEAK_LEAF, TWEAK_MERKLE, TweakHasher, writeTweak } from '../../src/xmss/hash';
import { SeedPrf } from '../../src/xmss/prf';
import { randomBytes, xorshift32 } from '../hash/prng';
import { chain, prf, th, tweakBytes } from './oracle';
import { toHex } from './vectors';

const next = xorshift32(0x786d7373);
const pp = randomBytes(next, 16);
const hasher = new TweakHasher(bytesToWords(pp));
const EDGES = [0, 1, 255, 256, 0xffffff, 0x1000000, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff];

describe('XMSS tweaks and hashes', () => {
  it('writeTweak lays out [type | sub u32 | index u32 | 7 zero bytes] at u32 edge values', () => {
    const w = new Uint32Array(4);
    for (const type of [0, 1, 2, 3]) for (const sub of EDGES) for (const index of EDGES) {
      writeTweak(w, 0, type, sub, index);
      expect(toHex(wordsToBytes(w))).toBe(toHex(tweakBytes(type, sub, index)));
    }
  });

  it('a chain walk is Th(P, (0, 8i + s, epoch), x) step by step, from any start', () => {
    for (const epoch of [0, 7, 0x80000000, 0xffffffff]) for (const i of [0, 20, 21, 41]) for (const start of [0, 3, 6, 7]) {
      const x = randomBytes(next, 16), steps = 7 - start;
      const v = bytesToWords(x);
      hasher.walk(v, 0, epoch, i, start, steps);
      expect(toHex(wordsToBytes(v))).toBe(toHex(chain(pp, epoch, i, x, start, steps)));
    }
  });

  it('a leaf is Th(P, (1, 0, epoch), 672 bytes of chain ends): 704 bytes, 11 blocks', () => {
    for (const epoch of [0, 1063, 0xffffffff]) {
      const ends = randomBytes(next, 672);
      const out = new Uint32Array(4);
      hasher.leaf(bytesToWords(ends), epoch, out, 0);
      expect(toHex(wordsToBytes(out))).toBe(toHex(th(pp, TWEAK_LEAF, 0, epoch, ends)));
    }
  });

  it('a Merkle node is Th(P, (2, level, index), left ‖ right)', () => {
    for (const [level, index] of [[1, 0], [1, 0x7fffffff], [17, 12345], [32, 0]]) {
      const l = randomBytes(next, 16), r = randomBytes(next, 16);
      const out = new Uint32Array(4);
      hasher.node(level, index, bytesToWords(l), 0, bytesToWords(r), 0, out, 0);
      const both = new Uint8Array(32);
      both.set(l, 0);
      both.set(r, 16);
      expect(toHex(wordsToBytes(out))).toBe(toHex(th(pp, TWEAK_MERKLE, level, index, both)));
    }
  });

  it('the encoding digest is Th(P, (3, 0, epoch), message ‖ randomness ‖ 8 zero bytes), one shared prefix block', () => {
    const message = randomBytes(next, 32);
    const state = new Uint32Array(8);
    for (const epoch of [0, 0xffffffff]) {
      hasher.encodingPrefix(epoch, bytesToWords(message), state);
      for (let k = 0; k < 4; k++) {
        const rand = randomBytes(next, 24);
        const d = new Uint32Array(4);
        hasher.encodingDigest(state, bytesToWords(rand), 0, d);
        const payload = new Uint8Array(64);
        payload.set(message, 0);
        payload.set(rand, 32);
        expect(toHex(wordsToBytes(d))).toBe(toHex(th(pp, TWEAK_ENCODING, 0, epoch, payload)));
      }
    }
  });

  it('PRF(seed, domain, a, b) is keyed BLAKE2s of domain u32 ‖ a u64 ‖ b u64, for a and b past 2^32', () => {
    const seed = randomBytes(next, 32);
    const p = new SeedPrf(seed);
    const out = new Uint32Array(4);
    for (const [domain, a, b] of [[1000, 0, 0], [1000, 0xffffffff, 41], [1001, 0, 0], [1002, 31, 0xffffffff], [1002, 2 ** 40 + 3, 2 ** 33]]) {
      p.into(domain, a, b, out, 0);
      expect(toHex(wordsToBytes(out))).toBe(toHex(prf(seed, domain, a, b)));
    }
  });
});
