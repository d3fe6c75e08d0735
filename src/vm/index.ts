// The VM's public objects: the ISA, compiled programs, the bytecode statement, public input, and
// execution (the interpreter, its trace as table rows, the fill, the reference-format step log),
// the prover and the verifier of program proofs.
export * from './errors';
export * from './isa';
export * from './hints';
export * from './program';
export * from './bytecode';
export * from './public-input';
export { DEFAULT_MAX_CYCLES, type Execution, type ExecuteOptions, type FillRun, execute, functionAt } from './execute';
export { TABLE_READS, TableRows } from './trace';
export { FILL_FRAME, FILL_SIZES, MIN_ROWS, type FillCycle, type FillPlan, fillCycles, filledCounts, solveFill } from './filler';
export type { ExecEvent, PrintRecord } from './run-hints';
export type { WitnessStreams } from './witness-streams';
export { formatExecTrace } from './exec-trace';
export { verifyProgram, type VerifyProgramOptions, type VmVerdict, type VmProofSummary } from './verify/verify';
export { proveProgram, type ProgramProof, type ProveProgramOptions, type VmStage, VM_STAGES } from './prove/prove';
export { executeToFloor } from './prove/committed-floor';
