export { ShapeError } from '../util/errors';
export * from './table';
export * from './eq';
export * from './fold';
export * from './mle';
export * from './inner-product';
export * from './round';
export * from './column-weight';
export * from './bulk';
