// The reference proofs (vectors/flock/blake2s_batch_n{7..13}.proof, leanVM-b @ 5df6c37): the
// Flock part of each transcript is replayed without checks (docs/protocol.md §10.4: the zerocheck
// and lincheck scalars are read and bound, their challenges drawn), which yields the ring
// claim's suffix point and its 64 values; then OUR ring switch, stacked opening and WHIR
// verifier must accept the rest and consume the whole stream and every Merkle phase. And the
// prover side: from the packed witness of the vector's inputs (src/flock), our commitment and
// stacked opening, behind the same replayed Flock scalars, must give the proof file's bytes.
import { describe, expect, it } from 'vitest';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { batchClaims, verifyStackedOpening } from '../../src/pcs/stack';
import { parseProof, VerificationError } from '../../src/transcript';
import type { Proof } from '../../src/transcript';
import { eHex, hex } from '../transcript/helpers';
import { field, readTrace, readVector } from '../transcript/trace';
import { proveReference, verifierAfterFlock } from './reference-replay';

function verifyReference(proof: Proof, nLog: number): void {
  const { vs, root, claims } = verifierAfterFlock(proof, nLog);
  verifyStackedOpening(vs, { logN: 8 + nLog, nLanes: 64, logInvRate: 1, root }, claims);
  vs.finish();
}

describe('reference proofs: ring switch + stacked opening + WHIR verifier', () => {
  for (const nLog of [7, 8, 9, 10, 11, 12, 13]) {
    it(`blake2s_batch_n${nLog}.proof is accepted and fully consumed`, () => {
      verifyReference(parseProof(readVector(`blake2s_batch_n${nLog}.proof`)), nLog);
    });
  }

  for (const nLog of [7, 8, 9, 10, 11, 12, 13]) {
    it(`n${nLog}: our commitment and PCS opening reproduce the proof file byte for byte`, async () => {
      const bytes = readVector(`blake2s_batch_n${nLog}.proof`);
      const ours = await proveReference(createCpuBackend(), parseProof(bytes), nLog);
      expect(ours.length).toBe(bytes.length);
      // The first differing byte (−1: none) points at the step that differs.
      expect(ours.findIndex((b, i) => b !== bytes[i])).toBe(-1);
    });
  }

  it('n7: the batched target and the observed L0 root are the trace\'s', () => {
    const trace = readTrace('blake2s_batch_n7.trace.txt');
    const observed = trace.ops.find((op) => op.kind === 'observe_scalar');
    const observedRoot = trace.ops.find((op) => op.kind === 'observe_root');
    if (observed === undefined || observedRoot === undefined) throw new Error('trace lacks the WHIR start');
    const { vs, root, claims } = verifierAfterFlock(parseProof(readVector('blake2s_batch_n7.proof')), 7);
    expect(vs.streamOffset).toBe(178);
    expect(eHex(batchClaims(vs, claims).target)).toBe(field(observed, 'v'));
    expect(hex(root)).toBe(field(observedRoot, 'root'));
  });

  it('n7: one flipped bit anywhere in the PCS region is rejected', () => {
    const bytes = readVector('blake2s_batch_n7.proof');
    const flips = [
      8 + 24 * 178 + 5, // the first WHIR round message
      8 + 24 * 194 + 17, // the first OOD answer
      8 + 24 * 197, // the first grinding nonce
      8 + 24 * 227 + 23, // the last residual value
      8 + 24 * 235 + 8 + 8 + 8 + 100, // a word of the first level-0 row
      bytes.length - 1, // the last sibling hash of the last phase
    ];
    for (const at of flips) {
      const bad = bytes.slice();
      bad[at] ^= 0x10;
      expect(() => verifyReference(parseProof(bad), 7), `byte ${at}`).toThrow(VerificationError);
    }
  });
});
