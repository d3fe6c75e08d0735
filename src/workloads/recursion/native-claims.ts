// The deferred claims evaluated natively, as only the root's verifier does (docs/recursion.md §6):
// a bytecode multilinear at a point (the multilinear built once per program), and
// the circuit matrices at a point of 28 coordinates, eq(r_row)ᵀ·A₀·eq(r_col) and the same for B₀,
// from one forward walk of the circuit.
import type { E } from '../../field/e';
import { K_LOG } from '../../kernels/flock/layout';
import { forwardWalk } from '../../kernels/flock/walk';
import { eqTable } from '../../poly/eq';
import { innerProduct } from '../../poly/inner-product';
import { bytecodeMultilinear } from '../../vm/bytecode';
import type { Program } from '../../vm/program';
import { bytecodeAt } from '../../vm/verify/bytecode-at';
import { MATRIX_VARS, type NodeClaims, type PointClaim } from './claims';

/** MLE(P)(point) for `program`'s bytecode multilinear. */
export function bytecodeValue(program: Program, point: Uint32Array): E {
  return bytecodeAt(bytecodeMultilinear(program), point);
}

/** (Ã₀, B̃₀) at (r_row ‖ r_col). */
export function matrixValues(point: Uint32Array): { a: E; b: E } {
  if (point.length !== 6 * MATRIX_VARS) throw new RangeError(`a matrix point has ${MATRIX_VARS} coordinates, got ${point.length / 6}`);
  const rows = forwardWalk(eqTable(point.subarray(6 * K_LOG)));
  const eqRow = eqTable(point.subarray(0, 6 * K_LOG));
  return { a: innerProduct(rows.a, 'E', eqRow), b: innerProduct(rows.b, 'E', eqRow) };
}

/** A node's three claims with their values recomputed at their points (values never trusted). */
export function claimsAt(points: { leafBytecode: Uint32Array; nodeBytecode: Uint32Array; matrix: Uint32Array }, programs: { leaf: Program; node: Program }): NodeClaims {
  const at = (program: Program, point: Uint32Array): PointClaim => ({ point, value: bytecodeValue(program, point) });
  return {
    leafBytecode: at(programs.leaf, points.leafBytecode),
    nodeBytecode: at(programs.node, points.nodeBytecode),
    matrix: { point: points.matrix, ...matrixValues(points.matrix) },
  };
}
