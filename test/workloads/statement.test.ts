// The bound statement's pieces (docs/bound-statement.md): records hold exactly the words the
// witness puts in the I/O slots (padding blocks too), the I/O claim values are the MLE of
// q_flock at (slot bits ‖ ρ), message statements carry the true BLAKE2s digests, and bad
// shapes are refused with HashBatchInputError.
import { blake2s as nobleBlake2s } from '@noble/hashes/blake2.js';
import { describe, expect, it } from 'vitest';
import type { Compression } from '../../src/kernels/flock/compression';
import { BLOCK_U32 } from '../../src/kernels/flock/layout';
import { generateWitness } from '../../src/kernels/flock/witness';
import { wordsToBytes } from '../../src/hash/blake2s';
import { mleEval } from '../../src/poly';
import { Channel } from '../../src/transcript/channel';
import { SplitMix64 } from '../../src/util/splitmix64';
import { HashBatchInputError } from '../../src/workloads/hash-batch/errors';
import { seededMessages } from '../../src/workloads/hash-batch/inputs';
import { ioClaims, ioValues } from '../../src/workloads/hash-batch/io-claims';
import {
  boundBlocksLog, compressionsOf, IO_SLOTS, outputsOf, paddingRecord, RECORD_WORDS, statementOfCompressions, statementOfMessages,
  statementScalars,
} from '../../src/workloads/hash-batch/statement';

/** n compressions with every input random (not the pinned one-block hash). */
function randomCompressions(seed: number, n: number): Compression[] {
  const rng = new SplitMix64(seed);
  return Array.from({ length: n }, () => {
    const w = rng.words(14);
    return { h: w.subarray(0, 8), m: rng.words(8), tLo: w[8], tHi: w[9], f0: w[10], f1: w[11] };
  });
}

describe('hash-batch statement records', () => {
  const compressions = randomCompressions(1, 37);
  const st = statementOfCompressions(compressions);
  const w = generateWitness(compressions, st.nBlocksLog);

  it('hold the witness words of every I/O slot, the padding instance past n', () => {
    expect(st.nBlocksLog).toBe(7);
    const pad = paddingRecord();
    for (let t = 0; t < 2 ** st.nBlocksLog; t++) {
      const record = t < st.n ? st.records.subarray(RECORD_WORDS * t, RECORD_WORDS * (t + 1)) : pad;
      IO_SLOTS.forEach((slot, k) => {
        const at = BLOCK_U32 * t + 2 * slot;
        expect([w.z[at], w.z[at + 1]], `block ${t} slot ${slot}`).toEqual([record[2 * k], record[2 * k + 1]]);
      });
    }
  });

  it('give back their compressions', () => {
    const back = compressionsOf(st);
    expect(back.map((c) => [[...c.h], [...c.m], c.tLo, c.tHi, c.f0, c.f1])).toEqual(compressions.map((c) => [[...c.h], [...c.m], c.tLo, c.tHi, c.f0, c.f1]));
  });

  it('I/O claim values are MLE(q_flock)(bits(slot) ‖ ρ)', () => {
    const rho = new SplitMix64(2).words(3 * st.nBlocksLog);
    const values = ioValues(st, rho);
    IO_SLOTS.forEach((slot, k) => {
      const point = new Uint32Array(6 * (8 + st.nBlocksLog));
      for (let i = 0; i < 8; i++) point[6 * i] = (slot >>> i) & 1;
      point.set(rho, 48);
      expect(values.subarray(6 * k, 6 * k + 6), `slot ${slot}`).toEqual(mleEval(w.z, 'K', point));
    });
  });

  it('draw ρ from the channel: one claim per slot, all at that point', () => {
    const a = new Channel('io', []), b = new Channel('io', []);
    const claims = ioClaims(a, st);
    expect(claims.map((c) => c.slot)).toEqual(IO_SLOTS);
    expect(claims[0].point).toEqual(b.sampleVec(st.nBlocksLog));
    expect(a.state()).toEqual(b.state());
  });
});

describe('message statements', () => {
  const messages = seededMessages(20, { lo: 3, hi: 0 });
  const st = statementOfMessages(messages);

  it('claim the BLAKE2s-256 digests (checked with @noble/hashes)', () => {
    const digests = wordsToBytes(outputsOf(st));
    for (let i = 0; i < 20; i++) {
      expect(digests.subarray(32 * i, 32 * i + 32)).toEqual(nobleBlake2s(wordsToBytes(messages.subarray(16 * i, 16 * i + 16))));
    }
    expect(statementOfMessages(messages, digests).records).toEqual(st.records);
  });

  it('absorb n and a digest of every record word', () => {
    const scalars = statementScalars(st);
    expect(scalars[0]).toEqual(Uint32Array.of(20, 0, 0, 0, 0, 0));
    const changed = st.records.slice();
    changed[RECORD_WORDS * 19 + 35] ^= 0x80000000;
    expect(statementScalars({ ...st, records: changed })[1]).not.toEqual(scalars[1]);
  });

  it('refuse bad shapes with HashBatchInputError', () => {
    expect(() => statementOfMessages(new Uint32Array(0))).toThrow(/at least one compression, got n = 0/);
    expect(() => statementOfMessages(new Uint32Array(17))).toThrow(/not whole 64-byte messages/);
    expect(() => statementOfMessages(messages, new Uint8Array(32 * 20 - 1))).toThrow(/20 messages need 640 bytes of digests, got 639/);
    expect(() => boundBlocksLog(2 ** 20 + 1)).toThrow(/more than the 2\^20/);
    expect(() => boundBlocksLog(1.5)).toThrow(HashBatchInputError);
    expect([1, 128, 129, 2 ** 20].map(boundBlocksLog)).toEqual([7, 7, 8, 20]);
  });
});
