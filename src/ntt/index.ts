export { ShapeError } from '../util/errors';
export * from './subspace';
export * from './twiddles';
export * from './transform';
export * from './encode';
export * from './split';
