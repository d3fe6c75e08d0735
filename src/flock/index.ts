// Flock: the batched BLAKE2s-compression R1CS over GF(2), its witness, and its reduction
// (zerocheck, then lincheck) to 64 bit-slice claims on the committed q_flock column.
export * from './errors';
export * from './layout';
export * from './compression';
export * from './witness';
export * from './walk';
export * from './skip-domain';
export * from './eq-table';
export { fixedChallenges, equalityPoint } from './zerocheck/challenges';
export type { ZerocheckClaim } from './zerocheck/claim';
export { type TailOptions, proveZerocheck, proveZerocheckOn } from './zerocheck/prover';
export { verifyZerocheck } from './zerocheck/verifier';
export type { ZerocheckColumns } from './zerocheck/skip-pass';
export { type FlockClaim, type FlockReduction, type MatrixTermClaim, lincheckClaim, lincheckSuffix } from './lincheck/claim';
export { proveLincheck } from './lincheck/prover';
export { checkMatrixTerm, lincheckTerminal, matrixTerm, verifyLincheck } from './lincheck/verifier';
export { foldBlocks } from './lincheck/fold-blocks';
export { rowWeights } from './lincheck/row-weights';
export * from './reduction';
export * from './verify';
