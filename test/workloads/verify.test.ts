// verifyHashBatch on the reference proofs: all seven accepted; the n = 2^7 proof (the fastest
// to verify) with one bit flipped at 1500 positions spread over every region of the file is
// rejected every time (with verify-sizes.test.ts's 6 × 200, 2700 positions in all) — as malformed bytes (ProofFormatError) when the flip hits a length
// field, as an invalid proof (valid: false) everywhere else.
import { describe, expect, it } from 'vitest';
import { verifyHashBatch } from '../../src/workloads/hash-batch/verify';
import { outcome, tamperSweep } from './tamper';
import { readInputs, readProof, SIZES } from './vectors';

describe('verifyHashBatch on the reference proofs', () => {
  it.each(SIZES)('accepts blake2s_batch_n%i.proof', (k) => {
    expect(verifyHashBatch(readInputs(k), readProof(k), { statement: 'none' })).toEqual({ valid: true });
  });

  it('n = 2^7: rejects a flipped bit at 1500 positions over every region', () => {
    const { tried, wrong, regions } = tamperSweep(7, 1500, 20);
    expect(regions).toBeGreaterThanOrEqual(14);
    expect(tried).toBeGreaterThanOrEqual(1500);
    expect(wrong).toEqual([]);
  });

  it('a truncated or extended proof is malformed', () => {
    const inputs = readInputs(7), proof = readProof(7);
    expect(outcome(inputs, proof.subarray(0, proof.length - 1))).toBe('malformed');
    expect(outcome(inputs, new Uint8Array([...proof, 0]))).toBe('malformed');
    expect(outcome(inputs, new Uint8Array(0))).toBe('malformed');
  });
});
