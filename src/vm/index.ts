// The VM's public objects: the ISA, compiled programs, the bytecode statement, public input, and
// the verifier of program proofs.
export * from './errors';
export * from './isa';
export * from './hints';
export * from './program';
export * from './bytecode';
export * from './public-input';
export { verifyProgram, type VmVerdict, type VmProofSummary } from './verify/verify';
