// The witness columns of a run (leanVM-b's Program::build): every global column as K words, the
// committed ones written straight into their slices of the stack, the BLAKE2S table's value
// columns (q_flock holds them) into buffers of their own. A table's columns come from its trace
// rows: pc and fp as g^pc, g^fp, operands as g^offset from the bytecode, the cells' values from
// the final memory, read counts as g^count. The BLAKE2S rows also give Flock's compressions.
import { type Compression } from '../../flock/compression';
import { kBatchInv } from '../../field/k';
import type { Execution } from '../execute';
import type { HostWords } from './host-words';
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

/** The run's columns, the stack in an array from `words`. */
export function buildColumns(program: Program, exec: Execution, layout: VmLayout, words: HostWords): RunColumns {
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
    // Every column this table's rows write, looked up once.
    const has = (n: string) => schema.columns.includes(n);
    const limbs = (x: string) => (has(`${x}_0`) ? [0, 1, 2].map((l) => col(`${x}_${l}`)) : []);
    const ops = schema.columns.filter((n) => n.startsWith('o_')).map(col);
    const [va, vb, k, v3] = [limbs('va'), limbs('vb'), limbs('k'), limbs('v3')];
    const deref = schema.name === 'DEREF' ? { alpha: col('alpha'), beta: col('beta'), gamma: col('gamma'), fPc: col('f_pc'), fFp: col('f_fp'), ptr: col('ptr') } : null;
    const jump = schema.name === 'JUMP' ? { c: col('c'), dest: col('dest'), frame: col('frame'), b: col('b') } : null;
    const blake = schema.name === 'BLAKE2S'
      ? { cells: ['m0', 'm1', 'm2', 'm3', 'cv0', 'cv1', 'out0', 'out1'].map((name) => [col(`${name}_lo`), col(`${name}_hi`)]), md: [col('md_0'), col('md_1')] }
      : null;
    const set = schema.name === 'SET' ? col('o') : null;
    for (let i = 0; i < rows.length; i++) {
      const p = rows.pc(i), f = rows.fp(i);
      putG(pc, i, p);
      putG(fp, i, f);
      putG(bc, i, rows.bc(i));
      for (let j = 0; j < TABLE_READS[t]; j++) putG(cnt[j], i, rows.count(i, j));
      const ins: Instruction = program.bytecode[p];
      switch (ins.op) {
        case 'XOR':
        case 'MUL':
          putG(ops[0], i, ins.a);
          putG(ops[1], i, ins.b);
          putG(ops[2], i, ins.c);
          for (let l = 0; l < 3; l++) {
            putLimb(va[l], i, f + ins.a, l);
            putLimb(vb[l], i, f + ins.b, l);
          }
          break;
        case 'SET':
          putG(set!, i, ins.o);
          for (let l = 0; l < 3; l++) {
            k[l][2 * i] = ins.k[2 * l];
            k[l][2 * i + 1] = ins.k[2 * l + 1];
          }
          break;
        case 'DEREF': {
          const d = deref!;
          putG(d.alpha, i, ins.alpha);
          putG(d.beta, i, ins.beta);
          putG(d.gamma, i, ins.gamma);
          d.fPc[2 * i] = ins.mode === 'pc' ? 1 : 0;
          d.fFp[2 * i] = ins.mode === 'fp' ? 1 : 0;
          putLimb(d.ptr, i, f + ins.alpha, 0);
          for (let l = 0; l < 3; l++) putLimb(v3[l], i, f + ins.gamma, l);
          break;
        }
        case 'JUMP': {
          const jc = jump!;
          putG(ops[0], i, ins.oc);
          putG(ops[1], i, ins.od);
          putG(ops[2], i, ins.of);
          putLimb(jc.c, i, f + ins.oc, 0);
          putLimb(jc.dest, i, f + ins.od, 0);
          putLimb(jc.frame, i, f + ins.of, 0);
          jc.b[2 * i] = (jc.c[2 * i] | jc.c[2 * i + 1]) !== 0 ? 1 : 0;
          break;
        }
        case 'BLAKE2S': {
          const bl = blake!;
          const cellsOf = [...ins.ins, ins.cv, ins.cv + 1, ins.out, ins.out + 1].map((x) => f + x);
          offsetsOf(ins).forEach((x, j) => putG(ops[j], i, x));
          bl.cells.forEach(([lo, hi], j) => {
            putLimb(lo, i, cellsOf[j], 0);
            putLimb(hi, i, cellsOf[j], 1);
          });
          const md = ins.metadata;
          for (let l = 0; l < 2; l++) {
            bl.md[l][2 * i] = md[2 * l];
            bl.md[l][2 * i + 1] = md[2 * l + 1];
          }
          // A cell's two 64-bit limbs are four message (or chaining) words.
          const h = new Uint32Array(8), m = new Uint32Array(16);
          for (let j = 0; j < 4; j++) m.set(mem.subarray(6 * cellsOf[j], 6 * cellsOf[j] + 4), 4 * j);
          for (let j = 0; j < 2; j++) h.set(mem.subarray(6 * cellsOf[4 + j], 6 * cellsOf[4 + j] + 4), 4 * j);
          compressions.push({ h, m, tLo: md[0], tHi: md[1], f0: md[2], f1: md[3] });
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
