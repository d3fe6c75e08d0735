export * from './errors';
export * from './leaves';
export * from './tree';
export * from './opening';
