// The other reference proofs (n = 2^8 .. 2^13): a flipped bit at 200 positions each, spread
// over every region, is rejected; each proof checked as a proof for another n is invalid; and
// a proof checked against other messages of the same n is ACCEPTED: the reference statement
// is empty, so the proof binds n but not the messages (binding them is issue #8's bound
// statement).
import { describe, expect, it } from 'vitest';
import { seededMessages } from '../../src/workloads/hash-batch/inputs';
import { verifyHashBatch } from '../../src/workloads/hash-batch/verify';
import { readInputs, readProof, SIZES } from './vectors';
import { outcome, tamperSweep } from './tamper';

describe('verifyHashBatch: tampered proofs, wrong n, other messages', () => {
  it.each(SIZES.slice(1))('n = 2^%i: rejects a flipped bit at 200 positions over every region', (k) => {
    const { tried, wrong } = tamperSweep(k, 200, 5);
    expect(tried).toBeGreaterThanOrEqual(200);
    expect(wrong).toEqual([]);
  });

  it.each(SIZES)('n = 2^%i: the proof is invalid for inputs of another size', (k) => {
    const other = k === 13 ? 12 : k + 1;
    expect(outcome(readInputs(other), readProof(k))).toBe('invalid');
  });

  it.each(SIZES)('n = 2^%i: other messages of the same n verify (the empty statement binds no input)', (k) => {
    const others = seededMessages(2 ** k, { lo: 1, hi: 0 });
    expect(others).not.toEqual(readInputs(k));
    expect(verifyHashBatch(others, readProof(k), { statement: 'none' })).toEqual({ valid: true });
  });
});
