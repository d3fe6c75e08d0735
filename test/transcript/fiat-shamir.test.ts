import { describe, expect, it } from 'vitest';
import { wordsToBytes } from '../../src/hash/blake2s';
import {
  FiatShamir, TAG_BYTE, TAG_LEN, TAG_POW_BASE, TAG_POW_NONCE, TAG_SCALAR, TAG_SQUEEZE, TRANSCRIPT_DOMAIN,
  powOk, smallestNonce,
} from '../../src/transcript';
import { randomBytes, randomWords, xorshift32 } from '../hash/prng';
import { eHex, eLimbs, hex, oracleStep, u64Hex, wordsHex } from './helpers';

const LABEL = 'flock-blake2s-batch';
const cvWords = (fs: FiatShamir): string[] => [0, 1, 2, 3].map((i) => u64Hex(fs.cv, i));
const e = (c0: number, c1: number, c2: number): Uint32Array => Uint32Array.of(c0, 0, c1, 0, c2, 0);

describe('docs/protocol.md §3.4 vectors', () => {
  it('init("flock-blake2s-batch", []) and its first sample', () => {
    const fs = FiatShamir.init(LABEL);
    expect(cvWords(fs)).toEqual(['3ff97f061b9d954a', 'c9b2675f4a7531f0', '181140037fbc9b5f', '20b68d42d68b957c']);
    expect(eHex(fs.sample())).toBe('d961ecd3c381bdb4,47b4f1c964496980,164a55fa6dc0f02f');
  });

  it('observe(E(1,2,3)), then sample, and sample_queries(2^16, 12) from the same state', () => {
    const fs = FiatShamir.init(LABEL);
    fs.observe(e(1, 2, 3));
    expect(cvWords(fs)).toEqual(['e3b059c9a1b581c9', 'e14b5b72fdc9be0e', '97165739f0cae1e4', 'a86e76009135dfd8']);
    const fork = fs.clone();
    expect(eHex(fs.sample())).toBe('979466b0c3060900,7d5d3d29d8b170b0,53a21207f1205cca');
    expect(fork.sampleQueries(16, 12)).toEqual([2304, 49926, 26288, 38804, 28848, 55473, 15657, 32093, 23754, 61728, 4615, 21410]);
    // One squeeze gave all twelve, so both forks stand at the same state.
    expect(wordsHex(fork.cv)).toBe(wordsHex(fs.cv));
  });

  it('smallest nonces: 50 for 8 bits, 35513 for 17 bits; the state after grind(17)', () => {
    const base = FiatShamir.init(LABEL).powBase();
    expect(smallestNonce(base, 8)).toEqual([50, 0]);
    expect(smallestNonce(base, 17)).toEqual([35513, 0]);
    const fs = FiatShamir.init(LABEL);
    expect(Array.from(fs.grind(17))).toEqual([35513, 0, 0, 0, 0, 0]);
    expect(cvWords(fs)).toEqual(['66dc9b301f696422', 'd1710fae659cc99f', 'f2762b79c82b9aa4', 'abe2dfb58b27ec2d']);
  });

  it('init absorbs the domain then the label (trace header values)', () => {
    const fs = new FiatShamir();
    const enc = new TextEncoder();
    fs.absorbBytes(enc.encode(TRANSCRIPT_DOMAIN));
    expect(wordsHex(fs.cv)).toBe('033e9900df217022f35de379b7d091a425986613330a3777eb76542a53537fe1');
    fs.absorbBytes(enc.encode(LABEL));
    expect(wordsHex(fs.cv)).toBe('4a959d1b067ff93ff031754a5f67b2c95f9bbc7f034011187c958bd6428db620');
  });
});

describe('every chain step against the byte-level definition (noble BLAKE2s of cv ‖ block)', () => {
  const next = xorshift32(0xfeed);
  const cvBytes = (fs: FiatShamir): Uint8Array => wordsToBytes(fs.cv);

  it('absorbBytes frames the length and zero-pads 24-byte chunks, for lengths 0..80', () => {
    for (let n = 0; n <= 80; n++) {
      const bytes = randomBytes(next, n);
      const fs = FiatShamir.init('t');
      let expected = oracleStep(cvBytes(fs), [BigInt(n), 0n, 0n, BigInt(TAG_LEN)]);
      for (let s = 0; s < n; s += 24) {
        const chunk = new Uint8Array(24);
        chunk.set(bytes.subarray(s, s + 24));
        const v = new DataView(chunk.buffer);
        const w = [0, 8, 16].map((o) => v.getBigUint64(o, true));
        expected = oracleStep(expected, [...w, BigInt(TAG_BYTE)]);
      }
      fs.absorbBytes(bytes);
      expect(hex(cvBytes(fs)), `length ${n}`).toBe(hex(expected));
    }
  });

  it('observe, sample, powBase and bindNonce', () => {
    for (let i = 0; i < 50; i++) {
      const fs = FiatShamir.init('t', [randomWords(next, 6)]);
      const x = randomWords(next, 6);
      const before = cvBytes(fs);
      fs.observe(x);
      const observed = oracleStep(before, [...eLimbs(x), BigInt(TAG_SCALAR)]);
      expect(hex(cvBytes(fs))).toBe(hex(observed));

      const base = fs.powBase();
      expect(hex(wordsToBytes(base))).toBe(hex(oracleStep(observed, [0n, 0n, 0n, BigInt(TAG_POW_BASE)])));
      expect(hex(cvBytes(fs))).toBe(hex(observed)); // the base leaves cv alone

      const challenge = fs.sample();
      const squeezed = oracleStep(observed, [0n, 0n, 0n, BigInt(TAG_SQUEEZE)]);
      expect(hex(cvBytes(fs))).toBe(hex(squeezed));
      expect(hex(wordsToBytes(challenge))).toBe(hex(squeezed.subarray(0, 24)));

      const nonce = randomWords(next, 6);
      fs.bindNonce(nonce);
      expect(hex(cvBytes(fs))).toBe(hex(oracleStep(squeezed, [...eLimbs(nonce), BigInt(TAG_POW_NONCE)])));
    }
  });

  it('init observes the statement scalars in order after the label', () => {
    const s = [randomWords(next, 6), randomWords(next, 6)];
    const a = FiatShamir.init('lbl', s);
    const b = FiatShamir.init('lbl');
    b.observe(s[0]);
    b.observe(s[1]);
    expect(wordsHex(a.cv)).toBe(wordsHex(b.cv));
    const c = FiatShamir.init('lbl', [s[1], s[0]]);
    expect(wordsHex(c.cv)).not.toBe(wordsHex(a.cv));
    expect(wordsHex(FiatShamir.init(new TextEncoder().encode('lbl'), s).cv)).toBe(wordsHex(a.cv));
  });

  it('sampleVec(n) is n samples, packed', () => {
    const a = FiatShamir.init('v'), b = a.clone();
    const vec = a.sampleVec(5);
    for (let i = 0; i < 5; i++) expect(eHex(vec, 6 * i)).toBe(eHex(b.sample()));
    expect(wordsHex(a.cv)).toBe(wordsHex(b.cv));
  });
});

describe('query sampling (§3.4) against a BigInt oracle', () => {
  function oracleQueries(fs: FiatShamir, d: number, count: number): number[] {
    const per = Math.floor(192 / d);
    const out: number[] = [];
    while (out.length < count) {
      const [c0, c1, c2] = eLimbs(fs.sample());
      const v = c0 | (c1 << 64n) | (c2 << 128n);
      for (let j = 0; j < per && out.length < count; j++) out.push(Number((v >> BigInt(j * d)) & ((1n << BigInt(d)) - 1n)));
    }
    return out;
  }

  it('every d in 1..32, counts that end inside, at and past a squeeze', () => {
    for (let d = 1; d <= 32; d++) {
      const per = Math.floor(192 / d);
      for (const count of [0, 1, per - 1, per, per + 1, 3 * per + 2]) {
        if (count < 0) continue;
        const a = FiatShamir.init(`q${d}`), b = a.clone();
        expect(a.sampleQueries(d, count), `d=${d} count=${count}`).toEqual(oracleQueries(b, d, count));
        expect(wordsHex(a.cv)).toBe(wordsHex(b.cv)); // same number of squeezes
      }
    }
  });

  it('rejects a block length outside 2^1..2^32', () => {
    const fs = FiatShamir.init('q');
    expect(() => fs.sampleQueries(0, 4)).toThrow(RangeError);
    expect(() => fs.sampleQueries(33, 4)).toThrow(RangeError);
  });
});

describe('grinding', () => {
  it('grind returns the smallest passing nonce: every smaller one fails', () => {
    for (const label of ['g1', 'g2', 'g3']) {
      const fs = FiatShamir.init(label);
      const base = fs.powBase();
      const [n] = smallestNonce(base, 10);
      expect(powOk(base, Uint32Array.of(n, 0, 0, 0, 0, 0), 10)).toBe(true);
      for (let k = 0; k < n; k++) expect(powOk(base, Uint32Array.of(k, 0, 0, 0, 0, 0), 10)).toBe(false);
      const nonce = fs.grind(10);
      expect(nonce[0]).toBe(n);
    }
  });

  it('bits = 0 grinds nonce 0, and the verifier accepts only nonce 0 there', () => {
    const fs = FiatShamir.init('z');
    const v = fs.clone();
    expect(Array.from(fs.grind(0))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(v.verifyPow(new Uint32Array(6), 0)).toBe(true);
    expect(wordsHex(v.cv)).toBe(wordsHex(fs.cv));
    expect(FiatShamir.init('z').verifyPow(Uint32Array.of(0, 0, 1, 0, 0, 0), 0)).toBe(false);
  });

  it('the verifier accepts any E nonce that passes, binds it, and rejects one that fails', () => {
    const fs = FiatShamir.init('full');
    const base = fs.powBase();
    let lo = 0;
    while (!powOk(base, Uint32Array.of(lo, 0, 1, 0, 2, 0), 8)) lo++;
    const nonce = Uint32Array.of(lo, 0, 1, 0, 2, 0);
    const expected = fs.clone();
    expected.bindNonce(nonce);
    expect(fs.verifyPow(nonce, 8)).toBe(true);
    expect(wordsHex(fs.cv)).toBe(wordsHex(expected.cv));

    const g = FiatShamir.init(LABEL);
    expect(g.clone().verifyPow(Uint32Array.of(35513, 0, 0, 0, 0, 0), 17)).toBe(true);
    expect(g.clone().verifyPow(Uint32Array.of(35512, 0, 0, 0, 0, 0), 17)).toBe(false);
    expect(g.clone().verifyPow(Uint32Array.of(35513, 0, 0, 0, 0, 0), 63)).toBe(false);
  });

  it('rejects bits outside [0, 63]', () => {
    const base = FiatShamir.init('b').powBase();
    expect(() => smallestNonce(base, 64)).toThrow(RangeError);
    expect(() => powOk(base, new Uint32Array(6), -1)).toThrow(RangeError);
    expect(() => smallestNonce(base, 1.5)).toThrow(RangeError);
  });
});
