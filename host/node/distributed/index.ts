// Aggregation trees across machines (docs/distributed.md): leaves and nodes as BullMQ jobs on
// Redis, proved by any number of workers.
export { DEFAULT_PREFIX, type RedisTarget, TREE_QUEUES, type TreeQueue } from './connection';
export { type ChildRef, jobIdAt, type LeafJobData, leafDigest, type NodeJobData, nodeDigest, type SignerEntry, type TreeJobData, type TreeJobResult } from './jobs';
export { type TreeManifest } from './manifest';
export { type SubmitOptions, type Submitted, submitTree, type TreeSigner } from './submit';
export { type BlockedJob, type LevelStatus, type RunningJob, treeStatus, type TreeStatus } from './status';
export { type Refusal } from './refusals';
export { type FetchOptions, fetchTree } from './fetch';
export { runWorker, type TreeWorker, type WorkerCounts, type WorkerOptions } from './worker';
export { TreeError, type TreeFailure, type TreeProblem } from './tree-errors';
