// The hash-batch statement's shape: message bytes → words, the supported sizes, the seeds.
import { describe, expect, it } from 'vitest';
import { HashBatchInputError } from '../../src/workloads/hash-batch/errors';
import { batchLog, batchSize, messagesFromBytes } from '../../src/workloads/hash-batch/batch';
import { referenceMessages, referenceSeed, seededMessages } from '../../src/workloads/hash-batch/inputs';
import { SplitMix64 } from '../../src/util/splitmix64';

describe('messagesFromBytes', () => {
  it('reads little-endian u32 words, also from an unaligned view', () => {
    const raw = new Uint8Array(new SplitMix64(3).words(2 * 64 + 1).buffer);
    const bytes = raw.subarray(1, 1 + 128 * 4);
    const want = Array.from({ length: 128 }, (_, i) => Buffer.from(bytes).readUInt32LE(4 * i));
    expect(Array.from(messagesFromBytes(bytes))).toEqual(want);
  });

  it('rejects empty inputs and lengths that are not whole 64-byte messages', () => {
    expect(() => messagesFromBytes(new Uint8Array(0))).toThrow(/empty/);
    for (const len of [1, 63, 65, 64 * 128 + 4]) {
      expect(() => messagesFromBytes(new Uint8Array(len)), `${len} bytes`).toThrow(HashBatchInputError);
      expect(() => messagesFromBytes(new Uint8Array(len))).toThrow(new RegExp(`${len} bytes`));
    }
  });
});

describe('batchLog / batchSize', () => {
  it('accepts n = 2^7 .. 2^20', () => {
    for (let k = 7; k <= 20; k++) expect(batchLog(2 ** k)).toBe(k);
    expect(batchSize(new Uint32Array(16 * 256))).toEqual({ n: 256, nLog: 8 });
  });

  it('rejects other sizes with messages that name the problem and the range', () => {
    expect(() => batchLog(100)).toThrow(/n = 100 is not a power of two \(supported: 2\^7 = 128 to 2\^20 = 1048576\)/);
    expect(() => batchLog(64)).toThrow(/n = 2\^6 is outside the supported range 2\^7 = 128 to 2\^20/);
    expect(() => batchLog(2 ** 21)).toThrow(/n = 2\^21 is outside/);
    for (const n of [0, -128, 1.5, NaN]) expect(() => batchLog(n), `n = ${n}`).toThrow(HashBatchInputError);
    expect(() => batchSize(new Uint32Array(0))).toThrow(/empty/);
    expect(() => batchSize(new Uint32Array(16 * 128 + 8))).toThrow(/not whole 64-byte messages/);
  });
});

describe('seeded messages', () => {
  it('the reference seed is 0x9E3779B97F4A7C15 ^ n', () => {
    expect(referenceSeed(8192)).toEqual({ lo: 0x7f4a5c15, hi: 0x9e3779b9 });
    expect(referenceSeed(128)).toEqual({ lo: 0x7f4a7c95, hi: 0x9e3779b9 });
  });

  it('referenceMessages(n) is seededMessages(n, referenceSeed(n)); another seed gives other messages', () => {
    expect(seededMessages(128, referenceSeed(128))).toEqual(referenceMessages(128));
    const other = seededMessages(128, { lo: 0x7f4a7c95, hi: 0x9e3779b8 });
    expect(other.length).toBe(16 * 128);
    expect(other.some((w, i) => w !== referenceMessages(128)[i])).toBe(true);
  });
});
