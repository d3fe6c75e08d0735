// Flock: the batched BLAKE2s-compression R1CS over GF(2), its witness, and its reduction
// (zerocheck, then lincheck) to 64 bit-slice claims on the committed q_flock column.
export { ShapeError } from '../util/errors';
export * from '../kernels/flock/layout';
export * from '../kernels/flock/compression';
export * from '../kernels/flock/witness';
export * from '../kernels/flock/walk';
export * from '../kernels/flock/skip-domain';
export * from '../kernels/flock/eq-table';
export { fixedChallenges, equalityPoint } from '../kernels/flock/challenges';
export type { ZerocheckClaim } from './zerocheck/claim';
export { type TailOptions, proveZerocheck, proveZerocheckOn } from './zerocheck/prover';
export { verifyZerocheck } from './zerocheck/verifier';
export type { ZerocheckColumns } from '../kernels/flock/skip-pass';
export { type FlockClaim, type FlockReduction, type MatrixTermClaim, lincheckClaim, lincheckSuffix } from './lincheck/claim';
export { proveLincheck } from './lincheck/prover';
export { checkMatrixTerm, lincheckTerminal, matrixTerm, verifyLincheck } from './lincheck/verifier';
export { foldBlocks } from '../kernels/flock/fold-blocks';
export { rowWeights } from './lincheck/row-weights';
export * from './reduction';
export * from './verify';
