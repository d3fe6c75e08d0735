// A node's deferred claims (docs/recursion.md §2.2, §4.2): one claim on each fixed polynomial the
// VM never evaluates — the leaf program's bytecode multilinear, the node program's, and Flock's
// two circuit matrices at one point — and their scalars in statement order.
import type { E } from '../../field/e';
import { K_LOG } from '../../kernels/flock/layout';
import { BUS_BITS } from '../../vm/tables/bus';

/** MLE(poly)(point) = value. */
export interface PointClaim {
  readonly point: Uint32Array;
  readonly value: E;
}

/** Ã₀(point) = a and B̃₀(point) = b, the point's 14 row coordinates first, then 14 column. */
export interface MatrixClaim {
  readonly point: Uint32Array;
  readonly a: E;
  readonly b: E;
}

export interface NodeClaims {
  readonly leafBytecode: PointClaim;
  readonly nodeBytecode: PointClaim;
  readonly matrix: MatrixClaim;
}

/** The matrices' variables: row index, then column index, 14 bits each. */
export const MATRIX_VARS = 2 * K_LOG;

/** Variables of a bytecode multilinear of 2^kbc slots. */
export const bytecodeVars = (kbc: number): number => kbc + BUS_BITS;

/** Coordinates of each point of a node whose programs have 2^kLeaf and 2^kNode slots. */
export interface ClaimShape {
  readonly leafVars: number;
  readonly nodeVars: number;
}

/** The claims' scalars in statement order (leaf point, value, node point, value, matrix point, a, b). */
export function claimScalars(c: NodeClaims): Uint32Array {
  const parts = [c.leafBytecode.point, c.leafBytecode.value, c.nodeBytecode.point, c.nodeBytecode.value, c.matrix.point, c.matrix.a, c.matrix.b];
  return Uint32Array.from(parts.flatMap((p) => Array.from(p)));
}

/** claimScalars' inverse for a shape; RangeError on the wrong length. */
export function claimsFromScalars(words: Uint32Array, shape: ClaimShape): NodeClaims {
  const want = 6 * (shape.leafVars + 1 + shape.nodeVars + 1 + MATRIX_VARS + 2);
  if (words.length !== want) throw new RangeError(`node claims take ${want / 6} scalars, got ${words.length / 6}`);
  let at = 0;
  const take = (n: number): Uint32Array => words.slice(6 * at, 6 * (at += n));
  const leafBytecode = { point: take(shape.leafVars), value: take(1) };
  const nodeBytecode = { point: take(shape.nodeVars), value: take(1) };
  return { leafBytecode, nodeBytecode, matrix: { point: take(MATRIX_VARS), a: take(1), b: take(1) } };
}

/** The claims' shape, or a RangeError naming the point of the wrong length. */
export function checkClaimShape(c: NodeClaims, shape: ClaimShape): void {
  const check = (what: string, p: Uint32Array, vars: number) => {
    if (p.length !== 6 * vars) throw new RangeError(`the ${what} point has ${p.length / 6} coordinates, not ${vars}`);
  };
  check('leaf bytecode', c.leafBytecode.point, shape.leafVars);
  check('node bytecode', c.nodeBytecode.point, shape.nodeVars);
  check('matrix', c.matrix.point, MATRIX_VARS);
}
