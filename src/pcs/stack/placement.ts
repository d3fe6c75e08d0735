// Where the columns of one stacked commitment sit (docs/protocol.md §8): largest first, ties in input
// order, each at the running offset, which is then a multiple of its own size. The stack has
// 2^μ words, μ = ⌈log2 total⌉ floored at 15; only the 2^(μ−6)-word lane blocks holding data
// are committed. A column's selector is its offset's high bits: its slice of the cube.
import { type E, eMulAt, eOne } from '../../field/e';
import { INITIAL_FOLDING_FACTOR, MAX_LOG_N, MIN_LOG_N } from '../whir/config';
import { ShapeError } from '../../util/errors';

export interface StackPlacement {
  /** log2 of each column's K words, in input order. */
  readonly logSizes: readonly number[];
  /** Each column's first word in the stack, in input order. */
  readonly offsets: readonly number[];
  /** μ: the stack is 2^μ K words. */
  readonly logN: number;
  /** Words the columns fill, from offset 0. */
  readonly words: number;
  /** Committed lane blocks: ⌈words / 2^(μ−6)⌉. */
  readonly nLanes: number;
}

/**
 * The stacking rule alone: blocks of 2^k entries, largest first, ties in input order, each at the
 * running total (then a multiple of its own size). Also lays out the VM's bus leaves.
 */
export function stackOffsets(logSizes: readonly number[]): { offsets: number[]; words: number } {
  const order = logSizes.map((_, i) => i).sort((a, b) => logSizes[b] - logSizes[a] || a - b);
  const offsets = new Array<number>(logSizes.length);
  let words = 0;
  for (const i of order) {
    offsets[i] = words;
    words += 2 ** logSizes[i];
  }
  return { offsets, words };
}

export function placeColumns(logSizes: readonly number[]): StackPlacement {
  if (logSizes.length === 0) throw new ShapeError('placeColumns: a stack needs at least one column');
  logSizes.forEach((k, i) => {
    if (!Number.isInteger(k) || k < 0 || k > MAX_LOG_N) throw new ShapeError(`placeColumns: column ${i} has log size ${k}, outside 0..${MAX_LOG_N}`);
  });
  const { offsets, words } = stackOffsets(logSizes);
  const logN = Math.max(Math.ceil(Math.log2(words)), MIN_LOG_N);
  if (logN > MAX_LOG_N) throw new ShapeError(`placeColumns: ${words} words exceed the largest stack, 2^${MAX_LOG_N}`);
  const nLanes = Math.ceil(words / 2 ** (logN - INITIAL_FOLDING_FACTOR));
  return { logSizes: logSizes.slice(), offsets, logN, words, nLanes };
}

/** The committed words: each column copied to its offset, zeros up to whole lane blocks. */
export function buildStack(columns: readonly Uint32Array[], placement: StackPlacement): Uint32Array {
  if (columns.length !== placement.logSizes.length) {
    throw new ShapeError(`buildStack: the placement has ${placement.logSizes.length} columns, got ${columns.length}`);
  }
  const stack = new Uint32Array(2 * placement.nLanes * 2 ** (placement.logN - INITIAL_FOLDING_FACTOR));
  columns.forEach((col, i) => {
    if (col.length !== 2 * 2 ** placement.logSizes[i]) {
      throw new ShapeError(`buildStack: column ${i} needs 2^${placement.logSizes[i]} K words, got ${col.length / 2}`);
    }
    stack.set(col, 2 * placement.offsets[i]);
  });
  return stack;
}

/** eq(bits(selector), high): the weight of a slice at the cube's high coordinates (packed E). */
export function selectorEq(selector: number, high: Uint32Array): E {
  const acc = eOne();
  const factor = new Uint32Array(6);
  for (let k = 0; k < high.length / 6; k++) {
    factor.set(high.subarray(6 * k, 6 * k + 6));
    // bit 1: the coordinate itself; bit 0: 1 + the coordinate.
    if (Math.floor(selector / 2 ** k) % 2 === 0) factor[0] ^= 1;
    eMulAt(acc, 0, acc, 0, factor, 0);
  }
  return acc;
}
