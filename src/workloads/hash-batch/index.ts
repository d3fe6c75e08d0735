// The hash-batch workload: n BLAKE2s-256 digests of 64-byte messages, proved with Flock.
export * from './errors';
export * from './batch';
export * from './inputs';
export * from './statement';
export { type HashBatchStage, type HashBatchProveOptions, type HashBatchProof, type StageTraffic, HASH_BATCH_STAGES, proveHashBatch, proveStatement } from './prove';
export { describeTraffic, overBudget, totalTraffic } from './traffic';
export { type HashBatchVerdict, type HashBatchVerifyOptions, verifyHashBatch, verifyStatement } from './verify';
