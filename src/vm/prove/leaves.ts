// The leaves of the bus's push, pull and count trees (src/vm/leaves.ts has their layout): every
// block's rows at its offset, every later leaf 1. A push or pull leaf is the fingerprint
// β + Σ_i eq(α, i)·t_i of its tuple t, a count leaf the count itself; each block is one form
// over its columns, evaluated by the backend's formRows.
import type { VmKernels } from '../../backend/vm-kernels';
import type { E } from '../../field/e';
import { BYTECODE_COLUMNS, BYTECODE_FIRST_COLUMN } from '../bytecode';
import { gPowerTable } from '../gpow';
import type { VmShape } from '../layout';
import { type FrameworkPart, leafLayout } from '../leaves';
import { SEP_BYTECODE, SEP_MEM, SEP_STATE } from '../tables/bus';
import { BYTECODE_FINAL_CNT, MEM_0, MEM_FINAL_CNT, TABLE_BASES } from '../tables/columns';
import { col, constant } from '../tables/form';
import { TABLE_SCHEMAS } from '../tables/schema';
import { EFormBuilder } from './eform';

export type Side = 'push' | 'pull' | 'count';
export const SIDES: readonly Side[] = ['push', 'pull', 'count'];

export interface Fingerprint {
  /** eq(α, i) for the 16 tuple slots (packed E). */
  readonly weights: Uint32Array;
  readonly beta: E;
}

/**
 * A framework block's tuple as a form over its own columns: the state boundary over none; the
 * memory over (g^i, the final count, the three limbs); the bytecode over (g^i, the final count,
 * its nine columns). Push reads count 1, pull the final-count column.
 */
function frameworkBlock(part: FrameworkPart, side: 'push' | 'pull', fp: Fingerprint, shape: VmShape, columns: readonly Uint32Array[], bytecode: Uint32Array) {
  const w = (i: number) => fp.weights.subarray(6 * i, 6 * i + 6);
  const form = new EFormBuilder().addConstant(fp.beta);
  if (part === 'state') {
    const last = gPowerTable(2 ** shape.logBytecode).subarray(-2);
    form.add(constant(SEP_STATE), w(0)).add(constant(side === 'push' ? Uint32Array.of(1, 0) : last), w(1)).add(constant(Uint32Array.of(1, 0)), w(2));
    return { form: form.build(), cols: [] as Uint32Array[] };
  }
  const memory = part === 'memory';
  const rows = 2 ** (memory ? shape.logMemory : shape.logBytecode);
  const cols = [gPowerTable(rows), columns[memory ? MEM_FINAL_CNT : BYTECODE_FINAL_CNT]];
  form.add(constant(memory ? SEP_MEM : SEP_BYTECODE), w(0)).add(col(0), w(1)).add(side === 'push' ? constant(Uint32Array.of(1, 0)) : col(1), w(2));
  const values = memory
    ? [0, 1, 2].map((l) => columns[MEM_0 + l])
    : Array.from({ length: BYTECODE_COLUMNS }, (_, i) => bytecode.subarray(2 * rows * (BYTECODE_FIRST_COLUMN + i), 2 * rows * (BYTECODE_FIRST_COLUMN + i + 1)));
  values.forEach((v, i) => {
    cols.push(v);
    form.add(col(2 + i), w(3 + i));
  });
  return { form: form.build(), cols };
}

/**
 * The three trees' leaves as far as their blocks reach (packed E; every later leaf of the
 * 2^depth is 1): push and pull fingerprinted with `fp`, count the read counts. `columns` are
 * the run's global columns, `bytecode` the program multilinear.
 */
export async function busLeaves(kernels: VmKernels, shape: VmShape, columns: readonly Uint32Array[], bytecode: Uint32Array, fp: Fingerprint): Promise<Uint32Array[]> {
  const layout = leafLayout(shape);
  const out: Uint32Array[] = [];
  for (const side of SIDES) {
    const tree = side === 'count' ? layout.count : layout[side];
    // The blocks tile a prefix of the tree from leaf 0 (the stacking rule leaves no gaps);
    // ones round it up to whole pairs of rows of four, as the GKR reads it.
    const used = tree.blocks.reduce((n, b) => Math.max(n, b.offset + 2 ** b.logRows), 1);
    const leaves = new Uint32Array(6 * 8 * Math.ceil(used / 8));
    for (let i = 6 * used; i < leaves.length; i += 6) leaves[i] = 1;
    for (const b of tree.blocks) {
      let block;
      if (b.kind === 'framework') block = frameworkBlock(b.part, side as 'push' | 'pull', fp, shape, columns, bytecode);
      else {
        const local = TABLE_SCHEMAS[b.table].columns.map((_, i) => columns[TABLE_BASES[b.table] + i]);
        const form = new EFormBuilder();
        if (b.kind === 'count') form.add(col(b.column), Uint32Array.of(1, 0, 0, 0, 0, 0));
        else {
          form.addConstant(fp.beta);
          TABLE_SCHEMAS[b.table].interactions[b.interaction][side as 'push' | 'pull'].forEach((f, i) => form.add(f, fp.weights.subarray(6 * i, 6 * i + 6)));
        }
        block = { form: form.build(), cols: local };
      }
      await kernels.formRows(block.cols, block.form, 2 ** b.logRows, leaves, b.offset);
    }
    out.push(leaves);
  }
  return out;
}
