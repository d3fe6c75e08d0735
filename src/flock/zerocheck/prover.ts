// The zerocheck prover (PROTOCOL.md §9.3): a·b + c = 0 on every bit position of the batch,
// reduced to claims v_a, v_b, v_c on the quirky extensions of a, b, c at one point (z, χ).
import { type E, eAdd, eInv, eMul, eMulAt } from '../../field/e';
import type { ProverState } from '../../transcript/prover-state';
import { FlockError } from '../errors';
import { K_LOG } from '../layout';
import { interpolateSkip } from '../skip-domain';
import { equalityPoint } from './challenges';
import { materialize } from './materialize';
import { type PaddedShape, type PaddedTable, type PairTerms, eqWeightedSums, finalValue, foldPadded } from './padded-tables';
import { type ZerocheckColumns, skipPass } from './skip-pass';

export interface ZerocheckClaim {
  /** the univariate-skip point */
  readonly z: E;
  /** χ, one challenge per multilinear variable (m − 6, packed) */
  readonly chi: Uint32Array;
  readonly va: E;
  readonly vb: E;
  /** never transmitted: claim + v_a·v_b */
  readonly vc: E;
}

/** Where the batch's identical padding tail starts. */
export interface TailOptions {
  /** Blocks from this one on are all copies of it and are summed once (default: every block is live). */
  live?: number;
}

/**
 * Sends one eq-factored round from G(1) and G(∞) (G(0) follows from the claim:
 * (1 + r)·G(0) + r·G(1) = claim), samples χ and returns [G(χ), χ].
 */
export function sendEqRound(ps: ProverState, claim: E, r: E, g1: E, gInf: E): [E, E] {
  const rPlus1 = r.slice();
  rPlus1[0] ^= 1;
  const g0 = eMul(eAdd(claim, eMul(r, g1)), eInv(rPlus1));
  const c1 = eAdd(eAdd(g0, g1), gInf);
  const coeffs = new Uint32Array(18);
  coeffs.set(g0, 0);
  coeffs.set(c1, 6);
  coeffs.set(gInf, 12);
  ps.addRoundPoly(coeffs, true);
  const chi = ps.sample();
  return [eAdd(g0, eMul(chi, eAdd(c1, eMul(chi, gInf)))), chi];
}

/** Proves the zerocheck for 2^nBlocksLog blocks of packed columns (a = A·z, b = B·z, c = z). */
export function proveZerocheck(cols: ZerocheckColumns, nBlocksLog: number, ps: ProverState, opts: TailOptions = {}): ZerocheckClaim {
  const blocks = 2 ** nBlocksLog;
  const live = opts.live ?? blocks;
  if (!Number.isInteger(live) || live < 0 || live > blocks) throw new FlockError(`proveZerocheck: live blocks ${live} outside 0..${blocks}`);
  const m = K_LOG + nBlocksLog, vars = m - 6;
  const r = equalityPoint(ps, m);
  const rAt = (i: number): E => r.subarray(6 * i, 6 * i + 6);

  // Round 1 (the univariate skip) and the data of the first multilinear round, in GF(2^8).
  const pass = skipPass(cols, blocks, live, r);
  ps.addScalars(pass.round1);
  const z = ps.sample();
  let claim = interpolateSkip(z, null, pass.round1);

  const chi = new Uint32Array(6 * vars);
  let chiI: E;
  [claim, chiI] = sendEqRound(ps, claim, rAt(0), interpolateSkip(z, null, pass.q1), interpolateSkip(z, pass.qInfS, pass.qInfL));
  chi.set(chiI, 0);

  // The remaining rounds on E tables at (z, χ_0), the identical tail stored once.
  const mat = materialize(cols, blocks, live, z, chiI);
  const tables = mat.tables;
  let shape = mat.shape;
  for (let i = 1; i < vars; i++) {
    const sums = eqWeightedSums(shape, r.subarray(6 * (i + 1)), 2, roundTerms(tables, shape));
    [claim, chiI] = sendEqRound(ps, claim, rAt(i), sums.subarray(0, 6), sums.subarray(6, 12));
    chi.set(chiI, 6 * i);
    shape = foldPadded(tables, shape, chiI);
  }
  const va = finalValue(tables[0], shape), vb = finalValue(tables[1], shape);
  ps.addScalar(va);
  ps.addScalar(vb);
  return { z, chi, va, vb, vc: eAdd(claim, eMul(va, vb)) };
}

const SA = new Uint32Array(6), SB = new Uint32Array(6);

/**
 * Per pair (entries 2x, 2x + 1) of â, b̂, ĉ: G(1)'s term a1·b1 + c1 and G(∞)'s (a0 + a1)(b0 + b1),
 * 12 words per pair. A head pair past the head (P = 1, odd H) takes the pad value as partner.
 */
function roundTerms(tables: readonly PaddedTable[], shape: PaddedShape): PairTerms {
  const [ta, tb, tc] = tables;
  return (x0, count, buf) => {
    const pad = x0 < 0;
    const A = pad ? ta.pad : ta.head, B = pad ? tb.pad : tb.head, C = pad ? tc.pad : tc.head;
    const len = pad ? shape.period : shape.head;
    for (let x = 0; x < count; x++) {
      const j0 = 2 * (pad ? x : x0 + x), j1 = j0 + 1, o = 12 * x;
      const inside = j1 < len;
      const A1 = inside ? A : ta.pad, B1 = inside ? B : tb.pad, C1 = inside ? C : tc.pad, i1 = inside ? 6 * j1 : 0, i0 = 6 * j0;
      eMulAt(buf, o, A1, i1, B1, i1);
      for (let t = 0; t < 6; t++) {
        buf[o + t] ^= C1[i1 + t];
        SA[t] = A[i0 + t] ^ A1[i1 + t];
        SB[t] = B[i0 + t] ^ B1[i1 + t];
      }
      eMulAt(buf, o + 6, SA, 0, SB, 0);
    }
  };
}
