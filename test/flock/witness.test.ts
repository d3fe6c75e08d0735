// The circuit layout and the word-level witness (docs/protocol.md §9.1–§9.2).
import { blake2s as nobleBlake2s } from '@noble/hashes/blake2.js';
import { describe, expect, it } from 'vitest';
import { compress, PARAM_IV, wordsToBytes } from '../../src/hash/blake2s';
import { paddingCompression, pinnedCompressions } from '../../src/kernels/flock/compression';
import { ShapeError } from '../../src/util/errors';
import { BLOCK_U32, CONST_POS, GS_BASE, G_STRIDE, M_BASE, OUT_BASE, USEFUL_BITS, minNBlocksLog, qflockVars } from '../../src/kernels/flock/layout';
import { generateWitness } from '../../src/kernels/flock/witness';
import { referenceMessages } from '../../src/workloads/hash-batch/inputs';
import { bitAt, randomCompression, xorshift32 } from './helpers';

const kWord = (col: Uint32Array, y: number): string =>
  col[2 * y + 1].toString(16).padStart(8, '0') + col[2 * y].toString(16).padStart(8, '0');

const outputWords = (col: Uint32Array, block: number): Uint32Array =>
  col.slice(block * BLOCK_U32 + OUT_BASE / 32, block * BLOCK_U32 + OUT_BASE / 32 + 8);

describe('layout', () => {
  it('places the 80 G blocks after the inputs and leaves empty rows up to 2^14', () => {
    expect(M_BASE).toBe(640);
    expect(GS_BASE).toBe(1280);
    expect(G_STRIDE).toBe(184);
    expect(USEFUL_BITS).toBe(16000);
  });

  it('min_n_blocks_log rounds up to a power of two, at least 8 blocks', () => {
    expect([1, 5, 8, 9, 16, 17, 100, 128, 8192].map(minNBlocksLog)).toEqual([3, 3, 3, 4, 4, 5, 7, 7, 13]);
    expect(qflockVars(13)).toBe(21);
    expect(() => minNBlocksLog(0)).toThrow(ShapeError);
  });
});

describe('generateWitness', () => {
  const messages = referenceMessages(8192).subarray(0, 16 * 8);
  const w = generateWitness(pinnedCompressions(messages), 3);

  it('matches the §9.2 vectors for the first reference message', () => {
    let pop = 0;
    for (let i = 0; i < BLOCK_U32; i++) for (let x = w.z[i]; x !== 0; x &= x - 1) pop++;
    expect(pop).toBe(4557);
    expect([0, 1, 2, 3].map((y) => kWord(w.z, y))).toEqual([
      'bb67ae856b08e647', 'a54ff53a3c6ef372', '9b05688c510e527f', '5be0cd191f83d9ab',
    ]);
    expect(kWord(w.z, 8)).toBe('0000000000000001');
    expect(kWord(w.z, 18)).toBe('0000000000000040');
    expect(kWord(w.z, 19)).toBe('00000000ffffffff');
  });

  it('satisfies a ∧ b = z on every row, and writes nothing past the useful rows', () => {
    expect(w.z.every((zi, i) => ((w.a[i] & w.b[i]) >>> 0) === zi)).toBe(true);
    for (let t = 0; t < 8; t++) {
      for (let j = USEFUL_BITS; j < 16384; j++) expect(bitAt(w.a, 16384 * t + j) | bitAt(w.b, 16384 * t + j)).toBe(0);
      for (let j = CONST_POS + 1; j < M_BASE; j++) expect(bitAt(w.a, 16384 * t + j) | bitAt(w.b, 16384 * t + j)).toBe(0);
      expect(bitAt(w.z, 16384 * t + CONST_POS)).toBe(1);
    }
  });

  it('puts the BLAKE2s-256 digest of each message in its output rows', () => {
    for (let t = 0; t < 8; t++) {
      const digest = nobleBlake2s(wordsToBytes(messages.subarray(16 * t, 16 * t + 16)));
      expect(Buffer.from(wordsToBytes(outputWords(w.z, t))).equals(Buffer.from(digest))).toBe(true);
    }
  });

  it('encodes general compressions (any h, counter and flags)', () => {
    const next = xorshift32(0x5eed);
    const cs = Array.from({ length: 6 }, () => randomCompression(next));
    const g = generateWitness(cs, 3);
    cs.forEach((c, t) => {
      expect(outputWords(g.z, t)).toEqual(compress(c.h, c.m, c.tLo, c.tHi, c.f0, c.f1));
      expect(g.z.slice(t * BLOCK_U32, t * BLOCK_U32 + 8)).toEqual(c.h);
    });
    expect(g.z.every((zi, i) => ((g.a[i] & g.b[i]) >>> 0) === zi)).toBe(true);
  });

  it('fills unused slots with the padding instance (blake2s of 64 zero bytes), never zeros', () => {
    const g = generateWitness(pinnedCompressions(messages.subarray(0, 16 * 5)), 3);
    const pad = generateWitness([paddingCompression()], 3);
    const zeroDigest = nobleBlake2s(new Uint8Array(64));
    expect(g.live).toBe(5);
    for (let t = 5; t < 8; t++) {
      expect(g.z.subarray(t * BLOCK_U32, (t + 1) * BLOCK_U32)).toEqual(pad.z.subarray(0, BLOCK_U32));
      expect(g.a.subarray(t * BLOCK_U32, (t + 1) * BLOCK_U32)).toEqual(pad.a.subarray(0, BLOCK_U32));
      expect(Buffer.from(wordsToBytes(outputWords(g.z, t))).equals(Buffer.from(zeroDigest))).toBe(true);
    }
    expect(g.z.subarray(0, 5 * BLOCK_U32)).toEqual(w.z.subarray(0, 5 * BLOCK_U32));
    expect(PARAM_IV).toEqual(g.z.slice(7 * BLOCK_U32, 7 * BLOCK_U32 + 8));
  });

  it('writes straight into a given column view and overwrites stale data', () => {
    const stack = new Uint32Array(3 * 8 * BLOCK_U32).fill(0xdeadbeef);
    const view = stack.subarray(8 * BLOCK_U32, 16 * BLOCK_U32);
    const g = generateWitness(pinnedCompressions(messages), 3, { z: view });
    expect(g.z).toBe(view);
    expect(view).toEqual(w.z);
    expect(stack[8 * BLOCK_U32 - 1]).toBe(0xdeadbeef);
    expect(stack[16 * BLOCK_U32]).toBe(0xdeadbeef);
  });

  it('rejects too many compressions and mis-sized columns', () => {
    expect(() => generateWitness(pinnedCompressions(referenceMessages(9)), 3)).toThrow(ShapeError);
    expect(() => generateWitness([], 3, { z: new Uint32Array(10) })).toThrow(/column z/);
  });

  it('n = 2^13: q_flock has the BLAKE2s-256 digest of vectors/README.md', () => {
    const big = generateWitness(pinnedCompressions(referenceMessages(8192)), 13);
    expect(big.z.length).toBe(2 * 2 ** 21);
    expect(kWord(big.z, 0)).toBe('bb67ae856b08e647');
    expect(kWord(big.z, 1)).toBe('a54ff53a3c6ef372');
    const digest = nobleBlake2s(new Uint8Array(big.z.buffer, big.z.byteOffset, big.z.byteLength));
    expect(Buffer.from(digest).toString('hex')).toBe('332c541d8ed4b039d23f831fc3532612c2f90b5c4ad82ce29a248973bf72a482');
  });
});
