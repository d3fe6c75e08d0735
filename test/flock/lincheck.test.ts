// The lincheck and the whole reduction (docs/protocol.md §9.4): the block fold, prover ↔ verifier,
// the slice claims against the committed column, the padding tail, and the terminal check.
import { describe, expect, it } from 'vitest';
import { eqTable } from '../../src/poly/eq';
import { VerificationError } from '../../src/transcript/errors';
import { ProverState } from '../../src/transcript/prover-state';
import { VerifierState } from '../../src/transcript/verifier-state';
import { pinnedCompressions } from '../../src/kernels/flock/compression';
import { BLOCK_U32 } from '../../src/kernels/flock/layout';
import { foldBlocks } from '../../src/kernels/flock/fold-blocks';
import { lincheckTerminal } from '../../src/flock/lincheck/verifier';
import { proveFlock } from '../../src/flock/reduction';
import { verifyFlock } from '../../src/flock/verify';
import { generateWitness } from '../../src/kernels/flock/witness';
import { referenceMessages } from '../../src/workloads/hash-batch/inputs';
import { randomWords } from '../hash/prng';
import { bitAt, randomCompression, randomE, sameWords, xorshift32 } from './helpers';

const LABEL = 'flock-lincheck-test';

describe('foldBlocks', () => {
  it('is Σ_t eq(χ_out, t)·z_t[j] for every block position, with or without an identical tail', () => {
    const next = xorshift32(8);
    for (const [nBlocksLog, live] of [[3, 8], [4, 16], [4, 11], [3, 0]]) {
      const blocks = 2 ** nBlocksLog;
      const z = randomWords(next, blocks * BLOCK_U32);
      for (let t = live + 1; t < blocks; t++) z.copyWithin(t * BLOCK_U32, live * BLOCK_U32, (live + 1) * BLOCK_U32);
      const chiOut = randomE(next, nBlocksLog);
      const eq = eqTable(chiOut);
      const want = new Uint32Array(6 * 16384);
      for (let t = 0; t < blocks; t++) {
        for (let j = 0; j < 16384; j++) if (bitAt(z, 16384 * t + j)) for (let k = 0; k < 6; k++) want[6 * j + k] ^= eq[6 * t + k];
      }
      expect(sameWords(foldBlocks(z, nBlocksLog, live, chiOut), want)).toBe(true);
    }
  });
});

describe('proveFlock / verifyFlock', () => {
  const next = xorshift32(2024);
  const cs = [...pinnedCompressions(referenceMessages(4)), ...Array.from({ length: 3 }, () => randomCompression(next))];
  const w = generateWitness(cs, 3);
  const ps = new ProverState(LABEL);
  const proved = proveFlock(w, ps);
  const proof = ps.finish();

  it('verifies, consumes exactly 64 + 2(m − 6) + 2 + 16 + 64 scalars, and both sides agree', () => {
    expect(proof.stream.length / 6).toBe(64 + 2 * 11 + 2 + 16 + 64);
    const vs = new VerifierState(LABEL, [], proof);
    const replay = verifyFlock(vs, 3);
    vs.finish();
    expect(replay.claim).toEqual(proved.claim);
    expect(replay.zerocheck).toEqual(proved.zerocheck);
  });

  it('leaves s_i = MLE(bit slice i of q_flock)(suffix)', () => {
    const { suffix, s } = proved.claim;
    expect(suffix.length / 6).toBe(11);
    const eq = eqTable(suffix);
    for (let i = 0; i < 64; i++) {
      const want = new Uint32Array(6);
      for (let y = 0; y < 2048; y++) if (bitAt(w.z, 64 * y + i)) for (let k = 0; k < 6; k++) want[k] ^= eq[6 * y + k];
      expect(s.subarray(6 * i, 6 * i + 6)).toEqual(want);
    }
  });

  it('rejects a changed slice value or round coefficient at the terminal identity', () => {
    const n = proof.stream.length / 6;
    for (const at of [n - 1, n - 64, n - 64 - 16, n - 64 - 1]) {
      const bad = { stream: proof.stream.slice(), merkle: [] };
      bad.stream[6 * at + 3] ^= 0x40;
      const vs = new VerifierState(LABEL, [], bad);
      expect(() => verifyFlock(vs, 3)).toThrow(VerificationError);
    }
  });

  it('lincheckTerminal moves with any single slice value', () => {
    const { zerocheck, claim } = proved;
    const chiInPrime = claim.suffix.subarray(0, 48);
    const alpha = randomE(next, 1);
    const honest = lincheckTerminal(zerocheck, alpha, chiInPrime, claim.s);
    for (const i of [0, 8, 63]) {
      const s = claim.s.slice();
      s[6 * i + 5] ^= 1;
      expect(sameWords(lincheckTerminal(zerocheck, alpha, chiInPrime, s), honest)).toBe(false);
    }
  });

  it('gives the same bytes with the padding tail summed once as with every block (n = 1, 5, 9, 100)', () => {
    for (const n of [1, 5, 9, 100]) {
      const log = n <= 8 ? 3 : n <= 16 ? 4 : 7;
      const wit = generateWitness(pinnedCompressions(referenceMessages(n)), log);
      const tail = new ProverState(LABEL), plain = new ProverState(LABEL);
      const a = proveFlock(wit, tail), b = proveFlock(wit, plain, { plain: true });
      expect(sameWords(tail.finish().stream, plain.finish().stream)).toBe(true);
      expect(sameWords(tail.state(), plain.state())).toBe(true);
      expect(a.claim).toEqual(b.claim);
    }
  });
});
