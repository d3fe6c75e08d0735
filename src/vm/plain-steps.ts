// The interpreter's plain steps taken elsewhere (the native module's stepper,
// host/native/src/vm_steps.h): XOR, MUL, SET, DEREF, JUMP and BLAKE2S rows that need nothing
// but the interpreter's arrays, on those arrays in place. A stepper stops, with the step it
// stopped at untouched, wherever the interpreter must act itself — hints (the stepper takes
// the instruction once they are applied), the halt and the fill, the cap, an array to grow, a
// DEREF range-check touch, an address the index lacks, every fault — and the interpreter takes
// that one step (so its own code alone says what went wrong) before handing back. Runs with and
// without a stepper are the same.
import { type PlainStepper, type PlainSteps, REG, REGISTERS, SLOT } from '../kernels/vm/steps';
import type { GPow } from './gpow';
import type { WriteOnceMemory } from './memory';
import type { TableRows } from './trace';

/** The interpreter's state around a stepper: its scalars go out in the registers and come back
 * into the memory's touched length, the index's count and the tables' lengths. */
export class PlainLane {
  readonly regs = new Float64Array(REGISTERS);
  private readonly stepper: PlainStepper;
  /** What each slot holds now. */
  private readonly bound: (Uint32Array | Uint8Array | Int32Array | null)[] = new Array(SLOT.rows + 6).fill(null);

  constructor(
    steps: PlainSteps,
    program: { readonly code: Uint32Array; readonly consts: Uint32Array; readonly hintAt: Int32Array },
    private readonly mem: WriteOnceMemory,
    private readonly g: GPow,
    private readonly tables: readonly TableRows[],
    bytecodeCounts: Uint32Array,
    maxCycles: number,
    endPc: number,
  ) {
    this.stepper = steps(program.code, program.consts, program.hintAt, bytecodeCounts, this.regs);
    this.regs[REG.maxCycles] = maxCycles;
    this.regs[REG.endPc] = endPc;
  }

  private bind(slot: number, array: Uint32Array | Uint8Array | Int32Array): void {
    if (this.bound[slot] === array) return;
    this.stepper.bind(slot, array);
    this.bound[slot] = array;
  }

  /** Steps from (pc, fp, steps, left) as far as the stepper goes, the first one's hints already
   * applied when `hinted`; the new values in regs, and how many it took. */
  steps(pc: number, fp: number, steps: number, left: number, order: Uint8Array, hinted: boolean): number {
    const { regs: r, mem, g, tables: t } = this;
    this.bind(SLOT.cells, mem.cells);
    this.bind(SLOT.written, mem.written);
    this.bind(SLOT.count, mem.count);
    this.bind(SLOT.pow, g.pow);
    this.bind(SLOT.index, g.index);
    this.bind(SLOT.order, order);
    for (let i = 0; i < 6; i++) this.bind(SLOT.rows + i, t[i].data);
    r[REG.pc] = pc;
    r[REG.fp] = fp;
    r[REG.steps] = steps;
    r[REG.left] = left;
    r[REG.memLength] = mem.length;
    r[REG.covered] = g.covered;
    r[REG.noted] = g.noted;
    r[REG.shift] = g.shift;
    for (let i = 0; i < 6; i++) r[REG.rowCount + i] = t[i].length;
    r[REG.hinted] = hinted ? 1 : 0;
    const took = this.stepper.run();
    mem.length = r[REG.memLength];
    g.noted = r[REG.noted];
    for (let i = 0; i < 6; i++) t[i].length = r[REG.rowCount + i];
    return took;
  }
}
