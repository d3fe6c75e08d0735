// The global column numbering of a VM proof: six columns no table owns, then each table's
// columns in opcode order (the numbering of NAME.summary.json's placements). The BLAKE2S
// table's value columns are virtual: each is one 64-bit slot of the q_flock witness, where
// the Flock argument already commits it, so a claim on one is a strided claim on q_flock.
import { K_LOG, K_SKIP } from '../../kernels/flock/layout';
import { TABLES } from '../isa';
import { TABLE_SCHEMAS } from './schema';

/** The memory image's three K limbs, the two final-count columns, and Flock's packed witness. */
export const GLOBAL_COLUMNS = ['mem_0', 'mem_1', 'mem_2', 'mem_final_cnt', 'bytecode_final_cnt', 'q_flock'] as const;
export const MEM_0 = 0;
export const MEM_FINAL_CNT = 3;
export const BYTECODE_FINAL_CNT = 4;
export const QFLOCK = 5;

/** Each table's first global column. */
export const TABLE_BASES: readonly number[] = TABLE_SCHEMAS.map((_, t) =>
  GLOBAL_COLUMNS.length + TABLE_SCHEMAS.slice(0, t).reduce((n, s) => n + s.columns.length, 0));

export const N_COLUMNS = GLOBAL_COLUMNS.length + TABLE_SCHEMAS.reduce((n, s) => n + s.columns.length, 0);

export const BLAKE2S_TABLE = TABLES.indexOf('BLAKE2S');

/** log2 of a compression's 64-bit slots in q_flock: word j + 256·t of q_flock is slot j of row t. */
export const QFLOCK_SLOT_BITS = K_LOG - K_SKIP;

/**
 * The q_flock slot of each BLAKE2S value column (by name): the chaining value in slots 0–3, the
 * output 4–7, the message 10–17, the counter and the flag words 18–19 (8 and 9 hold the
 * circuit's constant wire and output words no cell carries).
 */
const SLOTS: Readonly<Record<string, number>> = {
  cv0_lo: 0, cv0_hi: 1, cv1_lo: 2, cv1_hi: 3, out0_lo: 4, out0_hi: 5, out1_lo: 6, out1_hi: 7,
  m0_lo: 10, m0_hi: 11, m1_lo: 12, m1_hi: 13, m2_lo: 14, m2_hi: 15, m3_lo: 16, m3_hi: 17, md_0: 18, md_1: 19,
};

/** Local column index → q_flock slot, for the BLAKE2S table's virtual columns. */
export const BLAKE2S_VALUE_SLOTS: ReadonlyMap<number, number> = new Map(
  TABLE_SCHEMAS[BLAKE2S_TABLE].columns.flatMap((name, i) => (name in SLOTS ? [[i, SLOTS[name]] as [number, number]] : [])),
);

/** The q_flock slot of a global column, or undefined for a committed one. */
export function virtualSlot(column: number): number | undefined {
  return BLAKE2S_VALUE_SLOTS.get(column - TABLE_BASES[BLAKE2S_TABLE]);
}

/** The owning table and local index of a table column (global number ≥ GLOBAL_COLUMNS.length). */
export function tableColumn(column: number): { table: number; local: number } {
  for (let t = TABLE_SCHEMAS.length - 1; t >= 0; t--) {
    if (column >= TABLE_BASES[t]) return { table: t, local: column - TABLE_BASES[t] };
  }
  throw new RangeError(`column ${column} belongs to no table`);
}
