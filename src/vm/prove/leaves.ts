// The leaves of the bus's push, pull and count trees (src/vm/leaves.ts has their layout): every
// block's rows at its offset, every later leaf 1. A push or pull leaf is the fingerprint
// β + Σ_i eq(α, i)·t_i of its tuple t, a count leaf the count itself; each block is one form
// over its columns, evaluated by the backend's formRows. Push and pull share their layout and
// their tuples but for a coordinate or two (a count g·c against c, a state's successor), so the
// push leaves are the pull leaves plus the forms of their differences. The leaves stay on the
// backend: the GKR reads them there.
import type { Backend, DeviceBuffer } from '../../backend/backend';
import type { E } from '../../field/e';
import { BYTECODE_COLUMNS, BYTECODE_FIRST_COLUMN } from '../bytecode';
import { gPowerTable } from '../../field/g-powers';
import type { VmShape } from '../layout';
import { type FrameworkPart, type LeafBlock, leafLayout } from '../leaves';
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

const ONE = Uint32Array.of(1, 0);

/** The columns a framework block's form reads: none for the state boundary; (g^i, the final
 * count, the three limbs) for the memory; (g^i, the final count, the nine columns) for the
 * bytecode. `powers` holds g^i for every row of either, `program` the program multilinear. */
function frameworkColumns(backend: Backend, part: FrameworkPart, shape: VmShape, columns: readonly DeviceBuffer[], program: DeviceBuffer, powers: DeviceBuffer): DeviceBuffer[] {
  if (part === 'state') return [];
  const memory = part === 'memory';
  const rows = 2 ** (memory ? shape.logMemory : shape.logBytecode);
  const values = memory
    ? [0, 1, 2].map((l) => columns[MEM_0 + l])
    : Array.from({ length: BYTECODE_COLUMNS }, (_, i) => backend.vm.view(program, rows * (BYTECODE_FIRST_COLUMN + i), rows));
  return [backend.vm.view(powers, 0, rows), columns[memory ? MEM_FINAL_CNT : BYTECODE_FINAL_CNT], ...values];
}

/** Adds a block's fingerprint on `side` (β and its weighted tuple) to `form`; `powers` holds
 * g^i for the bytecode's rows. */
function addFingerprint(form: EFormBuilder, b: LeafBlock, side: 'push' | 'pull', fp: Fingerprint, shape: VmShape, powers: Uint32Array): void {
  const w = (i: number) => fp.weights.subarray(6 * i, 6 * i + 6);
  form.addConstant(fp.beta);
  if (b.kind === 'interaction') {
    TABLE_SCHEMAS[b.table].interactions[b.interaction][side].forEach((f, i) => form.add(f, w(i)));
    return;
  }
  if (b.kind !== 'framework') throw new Error('a count block has no fingerprint');
  if (b.part === 'state') {
    const last = powers.subarray(2 * (2 ** shape.logBytecode - 1), 2 * 2 ** shape.logBytecode);
    form.add(constant(SEP_STATE), w(0)).add(constant(side === 'push' ? ONE : last), w(1)).add(constant(ONE), w(2));
    return;
  }
  const memory = b.part === 'memory';
  form.add(constant(memory ? SEP_MEM : SEP_BYTECODE), w(0)).add(col(0), w(1)).add(side === 'push' ? constant(ONE) : col(1), w(2));
  const values = memory ? 3 : BYTECODE_COLUMNS;
  for (let i = 0; i < values; i++) form.add(col(2 + i), w(3 + i));
}

/**
 * The three trees' leaves as far as their blocks reach (E buffers on `backend`, whole groups of
 * 8; every later leaf of the 2^depth is 1): push and pull fingerprinted with `fp`, count the
 * read counts. `columns` are the run's global columns on the backend, `bytecode` the program
 * multilinear.
 */
export async function busLeaves(backend: Backend, shape: VmShape, columns: readonly DeviceBuffer[], bytecode: Uint32Array, fp: Fingerprint): Promise<DeviceBuffer[]> {
  const { vm } = backend;
  const layout = leafLayout(shape);
  // g^i for the bytecode's rows on the host (its last is a constant of the state boundary's
  // fingerprint), and for every framework row on the backend.
  const powers = gPowerTable(2 ** shape.logBytecode);
  const powerColumn = await vm.powers(2 ** Math.max(shape.logMemory, shape.logBytecode));
  const programColumns = await backend.upload('K', bytecode);
  const blockColumns = (b: LeafBlock) =>
    b.kind === 'framework' ? frameworkColumns(backend, b.part, shape, columns, programColumns, powerColumn) : TABLE_SCHEMAS[b.table].columns.map((_, i) => columns[TABLE_BASES[b.table] + i]);
  // The blocks tile a prefix of a tree from leaf 0 (the stacking rule leaves no gaps): zero
  // there for the forms to add to, then ones round it up to whole pairs of rows of four, as the
  // GKR reads it.
  const used = (blocks: readonly LeafBlock[]) => blocks.reduce((n, b) => Math.max(n, b.offset + 2 ** b.logRows), 1);
  const [pullUsed, countUsed] = [used(layout.pull.blocks), used(layout.count.blocks)];
  const [nPull, nCount] = [pullUsed, countUsed].map((n) => 8 * Math.ceil(n / 8));
  const trees: DeviceBuffer[] = [];
  try {
    const pull = await vm.ones(nPull, pullUsed);
    trees.push(pull);
    for (const b of layout.pull.blocks) {
      const form = new EFormBuilder();
      addFingerprint(form, b, 'pull', fp, shape, powers);
      await vm.formRows(blockColumns(b), form.build(), 2 ** b.logRows, pull, b.offset);
    }
    const push = await backend.alloc('E', nPull);
    trees.unshift(push);
    await backend.addScaled(push, pull);
    for (const b of layout.push.blocks) {
      const diff = new EFormBuilder();
      addFingerprint(diff, b, 'push', fp, shape, powers);
      addFingerprint(diff, b, 'pull', fp, shape, powers);
      await vm.formRows(blockColumns(b), diff.build(), 2 ** b.logRows, push, b.offset);
    }
    const count = await vm.ones(nCount, countUsed);
    trees.push(count);
    for (const b of layout.count.blocks) {
      if (b.kind !== 'count') continue;
      await vm.formRows(blockColumns(b), new EFormBuilder().add(col(b.column), Uint32Array.of(1, 0, 0, 0, 0, 0)).build(), 2 ** b.logRows, count, b.offset);
    }
    return trees;
  } catch (e) {
    for (const t of trees) backend.free(t);
    throw e;
  } finally {
    backend.free(programColumns);
    backend.free(powerColumn);
  }
}
