import { blake2s as nobleBlake2s } from '@noble/hashes/blake2.js';
import { describe, expect, it } from 'vitest';
import { ProofFormatError, parseProof, parseRawProof, scalarsToRoot, serializeProof } from '../../src/transcript';
import { hex } from './helpers';
import { readVector } from './trace';

// vectors/README.md: k → proof bytes, BLAKE2s-256 of the file.
const PROOFS: [number, number, string][] = [
  [7, 147672, '38550288771f3d0e2e4ac40a4c5dc774134fa34876b479289923bd38d02b9cc3'],
  [8, 161632, '49c55df335c18e311519369daac39b8f60b78878559f0da0d9b45e8a8a5d5c51'],
  [9, 176728, '78add2e09bd024e4dc6d805afa1bd7c40e90982e2d5050d71bf294310222766a'],
  [10, 200944, 'f8a7634da8e742b4c2b187794f9e91b8496f0c39f51da727acf34693446127a3'],
  [11, 213560, '125987f0ce38a24206f197ea0155eb79777b133128b26b586ae8702d6f68fb9e'],
  [12, 224608, '8e3991287651162e5cf34b1faef936f1b5f4f5ab434d0778d9681c8b9b2d4146'],
  [13, 243304, '2d6e9e4d9c1347cb52c582627699e25497b68d555df24a9e8a5eadc22cac09a6'],
];

const n7 = readVector('blake2s_batch_n7.proof');

/** The error a parse throws (fails the test if it does not throw one). */
function parseError(bytes: Uint8Array): ProofFormatError {
  try {
    parseProof(bytes);
  } catch (err) {
    if (err instanceof ProofFormatError) return err;
    throw err;
  }
  throw new Error(`parse of ${bytes.length} bytes did not throw`);
}

/** n7 with the u64 at `offset` replaced by hi·2^32 + lo. */
function forge(offset: number, lo: number, hi: number): Uint8Array {
  const b = n7.slice();
  const v = new DataView(b.buffer);
  v.setUint32(offset, lo, true);
  v.setUint32(offset + 4, hi, true);
  return b;
}

describe('the seven reference proofs', () => {
  it.each(PROOFS)('n = 2^%i parses and re-serializes byte for byte', (k, size, digest) => {
    const bytes = readVector(`blake2s_batch_n${k}.proof`);
    expect(bytes.length).toBe(size);
    expect(hex(nobleBlake2s(bytes))).toBe(digest);
    const proof = parseProof(bytes);
    const again = serializeProof(proof);
    expect(again.length).toBe(bytes.length);
    expect(Buffer.compare(Buffer.from(again), Buffer.from(bytes))).toBe(0);
  });

  it('n = 2^13: 275 scalars, the commitment root first, five phases of the documented shapes', () => {
    const proof = parseProof(readVector('blake2s_batch_n13.proof'));
    expect(proof.stream.length).toBe(6 * 275);
    expect(hex(scalarsToRoot(proof.stream, 0))).toBe('e909d555215c10b51fbb8406e49c75a0f093d14b7a02987342fe15930d4204d3');
    const shapes = proof.merkle.map((p) => [p.leafData.length, p.leafData[0].length / 2, p.siblingHashes.length]);
    expect(shapes).toEqual([[224, 64, 1612], [56, 24, 508], [38, 24, 339], [28, 24, 229], [22, 24, 166]]);
    for (const p of proof.merkle) {
      for (const row of p.leafData) expect(row.length).toBe(p.leafData[0].length);
      for (const s of p.siblingHashes) expect(s.length).toBe(32);
    }
  });

  it('the raw n = 2^13 proof: same stream, one opening per query, leaves drawn from the pruned rows', () => {
    const raw = parseRawProof(readVector('blake2s_batch_n13.rawproof'));
    const proof = parseProof(readVector('blake2s_batch_n13.proof'));
    expect(hex(new Uint8Array(raw.stream.buffer))).toBe(hex(new Uint8Array(proof.stream.buffer)));
    const rows = new Set(proof.merkle.flatMap((p) => p.leafData.map((r) => hex(new Uint8Array(r.buffer)))));
    const leaves = new Set(raw.merkle.map((o) => hex(new Uint8Array(o.leafData.buffer))));
    expect(leaves).toEqual(rows);
    const totalRows = proof.merkle.reduce((n, p) => n + p.leafData.length, 0);
    expect(raw.merkle.length).toBeGreaterThanOrEqual(totalRows);
    for (const o of raw.merkle) {
      expect(o.path.length).toBeGreaterThan(0);
      for (const h of o.path) expect(h.length).toBe(32);
    }
  });
});

describe('malformed bytes throw ProofFormatError', () => {
  it('every truncation of the n = 2^7 proof', () => {
    const t0 = performance.now();
    const wrong: number[] = [];
    for (let len = 0; len < n7.length; len++) {
      const err = parseError(n7.subarray(0, len));
      if (err.offset > len) wrong.push(len);
    }
    expect(wrong).toEqual([]);
    expect(performance.now() - t0).toBeLessThan(20_000);
  });

  it('names itself, the offset and what was expected', () => {
    const err = parseError(n7.subarray(0, 5));
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('ProofFormatError');
    expect(err.offset).toBe(0);
    expect(err.message).toMatch(/offset 0: expected the u64 length of the stream/);
  });

  it('trailing bytes', () => {
    for (const extra of [1, 7, 8, 100]) {
      const longer = new Uint8Array(n7.length + extra);
      longer.set(n7);
      const err = parseError(longer);
      expect(err.offset).toBe(n7.length);
      expect(err.message).toMatch(new RegExp(`offset ${n7.length}: expected the end of the proof, but ${extra} bytes follow`));
    }
  });

  it('forged huge lengths fail fast, before any allocation', () => {
    const nStream = 235;
    const phasesAt = 8 + 24 * nStream;
    const rowsAt = phasesAt + 8;
    const firstRowAt = rowsAt + 8;
    const t0 = performance.now();
    for (const at of [0, phasesAt, rowsAt, firstRowAt]) {
      for (const [lo, hi] of [[0, 2 ** 30], [0, 2 ** 8], [0, 2 ** 21], [0xffffffff, 2 ** 21 - 1], [0xffffffff, 0xffffffff], [0x7fffffff, 0]]) {
        const err = parseError(forge(at, lo, hi));
        expect(err.offset, `length at ${at} = ${hi}·2^32 + ${lo}`).toBe(at);
      }
    }
    expect(performance.now() - t0).toBeLessThan(1000);
    // 2^62 and 2^53 and above are refused as lengths outright; 2^40 as not fitting.
    expect(parseError(forge(0, 0, 2 ** 30)).message).toMatch(/below 2\^53/);
    expect(parseError(forge(firstRowAt, 0, 2 ** 8)).message).toMatch(/fits the \d+ bytes left, got 1099511627776/);
  });

  it('a length one too large for its data, in each vector of the proof', () => {
    const phasesAt = 8 + 24 * 235;
    for (const at of [0, phasesAt, phasesAt + 8, phasesAt + 16]) {
      const v = new DataView(n7.buffer, n7.byteOffset);
      const err = parseError(forge(at, v.getUint32(at, true) + 1, 0));
      expect(err).toBeInstanceOf(ProofFormatError);
    }
  });
});
