// The witness columns of a run (leanVM-b's Program::build): every global column as K words, the
// committed ones written straight into their slices of the stack, the BLAKE2S table's value
// columns (q_flock holds them) into buffers of their own. A table's columns come from its trace
// rows: pc and fp as g^pc, g^fp, operands as g^offset from the bytecode, the cells' values from
// the final memory, read counts as g^count. q_flock is Flock's witness (flock-inputs.ts): its
// slice of the stack is left to it.
import { kBatchInv } from '../../field/k';
import { type Execution, MODE, SLOT, decode } from '../execute';
import type { HostWords } from './host-words';
import type { PairGather } from '../../kernels/vm/gather';
import type { VmKernels } from '../../backend/vm-kernels';
import { BLAKE2S_CELLS } from './flock-inputs';
import { gPowerTable } from '../../field/g-powers';
import { BLAKE2S_TABLE, BYTECODE_FINAL_CNT, MEM_0, MEM_FINAL_CNT, N_COLUMNS, QFLOCK, TABLE_BASES } from '../tables/columns';
import { TABLE_SCHEMAS } from '../tables/schema';
import type { VmLayout } from '../layout';
import type { Program } from '../program';
import { ROW_BC, ROW_COUNTS, ROW_FP, ROW_PC } from '../trace';

export interface RunColumns {
  /** The committed words: every committed column at its offset, zero past them. */
  readonly stack: Uint32Array;
  /** Per global column, its K words (2 u32 each): a view of the stack, or its own buffer. */
  readonly columns: readonly Uint32Array[];
}

/** The largest count or offset a column takes g to the power of. The decoded slots' other words
 * (a table index below 6, DEREF's mode below 3) are below the memory's 2^16 cells, so the whole
 * of `code` stands for its offsets. */
function largestExponent(program: Program, exec: Execution): number {
  return Math.max(exec.memory.length / 6, program.bytecode.length, maxOf(exec.memCounts), maxOf(exec.bytecodeCounts), maxOf(decode(program).code));
}

/** Values Math.max takes as arguments at once. */
const MAX_CHUNK = 1 << 13;

/** The largest of `values` (0 for none), by Math.max a chunk at a time. The counts run to
 * millions and this runs once a proof: an indexed loop ran interpreted, 4–14 ms of a
 * 100-signature aggregate, its optimised code compiled on a thread the module's keep busy. */
function maxOf(values: Uint32Array): number {
  let top = 0;
  for (let i = 0; i < values.length; i += MAX_CHUNK) top = Math.max(top, Math.max.apply(null, values.subarray(i, i + MAX_CHUNK) as unknown as number[]));
  return top;
}

/** The backend's gather (VmKernels.gatherPairs): the lookups below run on its threads. */
export type Gather = VmKernels['gatherPairs'];

const NONE = new Uint32Array(0);

/** A lookup's index (src/kernels/vm/gather.ts): by default none of its terms, one pair a value,
 * pcs and operands read from `code` as decode lays them out. */
function index(code: Uint32Array, parts: Partial<PairGather>): PairGather {
  return { step: 0, rows: NONE, stride: 0, word: -1, code, slotStride: SLOT, pcWord: ROW_PC, slot: -1, scale: 1, add: 0, ...parts };
}

/** The columns of `layout`, zeroed, the stack in an array from `words`. */
export function blankColumns(layout: VmLayout, words: HostWords): RunColumns {
  const { stack: placement } = layout;
  const stack = words.zeroed(2 * placement.nLanes * 2 ** (placement.logN - 6));
  const columns: Uint32Array[] = new Array(N_COLUMNS);
  for (let c = 0; c < N_COLUMNS; c++) {
    const at = layout.placements[c];
    if (at !== null) columns[c] = stack.subarray(2 * at.offset, 2 * (at.offset + 2 ** at.vars));
  }
  TABLE_SCHEMAS.forEach((s, t) => s.columns.forEach((_, i) => {
    const c = TABLE_BASES[t] + i;
    columns[c] ??= new Uint32Array(2 * 2 ** layout.shape.taus[t]);
  }));
  if (columns[QFLOCK] === undefined) throw new Error('blankColumns: the layout places no q_flock');
  return { stack, columns };
}

/** The run's columns written into `blank` (blankColumns'), all but q_flock. */
export async function buildColumns(program: Program, exec: Execution, layout: VmLayout, blank: RunColumns, gather: Gather): Promise<RunColumns> {
  if (exec.rows[BLAKE2S_TABLE].length !== 2 ** layout.shape.taus[BLAKE2S_TABLE]) {
    throw new Error('buildColumns: q_flock needs one compression per BLAKE2S row');
  }
  const columns = blank.columns as Uint32Array[];

  const g = gPowerTable(largestExponent(program, exec) + 1);
  const mem = exec.memory;
  const { code, consts } = decode(program);
  // The memory image's limbs (cell i's limb l is pair 3i + l) and the two final-count columns.
  const cells = mem.length / 6;
  for (let l = 0; l < 3; l++) await gather(columns[MEM_0 + l], mem, cells, index(code, { step: 1, scale: 3, add: l }));
  const gInto = (col: Uint32Array, counts: Uint32Array) => gather(col, g, counts.length, index(code, { rows: counts, stride: 1, word: 0 }));
  await gInto(columns[MEM_FINAL_CNT], exec.memCounts);
  await gInto(columns[BYTECODE_FINAL_CNT], exec.bytecodeCounts);

  for (const [t, schema] of TABLE_SCHEMAS.entries()) {
    const rows = exec.rows[t];
    const base = TABLE_BASES[t];
    const col = (name: string): Uint32Array => {
      const i = schema.columns.indexOf(name);
      if (i < 0) throw new Error(`buildColumns: table ${schema.name} has no column ${name}`);
      return columns[base + i];
    };
    // Column by column: a row's pc, fp, bytecode count and read counts are words of its trace
    // row, operands slots of its pc's decoded instruction, values limbs of the cells they name.
    const d = rows.data, stride = rows.stride, n = rows.length;
    // g^(word w of each trace row); g^(operand `slot` of each row's instruction); K limb l of
    // the cell fp + that operand names, in the final memory.
    const powersOf = (name: string, word: number) => gather(col(name), g, n, index(code, { rows: d, stride, word }));
    await powersOf('pc', ROW_PC);
    await powersOf('fp', ROW_FP);
    await powersOf('cnt_bc', ROW_BC);
    const cnt = schema.columns.filter((c) => c.startsWith('cnt') && c !== 'cnt_bc');
    for (const [j, c] of cnt.entries()) await powersOf(c, ROW_COUNTS + j);
    const operand = (name: string, slot: number) => gather(col(name), g, n, index(code, { rows: d, stride, slot }));
    const operands = async (names: readonly string[]) => {
      for (const [k, name] of names.entries()) await operand(name, 1 + k);
    };
    // K limb l of each row's instruction constant (SET's k, BLAKE2S's metadata): pair 3·pc + l.
    const constant = (name: string, l: number) => gather(col(name), consts, n, index(code, { rows: d, stride, word: ROW_PC, scale: 3, add: l }));
    const limbs = async (name: string, slot: number, count: number) => {
      for (let l = 0; l < count; l++) await gather(col(count === 1 ? name : `${name}_${l}`), mem, n, index(code, { rows: d, stride, word: ROW_FP, slot, scale: 3, add: l }));
    };
    switch (schema.name) {
      case 'XOR':
      case 'MUL':
        await operands(['o_a', 'o_b', 'o_c']);
        await limbs('va', 1, 3);
        await limbs('vb', 2, 3);
        break;
      case 'SET': {
        await operand('o', 1);
        for (let l = 0; l < 3; l++) await constant(`k_${l}`, l);
        break;
      }
      case 'DEREF': {
        await operands(['alpha', 'beta', 'gamma']);
        const [fPc, fFp] = [col('f_pc'), col('f_fp')];
        for (let i = 0; i < n; i++) {
          const mode = code[SLOT * d[stride * i + ROW_PC] + 4];
          fPc[2 * i] = mode === MODE.pc ? 1 : 0;
          fFp[2 * i] = mode === MODE.fp ? 1 : 0;
        }
        await limbs('ptr', 1, 1);
        await limbs('v3', 3, 3);
        break;
      }
      case 'JUMP': {
        await operands(['o_c', 'o_d', 'o_f']);
        for (const [k, c] of ['c', 'dest', 'frame'].entries()) await limbs(c, 1 + k, 1);
        const [c, b] = [col('c'), col('b')];
        for (let i = 0; i < n; i++) b[2 * i] = (c[2 * i] | c[2 * i + 1]) !== 0 ? 1 : 0;
        kBatchInv(c, col('w'));
        break;
      }
      case 'BLAKE2S': {
        await operands(['o_0', 'o_1', 'o_2', 'o_3', 'o_v', 'o_out']);
        // A cell's lo and hi columns are its limbs 0 and 1 (cv + 1 and out + 1: the next cell's).
        for (const [name, slot, next] of BLAKE2S_CELLS) {
          for (const [l, half] of ['lo', 'hi'].entries()) {
            await gather(col(`${name}_${half}`), mem, n, index(code, { rows: d, stride, word: ROW_FP, slot, scale: 3, add: 3 * next + l }));
          }
        }
        for (let l = 0; l < 2; l++) await constant(`md_${l}`, l);
        break;
      }
    }
  }
  return blank;
}
