// The witness columns of a run (leanVM-b's Program::build): every global column as K words, the
// committed ones written straight into their slices of the stack, the BLAKE2S table's value
// columns (q_flock holds them) into buffers of their own. A table's columns come from its trace
// rows: pc and fp as g^pc, g^fp, operands as g^offset from the bytecode, the cells' values from
// the final memory, read counts as g^count. The BLAKE2S rows also give Flock's compressions.
import { type Compression } from '../../flock/compression';
import { kBatchInv } from '../../field/k';
import type { Execution } from '../execute';
import { gPowerTable } from '../gpow';
import { BLAKE2S_TABLE, BYTECODE_FINAL_CNT, MEM_0, MEM_FINAL_CNT, N_COLUMNS, QFLOCK, TABLE_BASES } from '../tables/columns';
import { TABLE_SCHEMAS } from '../tables/schema';
import type { Instruction } from '../isa';
import type { VmLayout } from '../layout';
import type { Program } from '../program';
import { TABLE_READS } from '../trace';

export interface RunColumns {
  /** The committed words: every committed column at its offset, zero past them. */
  readonly stack: Uint32Array;
  /** Per global column, its K words (2 u32 each): a view of the stack, or its own buffer. */
  readonly columns: readonly Uint32Array[];
  /** Flock's compressions, one per BLAKE2S row. */
  readonly compressions: readonly Compression[];
}

/** The largest count or offset a column takes g to the power of. */
function largestExponent(program: Program, exec: Execution): number {
  let top = Math.max(exec.memory.length / 6, program.bytecode.length);
  for (const c of exec.memCounts) if (c > top) top = c;
  for (const c of exec.bytecodeCounts) if (c > top) top = c;
  for (const ins of program.bytecode) for (const o of offsetsOf(ins)) if (o > top) top = o;
  return top;
}

/** The frame offsets an instruction names (its operand columns are g to their powers). */
function offsetsOf(ins: Instruction): number[] {
  switch (ins.op) {
    case 'XOR':
    case 'MUL':
      return [ins.a, ins.b, ins.c];
    case 'SET':
      return [ins.o];
    case 'DEREF':
      return [ins.alpha, ins.beta, ins.gamma];
    case 'JUMP':
      return [ins.oc, ins.od, ins.of];
    case 'BLAKE2S':
      return [...ins.ins, ins.cv, ins.out];
  }
}

export function buildColumns(program: Program, exec: Execution, layout: VmLayout): RunColumns {
  const { stack: placement } = layout;
  const stack = new Uint32Array(2 * placement.nLanes * 2 ** (placement.logN - 6));
  const columns: Uint32Array[] = new Array(N_COLUMNS);
  for (let c = 0; c < N_COLUMNS; c++) {
    const at = layout.placements[c];
    if (at !== null) columns[c] = stack.subarray(2 * at.offset, 2 * (at.offset + 2 ** at.vars));
  }
  TABLE_SCHEMAS.forEach((s, t) => s.columns.forEach((_, i) => {
    const c = TABLE_BASES[t] + i;
    columns[c] ??= new Uint32Array(2 * 2 ** layout.shape.taus[t]);
  }));

  const g = gPowerTable(largestExponent(program, exec) + 1);
  const mem = exec.memory;
  // The memory image's limbs and the two final-count columns.
  const cells = mem.length / 6;
  for (let l = 0; l < 3; l++) {
    const col = columns[MEM_0 + l];
    for (let i = 0; i < cells; i++) {
      col[2 * i] = mem[6 * i + 2 * l];
      col[2 * i + 1] = mem[6 * i + 2 * l + 1];
    }
  }
  const gInto = (col: Uint32Array, counts: Uint32Array) => counts.forEach((k, i) => {
    col[2 * i] = g[2 * k];
    col[2 * i + 1] = g[2 * k + 1];
  });
  gInto(columns[MEM_FINAL_CNT], exec.memCounts);
  gInto(columns[BYTECODE_FINAL_CNT], exec.bytecodeCounts);

  const compressions: Compression[] = [];
  TABLE_SCHEMAS.forEach((schema, t) => {
    const rows = exec.rows[t];
    const base = TABLE_BASES[t];
    const col = (name: string): Uint32Array => {
      const i = schema.columns.indexOf(name);
      if (i < 0) throw new Error(`buildColumns: table ${schema.name} has no column ${name}`);
      return columns[base + i];
    };
    const cnt = schema.columns.filter((n) => n.startsWith('cnt') && n !== 'cnt_bc').map(col);
    const [pc, fp, bc] = [col('pc'), col('fp'), col('cnt_bc')];
    // Writers: a g-power, a K word (lo, hi), a cell's limb.
    const putG = (dst: Uint32Array, i: number, k: number) => {
      dst[2 * i] = g[2 * k];
      dst[2 * i + 1] = g[2 * k + 1];
    };
    const putLimb = (dst: Uint32Array, i: number, cell: number, l: number) => {
      dst[2 * i] = mem[6 * cell + 2 * l];
      dst[2 * i + 1] = mem[6 * cell + 2 * l + 1];
    };
    const limbCols = (x: string) => [0, 1, 2].map((l) => col(`${x}_${l}`));
    const ops = schema.columns.filter((n) => n.startsWith('o_')).map(col);
    for (let i = 0; i < rows.length; i++) {
      const p = rows.pc(i), f = rows.fp(i);
      putG(pc, i, p);
      putG(fp, i, f);
      putG(bc, i, rows.bc(i));
      for (let j = 0; j < TABLE_READS[t]; j++) putG(cnt[j], i, rows.count(i, j));
      const ins: Instruction = program.bytecode[p];
      switch (ins.op) {
        case 'XOR':
        case 'MUL': {
          offsetsOf(ins).forEach((o, j) => putG(ops[j], i, o));
          limbCols('va').forEach((dst, l) => putLimb(dst, i, f + ins.a, l));
          limbCols('vb').forEach((dst, l) => putLimb(dst, i, f + ins.b, l));
          break;
        }
        case 'SET':
          putG(col('o'), i, ins.o);
          limbCols('k').forEach((dst, l) => {
            dst[2 * i] = ins.k[2 * l];
            dst[2 * i + 1] = ins.k[2 * l + 1];
          });
          break;
        case 'DEREF':
          putG(col('alpha'), i, ins.alpha);
          putG(col('beta'), i, ins.beta);
          putG(col('gamma'), i, ins.gamma);
          col('f_pc')[2 * i] = ins.mode === 'pc' ? 1 : 0;
          col('f_fp')[2 * i] = ins.mode === 'fp' ? 1 : 0;
          putLimb(col('ptr'), i, f + ins.alpha, 0);
          limbCols('v3').forEach((dst, l) => putLimb(dst, i, f + ins.gamma, l));
          break;
        case 'JUMP': {
          offsetsOf(ins).forEach((o, j) => putG(ops[j], i, o));
          putLimb(col('c'), i, f + ins.oc, 0);
          putLimb(col('dest'), i, f + ins.od, 0);
          putLimb(col('frame'), i, f + ins.of, 0);
          const cond = col('c');
          col('b')[2 * i] = (cond[2 * i] | cond[2 * i + 1]) !== 0 ? 1 : 0;
          break;
        }
        case 'BLAKE2S': {
          const cellsOf = [...ins.ins, ins.cv, ins.cv + 1, ins.out, ins.out + 1].map((o) => f + o);
          offsetsOf(ins).forEach((o, j) => putG(ops[j], i, o));
          ['m0', 'm1', 'm2', 'm3', 'cv0', 'cv1', 'out0', 'out1'].forEach((name, j) => {
            putLimb(col(`${name}_lo`), i, cellsOf[j], 0);
            putLimb(col(`${name}_hi`), i, cellsOf[j], 1);
          });
          const md = ins.metadata;
          [col('md_0'), col('md_1')].forEach((dst, l) => {
            dst[2 * i] = md[2 * l];
            dst[2 * i + 1] = md[2 * l + 1];
          });
          const words = (cs: number[]) => Uint32Array.from(cs.flatMap((c) => Array.from(mem.subarray(6 * c, 6 * c + 4))));
          compressions.push({ h: words(cellsOf.slice(4, 6)), m: words(cellsOf.slice(0, 4)), tLo: md[0], tHi: md[1], f0: md[2], f1: md[3] });
          break;
        }
      }
    }
    if (schema.name === 'JUMP') kBatchInv(col('c'), col('w'));
  });
  if (columns[QFLOCK] === undefined || compressions.length !== 2 ** layout.shape.taus[BLAKE2S_TABLE]) {
    throw new Error('buildColumns: q_flock needs one compression per BLAKE2S row');
  }
  return { stack, columns, compressions };
}
