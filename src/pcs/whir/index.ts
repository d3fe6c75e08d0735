export { ShapeError } from '../../util/errors';
export * from './config';
export * from './queries';
export * from './claims';
export * from './commit';
export * from './prover';
export * from './verifier';
