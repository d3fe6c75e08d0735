// The six instruction tables (docs/protocol.md §11.2): per opcode, its columns in committed order, the
// interactions each row makes with the bus, and its AIR constraints. Every column holds a K
// value. A column whose name starts with `cnt` is a read count (a leaf of the count tree);
// `x_0.._2` are the three K limbs of one E word. Everything else a side needs (widths, global
// column numbers, count columns) is derived from these lists.
import { N_TABLES, TABLES, type TableName } from '../isa';
import { bytecodeRead, type Interaction, memoryRead, memoryReadColumns, stateStep, stateTo } from './bus';
import { col, type Form, gCol, product, sum } from './form';

export interface TableSchema {
  readonly name: TableName;
  /** Its index in TABLES; g^opcode is its bytecode tag. */
  readonly opcode: number;
  readonly columns: readonly string[];
  /** Local indices of the read-count columns, in column order. */
  readonly counts: readonly number[];
  /** Every row's bus interactions, in order: each is a push block and a pull block of the table. */
  readonly interactions: readonly Interaction[];
  /** Forms that vanish on every row. */
  readonly constraints: readonly Form[];
}

function table(name: TableName, columns: readonly string[], wire: (c: (n: string) => number) => { interactions: Interaction[]; constraints?: Form[] }): TableSchema {
  const c = (n: string): number => {
    const i = columns.indexOf(n);
    if (i < 0) throw new Error(`table ${name} has no column ${n}`);
    return i;
  };
  const { interactions, constraints = [] } = wire(c);
  const counts = columns.flatMap((n, i) => (n.startsWith('cnt') ? [i] : []));
  return { name, opcode: TABLES.indexOf(name), columns, counts, interactions, constraints };
}

const limbs = (x: string): string[] => [`${x}_0`, `${x}_1`, `${x}_2`];

const ARITH_COLUMNS = ['pc', 'fp', 'o_a', 'o_b', 'o_c', ...limbs('va'), ...limbs('vb'), 'cnt_a', 'cnt_b', 'cnt_c', 'cnt_bc'];

/**
 * The limbs of the E product a·b as forms in the operands' limb columns: the schoolbook
 * coefficients p_0..p_4 of y, folded by y³ = y + 1 and y⁴ = y² + y into (p0+p3, p1+p3+p4, p2+p4).
 */
function productLimbs(a: readonly number[], b: readonly number[]): [Form, Form, Form] {
  const p: Form[] = [0, 1, 2, 3, 4].map((k) => sum(...[0, 1, 2].flatMap((i) => (k - i >= 0 && k - i < 3 ? [product(a[i], b[k - i])] : []))));
  return [sum(p[0], p[3]), sum(p[1], p[3], p[4]), sum(p[2], p[4])];
}

/** XOR and MUL: m[c] = m[a] ∘ m[b]. The result is no column: the destination read carries it. */
function arith(name: 'XOR' | 'MUL'): TableSchema {
  return table(name, ARITH_COLUMNS, (c) => {
    const [pc, fp] = [c('pc'), c('fp')];
    const va = limbs('va').map(c), vb = limbs('vb').map(c);
    const result: [Form, Form, Form] = name === 'XOR'
      ? [sum(col(va[0]), col(vb[0])), sum(col(va[1]), col(vb[1])), sum(col(va[2]), col(vb[2]))]
      : productLimbs(va, vb);
    return {
      interactions: [
        stateStep(pc, fp),
        bytecodeRead(pc, c('cnt_bc'), TABLES.indexOf(name), [col(c('o_a')), col(c('o_b')), col(c('o_c')), [], []]),
        memoryReadColumns(product(fp, c('o_a')), c('cnt_a'), ...va),
        memoryReadColumns(product(fp, c('o_b')), c('cnt_b'), ...vb),
        memoryRead(product(fp, c('o_c')), c('cnt_c'), result),
      ],
    };
  });
}

/** SET: m[o] = k; the immediate's limbs ride the bytecode's spare operand slots. */
const SET = table('SET', ['pc', 'fp', 'o', ...limbs('k'), 'cnt', 'cnt_bc'], (c) => {
  const k = limbs('k').map(c);
  return {
    interactions: [
      stateStep(c('pc'), c('fp')),
      bytecodeRead(c('pc'), c('cnt_bc'), TABLES.indexOf('SET'), [col(c('o')), ...k.map(col), []]),
      memoryReadColumns(product(c('fp'), c('o')), c('cnt'), ...k),
    ],
  };
});

/**
 * DEREF: m[m[fp·α]·β] = src, src = the local cell m[fp·γ], g²·pc (f_pc) or fp (f_fp). The stored
 * word, limb by limb: (1 + f_pc + f_fp)·v3 plus, in the low limb, f_pc·g²·pc + f_fp·fp.
 */
const DEREF = table('DEREF', ['pc', 'fp', 'alpha', 'beta', 'gamma', 'f_pc', 'f_fp', 'ptr', ...limbs('v3'), 'cnt_ptr', 'cnt_target', 'cnt_local', 'cnt_bc'], (c) => {
  const [pc, fp, fPc, fFp] = [c('pc'), c('fp'), c('f_pc'), c('f_fp')];
  const v3 = limbs('v3').map(c);
  const gated = (l: number): Form => sum(col(l), product(fPc, l), product(fFp, l));
  const stored: [Form, Form, Form] = [sum(gated(v3[0]), product(fPc, pc, 2), product(fFp, fp)), gated(v3[1]), gated(v3[2])];
  return {
    interactions: [
      stateStep(pc, fp),
      bytecodeRead(pc, c('cnt_bc'), TABLES.indexOf('DEREF'), ['alpha', 'beta', 'gamma', 'f_pc', 'f_fp'].map((n) => col(c(n)))),
      memoryReadColumns(product(fp, c('alpha')), c('cnt_ptr'), c('ptr')),
      memoryRead(product(c('ptr'), c('beta')), c('cnt_target'), stored),
      memoryReadColumns(product(fp, c('gamma')), c('cnt_local'), ...v3),
    ],
  };
});

/**
 * JUMP: if c ≠ 0 then pc ← dest, fp ← frame. b is c's is-nonzero bit, pinned by the table's two
 * constraints b = c·w and c·(b + 1) = 0 (w a hinted inverse); the successor state is
 * (b·dest + (b + 1)·g·pc, b·frame + (b + 1)·fp). All three cells are read as K words.
 */
const JUMP = table('JUMP', ['pc', 'fp', 'o_c', 'o_d', 'o_f', 'c', 'dest', 'frame', 'cnt_c', 'cnt_d', 'cnt_f', 'cnt_bc', 'w', 'b'], (c) => {
  const [pc, fp, cond, b] = [c('pc'), c('fp'), c('c'), c('b')];
  return {
    interactions: [
      stateTo(pc, fp, sum(product(b, c('dest')), product(b, pc, 1), gCol(pc)), sum(product(b, c('frame')), product(b, fp), col(fp))),
      bytecodeRead(pc, c('cnt_bc'), TABLES.indexOf('JUMP'), [col(c('o_c')), col(c('o_d')), col(c('o_f')), [], []]),
      memoryReadColumns(product(fp, c('o_c')), c('cnt_c'), cond),
      memoryReadColumns(product(fp, c('o_d')), c('cnt_d'), c('dest')),
      memoryReadColumns(product(fp, c('o_f')), c('cnt_f'), c('frame')),
    ],
    constraints: [sum(col(b), product(cond, c('w'))), sum(product(cond, b), col(cond))],
  };
});

/** The BLAKE2S table's memory cells, in access order: (operand, cell offset g^k, value cell). */
export const BLAKE2S_CELLS: readonly (readonly [string, number, string])[] = [
  ['o_0', 0, 'm0'], ['o_1', 0, 'm1'], ['o_2', 0, 'm2'], ['o_3', 0, 'm3'],
  ['o_v', 0, 'cv0'], ['o_v', 1, 'cv1'], ['o_out', 0, 'out0'], ['o_out', 1, 'out1'],
];

/**
 * BLAKE2S: one compression per row. Its 18 value columns (two K limbs per cell, the metadata's
 * two words) are committed inside q_flock, not as columns of their own (see ./columns.ts).
 */
const BLAKE2S = table('BLAKE2S', [
  'pc', 'fp', 'o_0', 'o_1', 'o_2', 'o_3', 'o_v', 'o_out',
  'm0_lo', 'm0_hi', 'm1_lo', 'm1_hi', 'm2_lo', 'm2_hi', 'm3_lo', 'm3_hi',
  'out0_lo', 'out0_hi', 'out1_lo', 'out1_hi', 'cv0_lo', 'cv0_hi', 'cv1_lo', 'cv1_hi', 'md_0', 'md_1',
  'cnt_m0', 'cnt_m1', 'cnt_m2', 'cnt_m3', 'cnt_cv0', 'cnt_cv1', 'cnt_out0', 'cnt_out1', 'cnt_bc',
], (c) => ({
  interactions: [
    stateStep(c('pc'), c('fp')),
    bytecodeRead(c('pc'), c('cnt_bc'), TABLES.indexOf('BLAKE2S'), ['o_0', 'o_1', 'o_2', 'o_3', 'o_v', 'o_out', 'md_0', 'md_1'].map((n) => col(c(n)))),
    ...BLAKE2S_CELLS.map(([operand, k, cell]) => memoryReadColumns(product(c('fp'), c(operand), k), c(`cnt_${cell}`), c(`${cell}_lo`), c(`${cell}_hi`))),
  ],
}));

/** The tables, in opcode order. */
export const TABLE_SCHEMAS: readonly TableSchema[] = [arith('XOR'), arith('MUL'), SET, DEREF, JUMP, BLAKE2S];

if (TABLE_SCHEMAS.length !== N_TABLES || TABLE_SCHEMAS.some((t, i) => t.opcode !== i)) throw new Error('TABLE_SCHEMAS out of opcode order');

/** AIR constraints of all tables together (each table takes a disjoint range of batching powers). */
export const N_CONSTRAINTS = TABLE_SCHEMAS.reduce((n, t) => n + t.constraints.length, 0);
