// The platform-neutral library: fields, hashing, transcript, the backend seam. No Node or DOM imports.
export * from './util/errors';
/** @deprecated FieldError is ShapeError, the one wrong-shape error (docs/architecture.md). */
export { ShapeError as FieldError } from './util/errors';
export * from './field/index';
export * from './hash/blake2s';
export * from './transcript/index';
export * from './backend/backend';
export type * from './backend/flock-passes';
export type { WitnessInputs } from './kernels/flock/witness';
export type { EntryWeights } from './kernels/flock/materialize';
export type { VmForm, VmKernels } from './backend/vm-kernels';
export { createCpuBackend } from './backend/cpu/index';
export { createWebGpuBackend } from './backend/webgpu/index';
export { AbortError } from './backend/abort';
export { fieldSelfCheck, type SelfCheckResult } from './backend/selfcheck';
export { SplitMix64 } from './util/splitmix64';
export { OptionsError } from './util/options';
export * from './workloads/hash-batch/index';
export * from './workloads/xmss-aggregate/index';
// aggregate and verifyAggregate over leaves and nodes (explicit exports shadow the leaf-only ones above)
export { aggregate, type TreeAggregateOptions, type TreeAggregateRequest, verifyAggregate } from './workloads/recursion/api';
export {
  AGGREGATE_FILE_VERSION, AggregateFileError, type AggregateFileProblem, aggregateTree, ChildCheckError, type ChildProblem, type ChildSource,
  compiledNodeProgram, decodeTreeAggregate, defaultNodeProgram, encodeTreeAggregate, type IndexRange, type LeafAggregate, MAX_CHILDREN, NODE_MAX_SIGNERS, NODE_PROGRAM_DIGEST, NODE_STAGES,
  type NodeAggregate, type NodePoints, type NodeProgram, NodeProgramError, type NodeProgramProblem, type NodeStage, type NodeStats, type NodeWitnessInput,
  type PlannedNode, planProofs, planTree, type TreeAggregate, type TreeOptions, type TreePlan, TreePlanError, type TreePlanProblem, type TreePosition,
  type TreeProgress, type TreeRequest, type TreeStats,
} from './workloads/recursion/index';
export * from './xmss/index';
export * from './vm/index';
