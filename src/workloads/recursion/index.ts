// Aggregates of aggregates, the host side (docs/recursion.md): node claims and their native
// evaluation, the deferred-claim batch, the node statement, the signer union, aggregate files v2,
// verification of both kinds and the child pre-check. Not re-exported by the package yet: a node
// proof needs the node program (programs/aggregate-node.py), and proveNode stays internal until
// it lands.
export * from './claims';
export * from './errors';
export * from './statement';
export { type SignerUnion, signerUnion } from './union';
export { bytecodeValue, claimsAt, matrixValues } from './native-claims';
export { BATCH_LABEL, type ChildClaims, type ChildKind, MAX_CHILDREN, verifyBatch } from './batch';
export { type BatchProof, proveBatch } from './batch-prove';
export { batchHints } from './batch-hints';
export { AGGREGATE_FILE_VERSION, decodeTreeAggregate, encodeTreeAggregate, type LeafAggregate, type NodeAggregate, type NodePoints, type TreeAggregate } from './aggregate-file';
export { type TreePrograms, type TreeVerdict, treeShape, verifyTreeAggregate } from './verify';
export { type CheckedChild, type ChildSource, checkChildren } from './children';
export { defaultNodeProgram, type NodeProgram } from './node-program';
export { compiledNodeProgram, NODE_PROGRAM_DIGEST } from './compiled-node';
export { NODE_STAGES, type NodeProveOptions, type NodeRequest, type NodeStage, type NodeStats, type NodeWitnessInput, proveNode } from './node-prove';
export { type IndexRange, type PlannedNode, planProofs, planTree, type TreePlan } from './tree-plan';
export { aggregateTree, type TreeOptions, type TreePosition, type TreeProgress, type TreeRequest, type TreeStats } from './tree-aggregate';
export { aggregate, type TreeAggregateOptions, type TreeAggregateRequest, verifyAggregate } from './api';
