// The lincheck verifier (docs/protocol.md §9.4): replays the eight plain rounds, reads the 64 slice
// values s and checks the terminal identity with one forward walk of the circuit:
//   claim = e_rowᵀ(A_0 + αB_0)·w_col + α²·eq(χ_in, χ'_in)·Σ_s L_s(z)·s_s + α³·w_col[512],
// w_col[s + 64i] = s_s·eq(χ'_in, i) being the column weights the rounds left.
import { type E, eAdd, eEq, eMul, eMulAt, eOne } from '../../field/e';
import { eMulByTable, eMulTable } from '../../field/e-const';
import { eqTable } from '../../poly/eq';
import { VerificationError } from '../../transcript/errors';
import type { VerifierState } from '../../transcript/verifier-state';
import { BLOCK_BITS, CONST_POS } from '../../kernels/flock/layout';
import { SKIP_NODES, skipWeights } from '../../kernels/flock/skip-domain';
import { forwardWalk } from '../../kernels/flock/walk';
import type { ZerocheckClaim } from '../zerocheck/claim';
import { evalQuadratic } from '../zerocheck/verifier';
import { type FlockClaim, type MatrixTermClaim, lincheckClaim, lincheckSuffix } from './claim';
import { IN_VARS } from './row-weights';

/** Σ_i x[i]·y[i] over packed E arrays. */
function dot(x: Uint32Array, y: Uint32Array): E {
  const acc = new Uint32Array(6), p = new Uint32Array(6);
  for (let i = 0; i < x.length; i += 6) {
    eMulAt(p, 0, x, i, y, i);
    for (let k = 0; k < 6; k++) acc[k] ^= p[k];
  }
  return acc;
}

/** Σ_i b[i]·Σ_s a[s]·x[s + |a|·i]: the dot of x with the tensor a ⊗ b (packed E arrays). */
function tensorDot(a: Uint32Array, b: Uint32Array, x: Uint32Array): E {
  const n = a.length, inner = new Uint32Array(6), acc = new Uint32Array(6), p = new Uint32Array(6);
  for (let i = 0, o = 0; i < b.length; i += 6) {
    inner.fill(0);
    for (let s = 0; s < n; s += 6, o += 6) {
      eMulAt(p, 0, a, s, x, o);
      for (let k = 0; k < 6; k++) inner[k] ^= p[k];
    }
    eMulAt(p, 0, inner, 0, b, i);
    for (let k = 0; k < 6; k++) acc[k] ^= p[k];
  }
  return acc;
}

/** e_rowᵀ(A_0 + αB_0)·w_col for the claim's weights (its value is not read): one forward walk. */
export function matrixTerm(c: Omit<MatrixTermClaim, 'value'>): E {
  const rows = forwardWalk(columnWeights(c.chiInPrime, c.s));
  const t = eMulTable(c.alpha);
  for (let k = 0; k < rows.a.length; k += 6) {
    eMulByTable(t, rows.b, k, rows.b, k);
    for (let i = 0; i < 6; i++) rows.a[k + i] ^= rows.b[k + i];
  }
  // e_row = L(z) ⊗ eq(χ_in, ·) is never built: Σ_i eq_i·Σ_s L_s·R[s + 64i] takes 2^14 + 2^8
  // products instead of 2^14 for the table and 2^14 for the dot.
  return tensorDot(skipWeights(c.z), eqTable(c.chiIn), rows.a);
}

/** w_col[s + 64i] = s_s·eq(χ'_in, i): the column weights the rounds left. */
function columnWeights(chiInPrime: Uint32Array, s: Uint32Array): Uint32Array {
  const eqPrime = eqTable(chiInPrime);
  const wCol = new Uint32Array(6 * BLOCK_BITS);
  for (let i = 0; i < BLOCK_BITS / SKIP_NODES; i++) {
    for (let j = 0; j < SKIP_NODES; j++) eMulAt(wCol, 6 * (SKIP_NODES * i + j), s, 6 * j, eqPrime, 6 * i);
  }
  return wCol;
}

/** The terminal identity's succinct terms: α²·eq(χ_in, χ'_in)·Σ_s L_s(z)·s_s + α³·w_col[512]. */
function succinctTerms(zc: ZerocheckClaim, alpha: E, chiInPrime: Uint32Array, s: Uint32Array): E {
  const chiIn = zc.chi.subarray(0, 6 * IN_VARS);
  let eqInIn: E = eOne();
  for (let i = 0; i < IN_VARS; i++) {
    const f = eAdd(chiIn.subarray(6 * i, 6 * i + 6), chiInPrime.subarray(6 * i, 6 * i + 6));
    f[0] ^= 1;
    eqInIn = eMul(eqInIn, f);
  }
  const a2 = eMul(alpha, alpha);
  const cTerm = eMul(eMul(a2, eqInIn), dot(skipWeights(zc.z), s));
  // w_col[512] = s_0·eq(χ'_in, 8): CONST_POS = 0 + 64·8.
  const i = CONST_POS / SKIP_NODES, j = CONST_POS % SKIP_NODES;
  let eqAt: E = eOne();
  for (let b = 0; b < IN_VARS; b++) {
    const f = chiInPrime.slice(6 * b, 6 * b + 6);
    if (((i >> b) & 1) === 0) f[0] ^= 1;
    eqAt = eMul(eqAt, f);
  }
  const pin = eMul(eMul(a2, alpha), eMul(s.subarray(6 * j, 6 * j + 6), eqAt));
  return eAdd(cTerm, pin);
}

/** The right-hand side of the terminal identity for slice values s at the round point χ'_in. */
export function lincheckTerminal(zc: ZerocheckClaim, alpha: E, chiInPrime: Uint32Array, s: Uint32Array): E {
  const matrix = matrixTerm({ z: zc.z, chiIn: zc.chi.subarray(0, 6 * IN_VARS), alpha, chiInPrime, s });
  return eAdd(matrix, succinctTerms(zc, alpha, chiInPrime, s));
}

/** Checks a matrix term by walking the circuit (the lincheck's own check when nothing is deferred). */
export function checkMatrixTerm(c: MatrixTermClaim): void {
  if (!eEq(matrixTerm(c), c.value)) {
    throw new VerificationError('Flock lincheck terminal identity fails: the slice values do not match the zerocheck claims');
  }
}

/**
 * Replays the lincheck after the zerocheck `zc`. Its terminal identity less the succinct terms is
 * the matrix term, handed to `onMatrix`: checked at once by default (a VerificationError on a
 * mismatch), or kept by a caller that defers it (docs/recursion.md §2.1).
 */
export function verifyLincheck(zc: ZerocheckClaim, vs: VerifierState, onMatrix: (c: MatrixTermClaim) => void = checkMatrixTerm): FlockClaim {
  const alpha = vs.sample();
  let claim = lincheckClaim(zc, alpha);
  const rounds = new Uint32Array(6 * IN_VARS);
  for (let round = 0; round < IN_VARS; round++) {
    const coeffs = vs.nextRoundPoly(3, claim, null);
    const rho = vs.sample();
    rounds.set(rho, 6 * round);
    claim = evalQuadratic(coeffs, rho);
  }
  const s = vs.nextScalars(SKIP_NODES);
  const suffix = lincheckSuffix(rounds, zc.chi.subarray(6 * IN_VARS));
  const chiInPrime = suffix.slice(0, 6 * IN_VARS);
  const value = eAdd(claim, succinctTerms(zc, alpha, chiInPrime, s));
  onMatrix({ z: zc.z, chiIn: zc.chi.slice(0, 6 * IN_VARS), alpha, chiInPrime, s, value });
  return { suffix, s };
}
