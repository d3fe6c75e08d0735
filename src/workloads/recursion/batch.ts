// The deferred-claim batching of a node (docs/recursion.md §2.3, §3): its children's fresh and
// carried claims reduced to one claim per polynomial by sumchecks on a transcript of its own.
// This is the verifier (the node program's twin and the tests' reference); the host prover is
// ./batch-prove.ts, which shares the transcript's opening and the claims' order from here.
import { type E, eAdd, eEq, eMul, eZero } from '../../field/e';
import type { MatrixTermClaim } from '../../flock/lincheck/claim';
import { K_LOG, K_SKIP } from '../../kernels/flock/layout';
import { skipWeights } from '../../kernels/flock/skip-domain';
import { evalQuadratic } from '../../flock/zerocheck/verifier';
import { eqEval, eqTable } from '../../poly/eq';
import { innerProduct } from '../../poly/inner-product';
import type { Channel } from '../../transcript/channel';
import { VerificationError } from '../../transcript/errors';
import { VerifierState } from '../../transcript/verifier-state';
import type { DeferredClaims } from '../../vm/verify/deferred';
import { type ClaimShape, checkClaimShape, claimScalars, MATRIX_VARS, type MatrixClaim, type NodeClaims, type PointClaim } from './claims';

/** The batching transcript's label. */
export const BATCH_LABEL = 'leanvm-gpu/recursion-batch/v1';
/** The most children a node verifies. */
export const MAX_CHILDREN = 16;

export type ChildKind = 'leaf' | 'node';

/** What a child brings to its parent's batching: its verification's fresh claims (values
 * included) and, for a node, the claims its statement carries. */
export interface ChildClaims {
  readonly kind: ChildKind;
  readonly fresh: DeferredClaims;
  readonly carried?: NodeClaims;
}

const small = (n: number): E => Uint32Array.of(n, 0, 0, 0, 0, 0);

/** RangeError unless 1..16 children, each with claims of the shape its kind has. */
export function checkChildClaims(children: readonly ChildClaims[], shape: ClaimShape): void {
  if (children.length < 1 || children.length > MAX_CHILDREN) throw new RangeError(`a node batches 1 to ${MAX_CHILDREN} children, got ${children.length}`);
  children.forEach((c, i) => {
    const vars = c.kind === 'leaf' ? shape.leafVars : shape.nodeVars;
    if (c.fresh.bytecode.point.length !== 6 * vars) throw new RangeError(`child ${i}: its fresh bytecode point has ${c.fresh.bytecode.point.length / 6} coordinates, a ${c.kind}'s ${vars}`);
    if ((c.kind === 'node') !== (c.carried !== undefined)) throw new RangeError(`child ${i}: a ${c.kind} ${c.kind === 'node' ? 'carries' : 'carries no'} claims`);
    if (c.carried !== undefined) checkClaimShape(c.carried, shape);
  });
}

/** The matrix term's scalars in transcript order: z, χ_in, α, χ'_in, s, value. */
function termScalars(m: MatrixTermClaim): Uint32Array[] {
  return [m.z, m.chiIn, m.alpha, m.chiInPrime, m.s, m.value];
}

/** Step 1–2 of the transcript: the count, then each child's kind and claims. */
export function observeChildren(ch: Channel, children: readonly ChildClaims[], shape: ClaimShape): void {
  checkChildClaims(children, shape);
  ch.observeScalar(small(children.length));
  for (const c of children) {
    ch.observeScalar(small(c.kind === 'leaf' ? 0 : 1));
    ch.observeScalars(c.fresh.bytecode.point);
    ch.observeScalar(c.fresh.bytecode.value);
    for (const part of termScalars(c.fresh.matrix)) ch.observeScalars(part);
    if (c.carried !== undefined) ch.observeScalars(claimScalars(c.carried));
  }
}

/** The P_L claims in batching order: a leaf's fresh one, a node's carried one. */
export const leafBytecodeClaims = (children: readonly ChildClaims[]): PointClaim[] =>
  children.map((c) => (c.kind === 'leaf' ? c.fresh.bytecode : c.carried!.leafBytecode));

/** The P_N claims in batching order: per node child its fresh one, then its carried one. */
export const nodeBytecodeClaims = (children: readonly ChildClaims[]): PointClaim[] =>
  children.flatMap((c) => (c.kind === 'node' ? [c.fresh.bytecode, c.carried!.nodeBytecode] : []));

/** A matrix claim of the batch: a child's fresh term, or a carried point claim (a and b). */
export type MatrixInput = { readonly fresh: MatrixTermClaim } | { readonly carried: MatrixClaim };

/** The matrix claims in batching order (per child: its fresh term, then its carried claim) and
 * how many coefficients they draw (one a fresh term, two a carried claim). */
export function matrixInputs(children: readonly ChildClaims[]): { inputs: MatrixInput[]; coefficients: number } {
  const inputs: MatrixInput[] = children.flatMap((c) => (c.carried ? [{ fresh: c.fresh.matrix }, { carried: c.carried.matrix }] : [{ fresh: c.fresh.matrix }]));
  return { inputs, coefficients: inputs.reduce((n, m) => n + ('fresh' in m ? 1 : 2), 0) };
}

/** Σ_t λ_t·v_t for packed λ. */
export function batchedValue(lambda: Uint32Array, values: readonly E[]): E {
  let acc = eZero();
  values.forEach((v, t) => (acc = eAdd(acc, eMul(lambda.subarray(6 * t, 6 * t + 6), v))));
  return acc;
}

/** The matrix claims' batched value: γ·T for a fresh term, γ_a·a + γ_b·b for a carried claim. */
export function matrixBatchedValue(gamma: Uint32Array, inputs: readonly MatrixInput[]): E {
  const values: E[] = inputs.flatMap((m) => ('fresh' in m ? [m.fresh.value] : [m.carried.a, m.carried.b]));
  return batchedValue(gamma, values);
}

/** MLE of e_row = L(z) ⊗ eq(χ_in, ·) at r_row (14 coordinates). */
export function rowWeightAt(m: MatrixTermClaim, rRow: Uint32Array): E {
  const lo = innerProduct(skipWeights(m.z), 'E', eqTable(rRow.subarray(0, 6 * K_SKIP)));
  return eMul(lo, eqEval(m.chiIn, rRow.subarray(6 * K_SKIP, 6 * K_LOG)));
}

/** MLE of w_col = s ⊗ eq(χ'_in, ·) at r_col (14 coordinates). */
export function columnWeightAt(m: MatrixTermClaim, rCol: Uint32Array): E {
  const lo = innerProduct(m.s, 'E', eqTable(rCol.subarray(0, 6 * K_SKIP)));
  return eMul(lo, eqEval(m.chiInPrime, rCol.subarray(6 * K_SKIP, 6 * K_LOG)));
}

/** (W_A(r), W_B(r)): the batched matrix weights at the final point (docs/recursion.md §2.3). */
export function matrixWeightsAt(gamma: Uint32Array, inputs: readonly MatrixInput[], r: Uint32Array): { wa: E; wb: E } {
  const rRow = r.subarray(0, 6 * K_LOG), rCol = r.subarray(6 * K_LOG);
  let wa = eZero(), wb = eZero(), g = 0;
  const coef = () => gamma.subarray(6 * g, 6 * ++g);
  for (const m of inputs) {
    if ('fresh' in m) {
      const w = eMul(coef(), eMul(rowWeightAt(m.fresh, rRow), columnWeightAt(m.fresh, rCol)));
      wa = eAdd(wa, w);
      wb = eAdd(wb, eMul(m.fresh.alpha, w));
    } else {
      const e = eqEval(m.carried.point, r);
      wa = eAdd(wa, eMul(coef(), e));
      wb = eAdd(wb, eMul(coef(), e));
    }
  }
  return { wa, wb };
}

/** `vars` plain degree-2 rounds from `claim`: the point (LSB first) and the last claim. */
function verifyRounds(vs: VerifierState, claim: E, vars: number): { point: Uint32Array; claim: E } {
  const point = new Uint32Array(6 * vars);
  for (let j = 0; j < vars; j++) {
    const coeffs = vs.nextRoundPoly(3, claim, null);
    const r = vs.sample();
    point.set(r, 6 * j);
    claim = evalQuadratic(coeffs, r);
  }
  return { point, claim };
}

/** One bytecode polynomial's batch: the output claim (null for no input claims: nothing read). */
function verifyBytecodeBatch(vs: VerifierState, claims: readonly PointClaim[], vars: number, what: string): PointClaim | null {
  if (claims.length === 0) return null;
  const lambda = vs.sampleVec(claims.length);
  const end = verifyRounds(vs, batchedValue(lambda, claims.map((c) => c.value)), vars);
  const value = vs.nextScalar();
  let weight = eZero();
  claims.forEach((c, t) => (weight = eAdd(weight, eMul(lambda.subarray(6 * t, 6 * t + 6), eqEval(c.point, end.point)))));
  if (!eEq(end.claim, eMul(value, weight))) throw new VerificationError(`deferred-claim batch, ${what}: the last round's claim is not the value times the batched weight`);
  return { point: end.point, value };
}

/**
 * Reads a batch's stream against the children's claims: the node's claims, and the matrix
 * sumcheck's last claim with the batched weights at its point, the one identity a and b must meet
 * (a·W_A + b·W_B; the root's native evaluation pins them apart). Throws as verifyBatch, but for
 * that identity.
 */
export function readBatch(children: readonly ChildClaims[], shape: ClaimShape, stream: Uint32Array): { claims: NodeClaims; matrixEnd: { claim: E; wa: E; wb: E } } {
  const vs = new VerifierState(BATCH_LABEL, [], { stream, merkle: [] });
  observeChildren(vs, children, shape);
  const leafBytecode = verifyBytecodeBatch(vs, leafBytecodeClaims(children), shape.leafVars, 'leaf bytecode')!;
  const nodeBytecode = verifyBytecodeBatch(vs, nodeBytecodeClaims(children), shape.nodeVars, 'node bytecode') ?? emptyClaim(shape.nodeVars);
  const { inputs, coefficients } = matrixInputs(children);
  const gamma = vs.sampleVec(coefficients);
  const end = verifyRounds(vs, matrixBatchedValue(gamma, inputs), MATRIX_VARS);
  const a = vs.nextScalar(), b = vs.nextScalar();
  vs.finish();
  return { claims: { leafBytecode, nodeBytecode, matrix: { point: end.point, a, b } }, matrixEnd: { claim: end.claim, ...matrixWeightsAt(gamma, inputs, end.point) } };
}

/**
 * Checks a batch's stream against the children's claims and returns the node's claims. Throws a
 * VerificationError naming the failing polynomial (or a stream not consumed exactly), a
 * RangeError for children of the wrong shape.
 */
export function verifyBatch(children: readonly ChildClaims[], shape: ClaimShape, stream: Uint32Array): NodeClaims {
  const { claims, matrixEnd: { claim, wa, wb } } = readBatch(children, shape, stream);
  if (!eEq(claim, eAdd(eMul(claims.matrix.a, wa), eMul(claims.matrix.b, wb)))) throw new VerificationError('deferred-claim batch, matrices: the last round\'s claim is not a·W_A + b·W_B');
  return claims;
}

/** The claim a node with no P_N claim publishes: (0, 0), true as P's slot 0 is zero. */
export function emptyClaim(vars: number): PointClaim {
  return { point: new Uint32Array(6 * vars), value: eZero() };
}
