export { ShapeError } from '../../util/errors';
export * from './placement';
export * from './claims';
export * from './batch';
export * from './weight';
export * from './commit';
export * from './prover';
export * from './verifier';
