// The XMSS aggregation workload: n signatures on one (message, epoch) by n distinct keys, checked
// natively and turned into the witness of programs/aggregate-xmss.py, whose public input is the
// statement digest computed here (docs/xmss-aggregation.md).
export * from './errors';
export * from './statement';
export { type AggregateRequest, type AggregateSigner, type CheckedSigner, checkSigners } from './signers';
export { type AggregateWitness, N_BITS, aggregateWitness } from './witness';
export { annotatedProgram, witnessAnnotations, witnessJson } from './annotations';
