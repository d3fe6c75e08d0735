import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kMul, kToHex } from '../../src/field/k';
import { encodeEInterleaved, encodeInterleaved, encodeStack, ShapeError, rsDecode, rsEncode, stackShape } from '../../src/ntt';
import { SplitMix64 } from '../../src/util/splitmix64';
import { vectorPath } from '../vectors';

/** shared/ sits beside the repository (here and in CI). */
const VECTORS = vectorPath('ntt');
const words = (file: string) => new Uint32Array(new Uint8Array(readFileSync(`${VECTORS}/${file}`)).buffer);
const at = (a: Uint32Array, i: number) => a.subarray(2 * i, 2 * i + 2);
const xor = (a: Uint32Array, b: Uint32Array) => Uint32Array.of(a[0] ^ b[0], a[1] ^ b[1]);

describe('Reed–Solomon encoding vectors (docs/protocol.md §4.2)', () => {
  it('κ=1, ν=1: Enc(a0, a1) = [a0, a0+a1, a0+a1·x, a0+a1·(x+1)]', () => {
    const rng = new SplitMix64(7);
    for (let trial = 0; trial < 10; trial++) {
      const g = rng.words(2);
      const [a0, a1] = [at(g, 0), at(g, 1)];
      const cw = rsEncode(g, 1);
      const expected = [a0, xor(a0, a1), xor(a0, kMul(a1, Uint32Array.of(2, 0))), xor(a0, kMul(a1, Uint32Array.of(3, 0)))];
      expect([0, 1, 2, 3].map((v) => kToHex(at(cw, v)))).toEqual(expected.map(kToHex));
    }
  });

  it('κ=2, ν=1: [1,2,3,4] → [0x1, 0x3, 0xe, 0x8, 0x63, 0x79, 0x4c, 0x52]', () => {
    const cw = rsEncode(Uint32Array.of(1, 0, 2, 0, 3, 0, 4, 0), 1);
    expect(cw).toEqual(Uint32Array.of(0x1, 0, 0x3, 0, 0xe, 0, 0x8, 0, 0x63, 0, 0x79, 0, 0x4c, 0, 0x52, 0));
  });

  it('reproduces the reference single-lane codeword (2^10 words, rate 1/2)', () => {
    const cw = rsEncode(words('ntt_msg_n10.bin'), 1);
    const expected = words('ntt_codeword_n10_rate2_single_lane.bin');
    expect(kToHex(at(cw, 0))).toBe('975835de1c9756ce');
    expect(kToHex(at(cw, 2047))).toBe('59e742be8ff61e36');
    expect(cw).toEqual(expected);
  });

  it('reproduces the reference 64-lane commit codeword (log_n = 10, rate 1/2)', () => {
    const { codeword, nLanes } = encodeStack(words('ntt_msg_n10.bin'), 10, 1);
    expect(nLanes).toBe(64);
    expect(codeword).toEqual(words('commit_codeword_n10.bin'));
  });
});

describe('encode / decode', () => {
  it('round-trips random messages at every rate 1..4 (single and interleaved lanes)', () => {
    const rng = new SplitMix64(8);
    for (let rate = 1; rate <= 4; rate++) {
      for (const [nLanes, logMsg] of [[1, 7], [1, 0], [6, 5], [64, 3]]) {
        const msg = rng.words(nLanes * 2 ** logMsg);
        const cw = encodeInterleaved(msg, nLanes, rate);
        expect(cw.length).toBe(msg.length * 2 ** rate);
        expect(rsDecode(cw, nLanes, rate), `rate ${rate} lanes ${nLanes} κ ${logMsg}`).toEqual(msg);
      }
    }
  });

  it('decode rejects a word that is not a codeword', () => {
    const cw = rsEncode(new SplitMix64(9).words(64), 2);
    cw[77] ^= 1 << 9;
    expect(() => rsDecode(cw, 1, 2)).toThrow(/not a codeword/);
  });

  it('the codeword of a message is its evaluation: a degree-0 message is constant', () => {
    const cw = rsEncode(Uint32Array.of(0xdeadbeef, 0x12345678, 0, 0, 0, 0, 0, 0), 3);
    for (let v = 0; v < 32; v++) expect(kToHex(at(cw, v))).toBe('12345678deadbeef');
  });
});

describe('committed layouts', () => {
  /** Codeword of block b of the stack q (blocks of 2^κ words, zero past q's end). */
  function blockCodeword(q: Uint32Array, b: number, logMsg: number, rate: number): Uint32Array {
    const block = new Uint32Array(2 * 2 ** logMsg);
    block.set(q.subarray(2 * b * 2 ** logMsg, 2 * (b + 1) * 2 ** logMsg));
    return rsEncode(block, rate);
  }

  it('level 0: lane t holds block nLanes−1−t, position-major, for full and partial stacks', () => {
    const rng = new SplitMix64(10);
    for (const [logN, stackWords, rate] of [[10, 1024, 1], [10, 700, 2], [12, 65, 3], [9, 512, 4]]) {
      const q = rng.words(stackWords);
      const { codeword, nLanes } = encodeStack(q, logN, rate);
      const logMsg = logN - 6;
      expect(nLanes).toBe(Math.ceil(stackWords / 2 ** logMsg));
      const positions = 2 ** (logMsg + rate);
      expect(codeword.length).toBe(2 * nLanes * positions);
      for (let t = 0; t < nLanes; t++) {
        const expected = blockCodeword(q, nLanes - 1 - t, logMsg, rate);
        for (let pos = 0; pos < positions; pos++) {
          expect(codeword[2 * (pos * nLanes + t)]).toBe(expected[2 * pos]);
          expect(codeword[2 * (pos * nLanes + t) + 1]).toBe(expected[2 * pos + 1]);
        }
      }
    }
  });

  it('deeper levels: an E table as 2^k lanes of its low index bits, each limb a K codeword', () => {
    const rng = new SplitMix64(11);
    const [n, k, rate] = [7, 3, 2];
    const f = rng.words(3 * 2 ** n); // 2^n E entries
    const cw = encodeEInterleaved(f, k, rate);
    const lanes = 2 ** k;
    const positions = 2 ** (n - k + rate);
    expect(cw.length).toBe(6 * lanes * positions);
    for (let j = 0; j < lanes; j++) {
      for (let limb = 0; limb < 3; limb++) {
        const msg = new Uint32Array(2 * 2 ** (n - k));
        for (let c = 0; c < 2 ** (n - k); c++) msg.set(f.subarray(6 * (j + lanes * c) + 2 * limb, 6 * (j + lanes * c) + 2 * limb + 2), 2 * c);
        const expected = rsEncode(msg, rate);
        for (let pos = 0; pos < positions; pos++) {
          const w = 6 * (pos * lanes + j) + 2 * limb;
          expect([cw[w], cw[w + 1]], `lane ${j} limb ${limb} pos ${pos}`).toEqual([expected[2 * pos], expected[2 * pos + 1]]);
        }
      }
    }
  });

  it('stackShape: only the blocks holding data become lanes', () => {
    expect(stackShape(2 ** 21, 21, 1)).toEqual({ logMsg: 15, logSize: 16, nLanes: 64 });
    expect(stackShape(2 ** 15 * 37 + 1, 21, 2)).toEqual({ logMsg: 15, logSize: 17, nLanes: 38 });
    expect(stackShape(1, 6, 4)).toEqual({ logMsg: 0, logSize: 4, nLanes: 1 });
  });

  it('rejects bad shapes and rates', () => {
    expect(() => rsEncode(new Uint32Array(6), 1)).toThrow(ShapeError);
    expect(() => rsEncode(new Uint32Array(8), -1)).toThrow(/inverse rate/);
    expect(() => rsEncode(new Uint32Array(8), 62)).toThrow(/inverse rate/);
    expect(() => encodeStack(new Uint32Array(2048 + 2), 10, 1)).toThrow(/1 to 2\^10/);
    expect(() => encodeStack(new Uint32Array(0), 10, 1)).toThrow(/1 to 2\^10/);
    expect(() => encodeStack(new Uint32Array(64), 5, 1)).toThrow(/logN/);
    expect(() => encodeEInterleaved(new Uint32Array(24), 3, 1)).toThrow(/lanes/);
    expect(() => rsDecode(new Uint32Array(16), 1, 4)).toThrow(/inverse rate/);
  });
});
