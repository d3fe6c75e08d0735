// The XMSS aggregation workload: n signatures on one (message, epoch) by n distinct keys, checked
// natively and turned into the witness of programs/aggregate-xmss.py, whose public input is the
// statement digest computed here, proved as one VM proof and verified against the pinned
// program (docs/xmss-aggregation.md).
export * from './errors';
export * from './statement';
export { type AggregateRequest, type AggregateSigner, type CheckedSigner, checkSigners } from './signers';
export { type AggregateWitness, N_BITS, aggregateWitness } from './witness';
export { annotatedProgram, witnessAnnotations, witnessJson } from './annotations';
export { AGGREGATE_PROGRAM_DIGEST, AGGREGATION_PROGRAM_BYTES, aggregationProgram } from './program';
export { AGGREGATE_MAGIC, AGGREGATE_VERSION, type Aggregate, decodeAggregate, encodeAggregate } from './aggregate-file';
export { AGGREGATE_STAGES, type AggregateOptions, type AggregateStage, type AggregateStats, aggregate } from './prove';
export { type AggregateStatement, type AggregateVerdict, verifyAggregate } from './verify';
