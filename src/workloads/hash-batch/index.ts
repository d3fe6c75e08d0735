// The hash-batch workload: n BLAKE2s-256 digests of 64-byte messages, proved with Flock.
export * from './errors';
export * from './batch';
export * from './inputs';
export { type HashBatchStage, type HashBatchProveOptions, type HashBatchProof, HASH_BATCH_STAGES, proveHashBatch } from './prove';
export { type HashBatchVerdict, verifyHashBatch } from './verify';
