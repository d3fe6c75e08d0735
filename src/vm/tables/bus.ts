// The bus's tuples (leanVM-b's M3-style bus, docs/protocol.md §11.3): every interaction is a tuple of at
// most 12 K coordinates in BUS_SLOTS slots, coordinate 0 its channel's domain separator. Three
// channels: the state (pc, fp), memory (address, read count, three value limbs) and the
// bytecode (pc, read count, opcode tag, operands). A read is a pull at count c and a push at
// g·c, so a balanced bus is offline memory checking with counts in the exponent.
import { constant, col, type Form, gCol, gPow } from './form';

/** log2 of the tuple slots: a tuple's fingerprint weighs slot i by eq(α, i), α ∈ E^4. */
export const BUS_BITS = 4;
export const BUS_SLOTS = 1 << BUS_BITS;

/** Domain separators of the three channels. */
export const SEP_STATE = gPow(0);
export const SEP_MEM = gPow(1);
export const SEP_BYTECODE = gPow(2);

/** A tuple: one form per coordinate (slot), in slot order. */
export type Tuple = readonly Form[];

/** One interaction of a row: what it pushes and what it pulls. */
export interface Interaction {
  readonly push: Tuple;
  readonly pull: Tuple;
}

/** Pull the state (pc, fp), push (g·pc, fp): an instruction that falls through. */
export function stateStep(pc: number, fp: number): Interaction {
  return { push: [constant(SEP_STATE), gCol(pc), col(fp)], pull: [constant(SEP_STATE), col(pc), col(fp)] };
}

/** Pull the state (pc, fp), push a derived one (a jump's successor). */
export function stateTo(pc: number, fp: number, nextPc: Form, nextFp: Form): Interaction {
  return { push: [constant(SEP_STATE), nextPc, nextFp], pull: [constant(SEP_STATE), col(pc), col(fp)] };
}

/** Read the bytecode entry at pc: (BC, pc, count, g^opcode, operands…). */
export function bytecodeRead(pc: number, count: number, opcode: number, operands: readonly Form[]): Interaction {
  const tag = constant(gPow(opcode));
  return {
    push: [constant(SEP_BYTECODE), col(pc), gCol(count), tag, ...operands],
    pull: [constant(SEP_BYTECODE), col(pc), col(count), tag, ...operands],
  };
}

/** Read the memory cell at `address`: (MEM, address, count, limb 0, limb 1, limb 2). */
export function memoryRead(address: Form, count: number, limbs: readonly [Form, Form, Form]): Interaction {
  return {
    push: [constant(SEP_MEM), address, gCol(count), ...limbs],
    pull: [constant(SEP_MEM), address, col(count), ...limbs],
  };
}

/**
 * A memory read whose low limbs are the given columns and whose other limbs are zero: besides
 * the read, a range check (the bus balances only if the cell really has zero upper limbs).
 */
export function memoryReadColumns(address: Form, count: number, ...columns: number[]): Interaction {
  const limbs = [0, 1, 2].map((i) => (i < columns.length ? col(columns[i]) : [])) as [Form, Form, Form];
  return memoryRead(address, count, limbs);
}
