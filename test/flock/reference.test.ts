// Flock against the reference proofs (vectors/flock, docs/protocol.md §10.3): our prover, fed the
// reference commitment root, writes the reference's zerocheck and lincheck scalars; our
// verifier replays that region of every reference proof n = 2^7 .. 2^13.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VerificationError } from '../../src/transcript/errors';
import { parseProof } from '../../src/transcript/proof';
import { ProverState } from '../../src/transcript/prover-state';
import { VerifierState } from '../../src/transcript/verifier-state';
import { pinnedCompressions } from '../../src/kernels/flock/compression';
import { K_LOG } from '../../src/kernels/flock/layout';
import { lincheckTerminal } from '../../src/flock/lincheck/verifier';
import { proveFlock } from '../../src/flock/reduction';
import { verifyFlock } from '../../src/flock/verify';
import { generateWitness } from '../../src/kernels/flock/witness';
import { verifyZerocheck } from '../../src/flock/zerocheck/verifier';
import { referenceMessages } from '../../src/workloads/hash-batch/inputs';
import { field, readTrace } from '../transcript/trace';
import { wordsHex } from '../transcript/helpers';
import { vectorPath } from '../vectors';
import { sameWords } from './helpers';

const LABEL = 'flock-blake2s-batch';
const proofOf = (k: number) => parseProof(new Uint8Array(readFileSync(vectorPath('flock', `blake2s_batch_n${k}.proof`))));
/** Scalars of the root (2), the zerocheck (64 + 2(m − 6) + 2) and the lincheck (16 + 64). */
const flockEnd = (k: number): number => 2 + 64 + 2 * (K_LOG + k - 6) + 2 + 16 + 64;

describe('Flock prover against the reference proofs', () => {
  it.each([7, 8, 9, 10])('n = 2^%i: writes the reference stream scalars [2, end of lincheck)', (k) => {
    const proof = proofOf(k);
    const ps = new ProverState(LABEL);
    ps.addScalars(proof.stream.subarray(0, 12)); // the commitment root, as the reference sent it
    proveFlock(generateWitness(pinnedCompressions(referenceMessages(2 ** k)), k), ps);
    const ours = ps.finish().stream;
    expect(ours.length / 6).toBe(flockEnd(k));
    expect(sameWords(ours, proof.stream.subarray(0, ours.length))).toBe(true);
    if (k === 7) {
      // The transcript state after the last lincheck scalar, from the reference prover's trace.
      const trace = readTrace('blake2s_batch_n7.prover-trace.txt');
      const last = trace.ops.filter((op) => op.kind === 'send_scalar' && Number(field(op, 'off')) === flockEnd(7) - 1);
      expect(last.length).toBe(1);
      expect(wordsHex(ps.state())).toBe(field(last[0], 'cv'));
    }
  });
});

describe('Flock verifier on the reference proofs', () => {
  it.each([7, 8, 9, 10, 11, 12, 13])('n = 2^%i: accepts the zerocheck and lincheck region and yields the ring-switch claim', (k) => {
    const proof = proofOf(k);
    const vs = new VerifierState(LABEL, [], proof);
    vs.nextRoot();
    const { claim } = verifyFlock(vs, k);
    expect(vs.streamOffset).toBe(flockEnd(k));
    expect(claim.suffix.length / 6).toBe(K_LOG + k - 6);
    expect(sameWords(claim.s, proof.stream.subarray(6 * (flockEnd(k) - 64), 6 * flockEnd(k)))).toBe(true);
  });

  it('rejects a changed scalar anywhere in the region (n = 2^7)', () => {
    const proof = proofOf(7);
    for (const at of [2, 40, 66, 97, 98, 110, 114, 177]) {
      const bad = { stream: proof.stream.slice(), merkle: proof.merkle };
      bad.stream[6 * at + 2] ^= 1 << 7;
      const vs = new VerifierState(LABEL, [], bad);
      vs.nextRoot();
      expect(() => verifyFlock(vs, 7), `scalar ${at}`).toThrow(VerificationError);
    }
  });

  it('the terminal identity itself fails for a changed slice value at the reference point', () => {
    const proof = proofOf(7);
    const vs = new VerifierState(LABEL, [], proof);
    vs.nextRoot();
    const { zerocheck, claim } = verifyFlock(vs, 7);
    // α is the challenge drawn right after v_a, v_b: replay the zerocheck and draw it.
    const replay = new VerifierState(LABEL, [], proof);
    replay.nextRoot();
    verifyZerocheck(replay, 7);
    const alpha = replay.sample();
    const chiInPrime = claim.suffix.subarray(0, 48);
    const honest = lincheckTerminal(zerocheck, alpha, chiInPrime, claim.s);
    const s = claim.s.slice();
    s[6 * 17] ^= 1;
    expect(sameWords(lincheckTerminal(zerocheck, alpha, chiInPrime, s), honest)).toBe(false);
  });
});
