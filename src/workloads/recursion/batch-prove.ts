// The prover of a node's deferred-claim batch (docs/recursion.md §2.3, §3), on the transcript
// ./batch.ts verifies; its sumcheck rounds run on a backend (./product-rounds.ts). The bytecode
// sumchecks run on the program's multilinear (K) against the λ-sum of the claims' eq tables, on
// its nine nonzero slots; the matrix one never builds the 2^28 cube: every claim's weight is
// rank one, row ⊗ column, so its row rounds are Σ_c row_c·(M·col_c), one forward walk a claim,
// and its column rounds (Mᵀ·eq(r_row))·W(r_row, ·), two transpose walks.
import type { Backend } from '../../backend/backend';
import { type E, eMul, eOne } from '../../field/e';
import { eqTableFast } from '../../kernels/flock/eq-table';
import { K_LOG, BLOCK_BITS } from '../../kernels/flock/layout';
import { rowWeightsOn } from '../../flock/lincheck/row-weights-on';
import { forwardWalk, transposeWalk } from '../../kernels/flock/walk';
import { addScaled } from '../../poly/bulk';
import { eqEval, eqTable } from '../../poly/eq';
import { ProverState } from '../../transcript/prover-state';
import { BYTECODE_COLUMNS, BYTECODE_FIRST_COLUMN, BYTECODE_SLOTS } from '../../vm/bytecode';
import { BUS_BITS } from '../../vm/tables/bus';
import {
  BATCH_LABEL, type ChildClaims, emptyClaim, leafBytecodeClaims, type MatrixInput, matrixInputs, nodeBytecodeClaims, observeChildren,
} from './batch';
import { type ClaimShape, MATRIX_VARS, type NodeClaims, type PointClaim } from './claims';
import { freePairs, makePairs, productRounds, uploadPairs } from './product-rounds';

/** The batch's stream and the node's claims it proves. */
export interface BatchProof {
  readonly stream: Uint32Array;
  readonly claims: NodeClaims;
}

/**
 * One bytecode polynomial's batch over P (bytecodeMultilinear: 16 slot columns of 2^kbc K words;
 * no claims: nothing sent). Only slots 3..11 of P are nonzero, so the kbc pc rounds run on those
 * nine columns against W restricted to them, W_slot = Σ_t λ_t·eq(σ_t, slot)·eq(q_t, ·) for a
 * claim's point (q_t ‖ σ_t): the other slots' products are zero whatever their weights. The four
 * slot rounds then run on the 16 columns bound at the pc point r, against every slot's weight
 * there, Σ_t λ_t·eq(σ_t, slot)·eq(q_t, r) (a pair of slots mixes a zero column with a live one).
 * The pc rounds run on `backend`.
 */
async function proveBytecodeBatch(backend: Backend, ps: ProverState, bytecode: Uint32Array, claims: readonly PointClaim[], vars: number): Promise<PointClaim | null> {
  if (claims.length === 0) return null;
  if (bytecode.length !== 2 << vars) throw new RangeError(`a bytecode multilinear of ${vars} variables has ${2 << vars} words, got ${bytecode.length}`);
  const kbc = vars - BUS_BITS, n = 1 << kbc;
  const live = Array.from({ length: BYTECODE_COLUMNS }, (_, i) => BYTECODE_FIRST_COLUMN + i);
  const lambda = ps.sampleVec(claims.length);
  const slotWeights = claims.map((c, t) => eqTableFast(c.point.subarray(6 * kbc), lambda.slice(6 * t, 6 * t + 6)));
  // Each live slot's column against its W_slot: every claim's eq table added in with its weight.
  const pairs = await makePairs(backend, live.length, (i) => backend.upload('K', bytecode.subarray(2 * live[i] * n, 2 * (live[i] + 1) * n)), () => backend.alloc('E', n));
  try {
    for (const [t, c] of claims.entries()) {
      const eq = await backend.eqTable(c.point.subarray(0, 6 * kbc), eOne());
      try {
        for (const [i, slot] of live.entries()) await backend.addScaled(pairs[i].b, eq, 0, slotWeights[t].subarray(6 * slot, 6 * slot + 6));
      } finally {
        backend.free(eq);
      }
    }
  } catch (e) {
    freePairs(backend, pairs);
    throw e;
  }
  const point = new Uint32Array(6 * vars);
  const atPoint = await productRounds(backend, ps, pairs, kbc, point, 0);
  const f = new Uint32Array(6 * BYTECODE_SLOTS), b = new Uint32Array(6 * BYTECODE_SLOTS);
  live.forEach((slot, i) => f.set(atPoint[i], 6 * slot));
  claims.forEach((c, t) => addScaled(b, slotWeights[t], eqEval(c.point.subarray(0, 6 * kbc), point.subarray(0, 6 * kbc))));
  const [value] = await productRounds(backend, ps, await uploadPairs(backend, [{ f, b }]), BUS_BITS, point, kbc);
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

/** The weights, a fresh child's row weights multiplied out on `backend`. */
async function rankOnes(backend: Backend, gamma: Uint32Array, inputs: readonly MatrixInput[]): Promise<RankOne[]> {
  let g = 0;
  const coef = () => gamma.slice(6 * g, 6 * ++g);
  const weights: RankOne[] = [];
  for (const m of inputs) {
    if ('fresh' in m) {
      const { z, chiIn, alpha, chiInPrime, s } = m.fresh;
      const c = coef();
      weights.push({ row: await rowWeightsOn(backend, z, chiIn), col: eqTableFast(chiInPrime, s), cA: c, cB: eMul(alpha, c) });
    } else {
      const p = m.carried.point;
      weights.push({ row: eqTable(p.subarray(0, 6 * K_LOG)), col: eqTable(p.subarray(6 * K_LOG)), cA: coef(), cB: coef() });
    }
  }
  return weights;
}

async function proveMatrixBatch(backend: Backend, ps: ProverState, children: readonly ChildClaims[]): Promise<NodeClaims['matrix']> {
  const { inputs, coefficients } = matrixInputs(children);
  const gamma = ps.sampleVec(coefficients);
  const weights = await rankOnes(backend, gamma, inputs);
  const point = new Uint32Array(6 * MATRIX_VARS);
  // Rows: Σ_c row_c · (cA·A₀col_c + cB·B₀col_c).
  const rowPairs = weights.map((w) => {
    const walked = forwardWalk(w.col);
    const u = new Uint32Array(6 * BLOCK_BITS);
    addScaled(u, walked.a, w.cA);
    addScaled(u, walked.b, w.cB);
    return { f: w.row, b: u };
  });
  const rowsAt = await productRounds(backend, ps, await uploadPairs(backend, rowPairs), K_LOG, point, 0);
  // Columns: (A₀ᵀ eq(r_row))·W_A(r_row, ·) + (B₀ᵀ eq(r_row))·W_B(r_row, ·).
  const eqRow = eqTable(point.subarray(0, 6 * K_LOG));
  const zero = new Uint32Array(eqRow.length);
  const wa = new Uint32Array(6 * BLOCK_BITS), wb = new Uint32Array(6 * BLOCK_BITS);
  weights.forEach((w, c) => {
    addScaled(wa, w.col, eMul(w.cA, rowsAt[c]));
    addScaled(wb, w.col, eMul(w.cB, rowsAt[c]));
  });
  const colPairs = [{ f: transposeWalk(eqRow, zero), b: wa }, { f: transposeWalk(zero, eqRow), b: wb }];
  const [a, b] = await productRounds(backend, ps, await uploadPairs(backend, colPairs), K_LOG, point, K_LOG);
  ps.addScalar(a);
  ps.addScalar(b);
  return { point, a, b };
}

/**
 * Proves the batch of `children`' claims (values must be true, or the node's claims are false
 * and its root rejected), its rounds on `backend`. `bytecodes`: the leaf and node programs'
 * multilinears (bytecodeMultilinear).
 */
export async function proveBatch(backend: Backend, children: readonly ChildClaims[], shape: ClaimShape, bytecodes: { leaf: Uint32Array; node: Uint32Array }): Promise<BatchProof> {
  const ps = new ProverState(BATCH_LABEL, []);
  observeChildren(ps, children, shape);
  const leafBytecode = (await proveBytecodeBatch(backend, ps, bytecodes.leaf, leafBytecodeClaims(children), shape.leafVars))!;
  const nodeBytecode = (await proveBytecodeBatch(backend, ps, bytecodes.node, nodeBytecodeClaims(children), shape.nodeVars)) ?? emptyClaim(shape.nodeVars);
  const matrix = await proveMatrixBatch(backend, ps, children);
  return { stream: ps.finish().stream, claims: { leafBytecode, nodeBytecode, matrix } };
}
