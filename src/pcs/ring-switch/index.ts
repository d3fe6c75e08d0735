export { ShapeError } from '../../util/errors';
export * from './map';
export * from './target';
export * from './weight';
