export { ShapeError } from '../util/errors';
export * from './k';
export * from './e';
export * from './gf8';
export * from './phi8';
export * from './pack';
export * from './e-const';
export * from './clmul';
export * from './e-linear';
