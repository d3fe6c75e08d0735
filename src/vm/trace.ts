// A run's trace as table rows: one row per executed instruction, in its opcode's table, in
// execution order. A row holds only what the tables cannot recover afterwards: its pc and fp,
// the bytecode read count, and the access count of every cell it read, in the interpreter's
// access order (so a step touching one cell twice has two consecutive counts). Operands come
// from the bytecode at pc, addresses from fp plus those operands (DEREF's target through its
// pointer, read back from memory), values from the final write-once memory, which still holds
// what each cell held when it was read. Counts are plain integers A; the columns carry g^A.
import { N_TABLES } from './isa';

/** Cells each table's row reads: XOR/MUL a, b, c; SET o; DEREF pointer, target, local;
 * JUMP condition, destination, frame; BLAKE2S four message cells, cv, cv+1, out, out+1. */
export const TABLE_READS: readonly number[] = [3, 3, 1, 3, 3, 8];

/** Word offsets in a row: pc, fp, the bytecode read count, then the access counts. */
export const ROW_PC = 0;
export const ROW_FP = 1;
export const ROW_BC = 2;
export const ROW_COUNTS = 3;

/** One table's rows, `stride` u32 words each, grown by doubling while the run appends. */
export class TableRows {
  readonly stride: number;
  data: Uint32Array;
  length = 0;

  constructor(reads: number, capacity = 256) {
    this.stride = ROW_COUNTS + reads;
    this.data = new Uint32Array(this.stride * capacity);
  }

  /** Appends a row and returns its first word's offset in `data` (read `data` after this call:
   * it may have moved). */
  append(): number {
    const at = this.length * this.stride;
    if (at + this.stride > this.data.length) {
      const next = new Uint32Array(2 * this.data.length);
      next.set(this.data);
      this.data = next;
    }
    this.length++;
    return at;
  }

  pc(i: number): number {
    return this.data[i * this.stride + ROW_PC];
  }
  fp(i: number): number {
    return this.data[i * this.stride + ROW_FP];
  }
  bc(i: number): number {
    return this.data[i * this.stride + ROW_BC];
  }
  /** The access count of the row's j-th read. */
  count(i: number, j: number): number {
    return this.data[i * this.stride + ROW_COUNTS + j];
  }

  /** Drops the spare capacity once the run is over. */
  trim(): void {
    this.data = this.data.slice(0, this.length * this.stride);
  }
}

export function emptyTables(): TableRows[] {
  return Array.from({ length: N_TABLES }, (_, t) => new TableRows(TABLE_READS[t]));
}
