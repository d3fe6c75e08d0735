// The host prover of a node's deferred-claim batch (docs/recursion.md §2.3, §3), on the
// transcript ./batch.ts verifies. The bytecode sumchecks run on the program's multilinear (K)
// against the λ-sum of the claims' eq tables, on its nine nonzero slots; the matrix one never builds the 2^28 cube: every
// claim's weight is rank one, row ⊗ column, so its row rounds are Σ_c row_c·(M·col_c), one
// forward walk a claim, and its column rounds (Mᵀ·eq(r_row))·W(r_row, ·), two transpose walks.
import { type E, eKDot, eMul } from '../../field/e';
import { eqTableFast } from '../../kernels/flock/eq-table';
import { K_LOG, BLOCK_BITS } from '../../kernels/flock/layout';
import { rowWeights } from '../../flock/lincheck/row-weights';
import { forwardWalk, transposeWalk } from '../../flock/walk';
import { addScaled, addScaledK } from '../../poly/bulk';
import { eqEval, eqTable } from '../../poly/eq';
import { foldLow } from '../../poly/fold';
import { roundMessage } from '../../poly/round';
import type { Kind } from '../../poly/table';
import { ProverState } from '../../transcript/prover-state';
import { BYTECODE_COLUMNS, BYTECODE_FIRST_COLUMN, BYTECODE_SLOTS } from '../../vm/bytecode';
import { BUS_BITS } from '../../vm/tables/bus';
import {
  BATCH_LABEL, type ChildClaims, emptyClaim, leafBytecodeClaims, type MatrixInput, matrixInputs, nodeBytecodeClaims, observeChildren,
} from './batch';
import { type ClaimShape, MATRIX_VARS, type NodeClaims, type PointClaim } from './claims';

/** The batch's stream and the node's claims it proves. */
export interface BatchProof {
  readonly stream: Uint32Array;
  readonly claims: NodeClaims;
}

/** A degree-2 round over pairs (f_i, b_i) summed, sent; binds every table at the challenge. */
function productRound(ps: ProverState, pairs: { f: Uint32Array; kind: Kind; b: Uint32Array }[]): E {
  const sum = new Uint32Array(12), msg = new Uint32Array(12);
  for (const p of pairs) {
    roundMessage(p.f, p.kind, p.b, 0, msg);
    for (let k = 0; k < 12; k++) sum[k] ^= msg[k];
  }
  const coeffs = new Uint32Array(18);
  coeffs.set(sum.subarray(0, 6), 0);
  coeffs.set(sum.subarray(6), 12);
  ps.addRoundPoly(coeffs, false);
  const r = ps.sample();
  for (const p of pairs) {
    const half = p.b.length / 12;
    p.f = p.kind === 'E' ? foldLow(p.f, 'E', r, p.f.subarray(0, 6 * half)) : foldLow(p.f, 'K', r, new Uint32Array(6 * half));
    p.kind = 'E';
    p.b = foldLow(p.b, 'E', r, p.b.subarray(0, 6 * half));
  }
  return r;
}

/**
 * One bytecode polynomial's batch over P (bytecodeMultilinear: 16 slot columns of 2^kbc K words;
 * no claims: nothing sent). Only slots 3..11 of P are nonzero, so the kbc pc rounds run on those
 * nine columns against W restricted to them, W_slot = Σ_t λ_t·eq(σ_t, slot)·eq(q_t, ·) for a
 * claim's point (q_t ‖ σ_t): the other slots' products are zero whatever their weights. The four
 * slot rounds then run on the 16 columns bound at the pc point r, against every slot's weight
 * there, Σ_t λ_t·eq(σ_t, slot)·eq(q_t, r) (a pair of slots mixes a zero column with a live one).
 */
function proveBytecodeBatch(ps: ProverState, bytecode: Uint32Array, claims: readonly PointClaim[], vars: number): PointClaim | null {
  if (claims.length === 0) return null;
  if (bytecode.length !== 2 << vars) throw new RangeError(`a bytecode multilinear of ${vars} variables has ${2 << vars} words, got ${bytecode.length}`);
  const kbc = vars - BUS_BITS, n = 1 << kbc;
  const live = Array.from({ length: BYTECODE_COLUMNS }, (_, i) => BYTECODE_FIRST_COLUMN + i);
  const lambda = ps.sampleVec(claims.length);
  const column = (slot: number) => bytecode.subarray(2 * slot * n, 2 * (slot + 1) * n);
  const slotWeights = claims.map((c, t) => eqTableFast(c.point.subarray(6 * kbc), lambda.slice(6 * t, 6 * t + 6)));
  const eqs = claims.map((c) => eqTableFast(c.point.subarray(0, 6 * kbc)));
  // Σ_slot P_slot·W_slot = Σ_t eq_t·G_t with G_t = Σ_slot w_t(slot)·P_slot: the same round
  // polynomials from whichever of the two families of pairs is smaller (a round is bilinear in
  // its pair); from the claims' pairs the columns' values at the pc point are evaluated after.
  const bySlot = live.length <= claims.length;
  const pairs = bySlot
    ? live.map((slot) => {
      const b = new Uint32Array(6 * n);
      claims.forEach((_, t) => addScaled(b, eqs[t], slotWeights[t].subarray(6 * slot, 6 * slot + 6)));
      return { f: column(slot), kind: 'K' as Kind, b };
    })
    : claims.map((_, t) => {
      const g = new Uint32Array(6 * n);
      for (const slot of live) addScaledK(g, column(slot), slotWeights[t].subarray(6 * slot, 6 * slot + 6));
      return { f: g, kind: 'E' as Kind, b: eqs[t] };
    });
  const point = new Uint32Array(6 * vars);
  for (let j = 0; j < kbc; j++) point.set(productRound(ps, pairs), 6 * j);
  const top = { f: new Uint32Array(6 * BYTECODE_SLOTS), kind: 'E' as Kind, b: new Uint32Array(6 * BYTECODE_SLOTS) };
  const eqAtPoint = bySlot ? undefined : eqTableFast(point.subarray(0, 6 * kbc));
  live.forEach((slot, i) => top.f.set(eqAtPoint === undefined ? pairs[i].f.subarray(0, 6) : eKDot(eqAtPoint, 0, column(slot), 0, n), 6 * slot));
  claims.forEach((c, t) => addScaled(top.b, slotWeights[t], eqEval(c.point.subarray(0, 6 * kbc), point.subarray(0, 6 * kbc))));
  for (let j = 0; j < BUS_BITS; j++) point.set(productRound(ps, [top]), 6 * (kbc + j));
  const value = top.f.slice(0, 6);
  ps.addScalar(value);
  return { point, value };
}

/** A rank-one matrix weight: row ⊗ col on A₀ with cA, on B₀ with cB. */
interface RankOne {
  readonly row: Uint32Array;
  readonly col: Uint32Array;
  readonly cA: E;
  readonly cB: E;
}

function rankOnes(gamma: Uint32Array, inputs: readonly MatrixInput[]): RankOne[] {
  let g = 0;
  const coef = () => gamma.slice(6 * g, 6 * ++g);
  return inputs.map((m) => {
    if ('fresh' in m) {
      const { z, chiIn, alpha, chiInPrime, s } = m.fresh;
      const c = coef();
      return { row: rowWeights(z, chiIn), col: eqTableFast(chiInPrime, s), cA: c, cB: eMul(alpha, c) };
    }
    const p = m.carried.point;
    return { row: eqTable(p.subarray(0, 6 * K_LOG)), col: eqTable(p.subarray(6 * K_LOG)), cA: coef(), cB: coef() };
  });
}

function proveMatrixBatch(ps: ProverState, children: readonly ChildClaims[]): NodeClaims['matrix'] {
  const { inputs, coefficients } = matrixInputs(children);
  const gamma = ps.sampleVec(coefficients);
  const weights = rankOnes(gamma, inputs);
  const point = new Uint32Array(6 * MATRIX_VARS);
  // Rows: Σ_c row_c · (cA·A₀col_c + cB·B₀col_c).
  const rowPairs = weights.map((w) => {
    const walked = forwardWalk(w.col);
    const u = new Uint32Array(6 * BLOCK_BITS);
    addScaled(u, walked.a, w.cA);
    addScaled(u, walked.b, w.cB);
    return { f: w.row.slice(), kind: 'E' as Kind, b: u };
  });
  for (let j = 0; j < K_LOG; j++) point.set(productRound(ps, rowPairs), 6 * j);
  // Columns: (A₀ᵀ eq(r_row))·W_A(r_row, ·) + (B₀ᵀ eq(r_row))·W_B(r_row, ·).
  const eqRow = eqTable(point.subarray(0, 6 * K_LOG));
  const zero = new Uint32Array(eqRow.length);
  const wa = new Uint32Array(6 * BLOCK_BITS), wb = new Uint32Array(6 * BLOCK_BITS);
  weights.forEach((w, c) => {
    const rowAt = rowPairs[c].f.subarray(0, 6);
    addScaled(wa, w.col, eMul(w.cA, rowAt));
    addScaled(wb, w.col, eMul(w.cB, rowAt));
  });
  const colPairs = [
    { f: transposeWalk(eqRow, zero), kind: 'E' as Kind, b: wa },
    { f: transposeWalk(zero, eqRow), kind: 'E' as Kind, b: wb },
  ];
  for (let j = 0; j < K_LOG; j++) point.set(productRound(ps, colPairs), 6 * (K_LOG + j));
  const a = colPairs[0].f.slice(0, 6), b = colPairs[1].f.slice(0, 6);
  ps.addScalar(a);
  ps.addScalar(b);
  return { point, a, b };
}

/**
 * Proves the batch of `children`' claims (values must be true, or the node's claims are false
 * and its root rejected). `bytecodes`: the leaf and node programs' multilinears (bytecodeMultilinear).
 */
export function proveBatch(children: readonly ChildClaims[], shape: ClaimShape, bytecodes: { leaf: Uint32Array; node: Uint32Array }): BatchProof {
  const ps = new ProverState(BATCH_LABEL, []);
  observeChildren(ps, children, shape);
  const leafBytecode = proveBytecodeBatch(ps, bytecodes.leaf, leafBytecodeClaims(children), shape.leafVars)!;
  const nodeBytecode = proveBytecodeBatch(ps, bytecodes.node, nodeBytecodeClaims(children), shape.nodeVars) ?? emptyClaim(shape.nodeVars);
  const matrix = proveMatrixBatch(ps, children);
  return { stream: ps.finish().stream, claims: { leafBytecode, nodeBytecode, matrix } };
}

