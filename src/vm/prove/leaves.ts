// The leaves of the bus's push, pull and count trees (src/vm/leaves.ts has their layout): every
// block's rows at its offset, every other leaf 1. A push or pull leaf is the fingerprint
// β + Σ_i eq(α, i)·t_i of its tuple t, a count leaf the count itself.
import { type E, eMulKAt } from '../../field/e';
import { type VmShape } from '../layout';
import { type FrameworkPart, type LeafBlock, leafLayout } from '../leaves';
import { SEP_BYTECODE, SEP_MEM, SEP_STATE } from '../tables/bus';
import { BYTECODE_FINAL_CNT, MEM_0, MEM_FINAL_CNT, TABLE_BASES } from '../tables/columns';
import { TABLE_SCHEMAS } from '../tables/schema';
import { gPowerTable } from '../gpow';
import { BYTECODE_FIRST_COLUMN, BYTECODE_COLUMNS } from '../bytecode';
import { EFormBuilder, evalEFormK } from './eform';

export type Side = 'push' | 'pull' | 'count';
export const SIDES: readonly Side[] = ['push', 'pull', 'count'];

export interface Fingerprint {
  /** eq(α, i) for the 16 tuple slots (packed E). */
  readonly weights: Uint32Array;
  readonly beta: E;
}

const T = new Uint32Array(6), KW = new Uint32Array(2);

/** out[o..] ^= weight · (lo, hi). */
function addK(out: Uint32Array, o: number, weight: Uint32Array, wo: number, lo: number, hi: number): void {
  KW[0] = lo;
  KW[1] = hi;
  eMulKAt(T, 0, weight, wo, KW, 0);
  for (let t = 0; t < 6; t++) out[o + t] ^= T[t];
}

/** A framework block's leaves, written at its offset. */
function frameworkLeaves(out: Uint32Array, b: LeafBlock & { part: FrameworkPart }, side: 'push' | 'pull', fp: Fingerprint, shape: VmShape, columns: readonly Uint32Array[], bytecode: Uint32Array): void {
  const { weights: w, beta } = fp;
  const rows = 2 ** b.logRows;
  const g = gPowerTable(b.part === 'state' ? 2 ** shape.logBytecode : rows);
  for (let i = 0; i < rows; i++) {
    const o = 6 * (b.offset + i);
    out.set(beta, o);
    if (b.part === 'state') {
      const last = g.subarray(g.length - 2);
      addK(out, o, w, 0, SEP_STATE[0], SEP_STATE[1]);
      if (side === 'push') addK(out, o, w, 6, 1, 0);
      else addK(out, o, w, 6, last[0], last[1]);
      addK(out, o, w, 12, 1, 0);
      continue;
    }
    const memory = b.part === 'memory';
    const sep = memory ? SEP_MEM : SEP_BYTECODE;
    addK(out, o, w, 0, sep[0], sep[1]);
    addK(out, o, w, 6, g[2 * i], g[2 * i + 1]);
    if (side === 'push') addK(out, o, w, 12, 1, 0);
    else {
      const cnt = columns[memory ? MEM_FINAL_CNT : BYTECODE_FINAL_CNT];
      addK(out, o, w, 12, cnt[2 * i], cnt[2 * i + 1]);
    }
    if (memory) {
      for (let l = 0; l < 3; l++) addK(out, o, w, 6 * (3 + l), columns[MEM_0 + l][2 * i], columns[MEM_0 + l][2 * i + 1]);
    } else {
      for (let s = BYTECODE_FIRST_COLUMN; s < BYTECODE_FIRST_COLUMN + BYTECODE_COLUMNS; s++) {
        const at = 2 * (s * rows + i);
        addK(out, o, w, 6 * s, bytecode[at], bytecode[at + 1]);
      }
    }
  }
}

/**
 * The three trees' leaves as far as their blocks reach (packed E; every later leaf of the
 * 2^depth is 1): push and pull fingerprinted with `fp`, count the read counts. `columns` are the run's global columns, `bytecode` the program multilinear.
 */
export function busLeaves(shape: VmShape, columns: readonly Uint32Array[], bytecode: Uint32Array, fp: Fingerprint): Uint32Array[] {
  const layout = leafLayout(shape);
  return SIDES.map((side) => {
    const tree = side === 'count' ? layout.count : layout[side];
    // The blocks fill a prefix of the tree from leaf 0; every leaf past them is 1.
    const used = tree.blocks.reduce((n, b) => Math.max(n, b.offset + 2 ** b.logRows), 1);
    const out = new Uint32Array(6 * used);
    for (let i = 0; i < out.length; i += 6) out[i] = 1;
    for (const b of tree.blocks) {
      if (b.kind === 'framework') {
        frameworkLeaves(out, b, side as 'push' | 'pull', fp, shape, columns, bytecode);
        continue;
      }
      const schema = TABLE_SCHEMAS[b.table];
      const local = schema.columns.map((_, i) => columns[TABLE_BASES[b.table] + i]);
      const rows = 2 ** b.logRows;
      if (b.kind === 'count') {
        const c = local[b.column];
        for (let i = 0; i < rows; i++) {
          const o = 6 * (b.offset + i);
          out.fill(0, o, o + 6);
          out[o] = c[2 * i];
          out[o + 1] = c[2 * i + 1];
        }
        continue;
      }
      const tuple = schema.interactions[b.interaction][side as 'push' | 'pull'];
      const form = new EFormBuilder().addConstant(fp.beta);
      tuple.forEach((f, i) => form.add(f, fp.weights.subarray(6 * i, 6 * i + 6)));
      const eform = form.build();
      for (let i = 0; i < rows; i++) evalEFormK(eform, local, i, out, 6 * (b.offset + i));
    }
    return out;
  });
}
