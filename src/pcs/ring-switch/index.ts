export * from './errors';
export * from './map';
export * from './target';
export * from './weight';
