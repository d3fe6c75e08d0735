// The zerocheck (docs/protocol.md §9.3): round 1 against the plain formula, the claims against the
// quirky evaluations they stand for, prover ↔ verifier, and the padding tail summed once.
import { describe, expect, it } from 'vitest';
import { gf8Mul } from '../../src/field/gf8';
import { eqTable } from '../../src/poly/eq';
import { ProverState } from '../../src/transcript/prover-state';
import { VerifierState } from '../../src/transcript/verifier-state';
import { BLOCK_U32 } from '../../src/kernels/flock/layout';
import { LAMBDA_LAGRANGE, skipWeights } from '../../src/kernels/flock/skip-domain';
import { equalityPoint } from '../../src/kernels/flock/challenges';
import type { ZerocheckClaim } from '../../src/flock/zerocheck/claim';
import { proveZerocheck } from '../../src/flock/zerocheck/prover';
import { type ZerocheckColumns, skipPass } from '../../src/kernels/flock/skip-pass';
import { verifyZerocheck } from '../../src/flock/zerocheck/verifier';
import { randomWords } from '../hash/prng';
import { bitAt, mulPhi, quirkyEval, sameWords, xorshift32 } from './helpers';

const LABEL = 'flock-zerocheck-test';

/** Random a, b over 2^nBlocksLog blocks, c = a ∧ b (a satisfying instance), blocks ≥ live copying block live. */
function honestColumns(seed: number, nBlocksLog: number, live = 2 ** nBlocksLog): ZerocheckColumns {
  const next = xorshift32(seed), words = BLOCK_U32 << nBlocksLog;
  const a = randomWords(next, words), b = randomWords(next, words), c = new Uint32Array(words);
  for (let t = live + 1; t < 2 ** nBlocksLog; t++) {
    a.copyWithin(t * BLOCK_U32, live * BLOCK_U32, (live + 1) * BLOCK_U32);
    b.copyWithin(t * BLOCK_U32, live * BLOCK_U32, (live + 1) * BLOCK_U32);
  }
  for (let i = 0; i < words; i++) c[i] = a[i] & b[i];
  return { a, b, c };
}

/** The skip extension of a 64-bit word at coset point 64 + i, in GF(2^8). */
function extension(col: Uint32Array, v: number, i: number): number {
  let acc = 0;
  for (let s = 0; s < 64; s++) if (bitAt(col, 64 * v + s)) acc ^= LAMBDA_LAGRANGE[64 * i + s];
  return acc;
}

function proveAndVerify(cols: ZerocheckColumns, nBlocksLog: number, live?: number): { claim: ZerocheckClaim; replay: ZerocheckClaim; stream: Uint32Array } {
  const ps = new ProverState(LABEL);
  const claim = proveZerocheck(cols, nBlocksLog, ps, { live });
  const proof = ps.finish();
  const vs = new VerifierState(LABEL, [], proof);
  const replay = verifyZerocheck(vs, nBlocksLog);
  vs.finish();
  return { claim, replay, stream: proof.stream };
}

describe('zerocheck round 1', () => {
  it('equals Σ_v eq(r, v)·(a♯b♯ + c♯)(λ) computed plainly, also for an unsatisfied c', () => {
    const cols = honestColumns(21, 3);
    cols.c[7] ^= 0x100; // round 1 is defined for any columns
    const r = equalityPoint(new ProverState(LABEL), 17);
    const got = skipPass(cols, 8, 8, r).round1;
    const eq = eqTable(r);
    const want = new Uint32Array(6 * 64), term = new Uint32Array(6);
    for (let v = 0; v < eq.length / 6; v++) {
      for (let i = 0; i < 64; i++) {
        const f = gf8Mul(extension(cols.a, v, i), extension(cols.b, v, i)) ^ extension(cols.c, v, i);
        mulPhi(term, 0, eq, 6 * v, f);
        for (let k = 0; k < 6; k++) want[6 * i + k] ^= term[k];
      }
    }
    expect(got).toEqual(want);
  });
});

describe('proveZerocheck / verifyZerocheck', () => {
  it('leave the true quirky evaluations of a, b and c at (z, χ), prover and verifier alike', () => {
    for (const nBlocksLog of [3, 4]) {
      const cols = honestColumns(100 + nBlocksLog, nBlocksLog);
      const { claim, replay, stream } = proveAndVerify(cols, nBlocksLog);
      expect(stream.length / 6).toBe(64 + 2 * (8 + nBlocksLog) + 2);
      expect(replay).toEqual(claim);
      const L = skipWeights(claim.z);
      expect(claim.va).toEqual(quirkyEval(cols.a, L, claim.chi));
      expect(claim.vb).toEqual(quirkyEval(cols.b, L, claim.chi));
      expect(claim.vc).toEqual(quirkyEval(cols.c, L, claim.chi));
    }
  });

  it('sums an identical tail once with the same bytes as the plain path', () => {
    for (const live of [0, 1, 5, 7]) {
      const cols = honestColumns(300 + live, 3, live);
      const tail = proveAndVerify(cols, 3, live), plain = proveAndVerify(cols, 3);
      expect(sameWords(tail.stream, plain.stream)).toBe(true);
      expect(tail.claim).toEqual(plain.claim);
    }
  });

  it('a tampered scalar leaves claims that are not all true (lincheck then rejects)', () => {
    const cols = honestColumns(7, 3);
    const ps = new ProverState(LABEL);
    proveZerocheck(cols, 3, ps);
    const proof = ps.finish();
    for (const at of [0, 5, 64, 64 + 2 * 5 + 1, proof.stream.length / 6 - 2, proof.stream.length / 6 - 1]) {
      const bad = { stream: proof.stream.slice(), merkle: [] };
      bad.stream[6 * at] ^= 1;
      const c = verifyZerocheck(new VerifierState(LABEL, [], bad), 3);
      const L = skipWeights(c.z);
      const allTrue = [[c.va, cols.a], [c.vb, cols.b], [c.vc, cols.c]].every(([v, col]) => sameWords(v, quirkyEval(col, L, c.chi)));
      expect(allTrue).toBe(false);
    }
  });
});
