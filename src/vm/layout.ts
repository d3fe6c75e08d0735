// Where every column of a VM proof sits in the one stacked commitment, derived from the proof's
// shape alone (the memory size, the tables' heights, the bytecode size): prover and verifier
// place the committed columns with the stacking rule of src/pcs/stack, in global column order,
// the BLAKE2S value columns excepted (they live in q_flock's slots). The announced shape's
// bounds are here too, since both sides must agree on which shapes exist.
import { placeColumns, type StackPlacement } from '../pcs/stack/placement';
import { MAX_LOG_INV_RATE, MAX_LOG_N, MIN_LOG_INV_RATE, MIN_LOG_N } from '../pcs/whir/config';
import { N_TABLES } from './isa';
import { BLAKE2S_TABLE, BYTECODE_FINAL_CNT, GLOBAL_COLUMNS, MEM_0, MEM_FINAL_CNT, N_COLUMNS, QFLOCK, QFLOCK_SLOT_BITS, TABLE_BASES, tableColumn, virtualSlot } from './tables/columns';
import { TABLE_SCHEMAS } from './tables/schema';

/** The sizes a proof announces (all log2): memory cells, each table's rows, and the bytecode's slots. */
export interface VmShape {
  readonly logMemory: number;
  readonly taus: readonly number[];
  readonly logBytecode: number;
}

/** Memory of 2^16 .. 2^32 cells; tables of at most 2^32 rows; the BLAKE2S table at least Flock's
 * smallest batch (2^3 compressions); bytecode of at most 2^32 slots. */
export const MIN_LOG_MEMORY = 16;
export const MAX_LOG_MEMORY = 32;
export const MAX_LOG_ROWS = 32;
export const MIN_LOG_BLAKE2S_ROWS = 3;
export const MAX_LOG_BYTECODE = 32;

/** Why a shape (and rate) cannot be a proof's, or null when it can; the stack's size aside. */
export function shapeProblem(shape: VmShape, logInvRate: number): string | null {
  const { logMemory: h, taus, logBytecode } = shape;
  if (!Number.isInteger(logInvRate) || logInvRate < MIN_LOG_INV_RATE || logInvRate > MAX_LOG_INV_RATE) {
    return `log_inv_rate ${logInvRate} is outside ${MIN_LOG_INV_RATE}..${MAX_LOG_INV_RATE}`;
  }
  if (!Number.isInteger(h) || h < MIN_LOG_MEMORY || h > MAX_LOG_MEMORY) return `h = ${h} is outside ${MIN_LOG_MEMORY}..${MAX_LOG_MEMORY}`;
  if (taus.length !== N_TABLES) return `expected ${N_TABLES} table heights, got ${taus.length}`;
  for (let t = 0; t < N_TABLES; t++) {
    if (!Number.isInteger(taus[t]) || taus[t] < 0 || taus[t] > MAX_LOG_ROWS) return `τ_${TABLE_SCHEMAS[t].name} = ${taus[t]} is outside 0..${MAX_LOG_ROWS}`;
  }
  if (taus[BLAKE2S_TABLE] < MIN_LOG_BLAKE2S_ROWS) return `τ_BLAKE2S = ${taus[BLAKE2S_TABLE]} is below ${MIN_LOG_BLAKE2S_ROWS}`;
  if (!Number.isInteger(logBytecode) || logBytecode < 0 || logBytecode > MAX_LOG_BYTECODE) return `the bytecode's log size ${logBytecode} is outside 0..${MAX_LOG_BYTECODE}`;
  return null;
}

/** q_flock's variables: the slot bits, then one per BLAKE2S row (Flock's 14 + τ − 6). */
export const qflockVarsFor = (tauBlake2s: number): number => QFLOCK_SLOT_BITS + tauBlake2s;

/** log2 of every global column's K words, null for a virtual one (prover and verifier alike). */
export function columnLogSizes(shape: VmShape): (number | null)[] {
  const sizes: (number | null)[] = new Array(N_COLUMNS);
  for (let c = MEM_0; c <= MEM_FINAL_CNT; c++) sizes[c] = shape.logMemory;
  sizes[BYTECODE_FINAL_CNT] = shape.logBytecode;
  sizes[QFLOCK] = qflockVarsFor(shape.taus[BLAKE2S_TABLE]);
  TABLE_SCHEMAS.forEach((s, t) => s.columns.forEach((_, i) => {
    const c = TABLE_BASES[t] + i;
    sizes[c] = virtualSlot(c) === undefined ? shape.taus[t] : null;
  }));
  return sizes;
}

/** log2 of the stack the shape commits to: ⌈log2 of the committed words⌉, floored at WHIR's
 * smallest (may exceed the largest: the caller checks against MAX_STACK_LOG). */
export function stackLog(shape: VmShape): number {
  return Math.max(MIN_LOG_N, Math.ceil(Math.log2(committedWords(shape))));
}

/** The words the shape's committed columns take together (the stack is the next power of two). */
export function committedWords(shape: VmShape): number {
  return columnLogSizes(shape).reduce<number>((n, k) => n + (k === null ? 0 : 2 ** k), 0);
}

export const MIN_STACK_LOG = MIN_LOG_N;
export const MAX_STACK_LOG = MAX_LOG_N;

/** A committed column's slice of the stack: 2^vars words at offset. */
export interface ColumnPlacement {
  readonly offset: number;
  readonly vars: number;
}

export interface VmLayout {
  readonly shape: VmShape;
  /** Per global column, its slice, or null for a virtual column (its q_flock slot: virtualSlot). */
  readonly placements: readonly (ColumnPlacement | null)[];
  /** The committed columns' placement, in global column order (virtual columns left out). */
  readonly stack: StackPlacement;
  /** The global column of each entry of `stack`. */
  readonly committed: readonly number[];
}

/** The stack layout of a shape whose stack lies in MIN_STACK_LOG..MAX_STACK_LOG. */
export function vmLayout(shape: VmShape): VmLayout {
  const mu = stackLog(shape);
  if (mu > MAX_STACK_LOG) throw new RangeError(`vmLayout: the shape commits a stack of 2^${mu} words, past 2^${MAX_STACK_LOG}`);
  const sizes = columnLogSizes(shape);
  const committed = sizes.flatMap((k, c) => (k === null ? [] : [c]));
  const stack = placeColumns(committed.map((c) => sizes[c] as number));
  const placements: (ColumnPlacement | null)[] = sizes.map(() => null);
  committed.forEach((c, i) => {
    placements[c] = { offset: stack.offsets[i], vars: stack.logSizes[i] };
  });
  return { shape, placements, stack, committed };
}

/** The column's name, e.g. `mem_0` or `JUMP.cnt_bc` (for messages). */
export function columnName(column: number): string {
  if (column < GLOBAL_COLUMNS.length) return GLOBAL_COLUMNS[column];
  const { table, local } = tableColumn(column);
  return `${TABLE_SCHEMAS[table].name}.${TABLE_SCHEMAS[table].columns[local]}`;
}
