// The interpreter's plain steps taken by a stepper (the native module's,
// host/native/src/vm_steps.h) on the interpreter's own arrays, as a backend offers it
// (VmKernels.steps): the registers it reads and writes back, the arrays it binds, its calls.
// The interpreter's side is src/vm/plain-steps.ts.

/** Places in the registers a stepper reads at the start of a run and writes back at its end. */
export const REG = { pc: 0, fp: 1, steps: 2, left: 3, maxCycles: 4, endPc: 5, memLength: 6, covered: 7, noted: 8, shift: 9, rowCount: 10, hinted: 16 } as const;
export const REGISTERS = REG.hinted + 1;

/** The arrays a stepper binds that the interpreter replaces as they grow; the six tables' rows
 * from `rows` on. */
export const SLOT = { cells: 0, written: 1, count: 2, pow: 3, index: 4, order: 5, rows: 6 } as const;

/** One run's stepper: the arrays bound (again whenever the interpreter replaced one), then runs. */
export interface PlainStepper {
  bind(slot: number, array: Uint32Array | Uint8Array | Int32Array): void;
  /** Steps from the registers, written back; returns how many it took. */
  run(): number;
}

/** A stepper over the decoded program (code, consts, hintAt), the bytecode's counts and the
 * registers (REGISTERS numbers). */
export type PlainSteps = (code: Uint32Array, consts: Uint32Array, hintAt: Int32Array, bytecodeCounts: Uint32Array, registers: Float64Array) => PlainStepper;
