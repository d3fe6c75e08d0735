// The VM capability (VmKernels) on a backend whose buffers are host arrays (cpu, native): each
// kernel runs on the buffers' words in place — the TypeScript reference's on cpu, the module's
// on native — so views, bindings in place and the pool cost no copies.
import { repeatBlock } from '../util/repeat';
import { type E, eAdd, eMul } from '../field/e';
import { BackendUsageError, WORDS, type BackendName, type DeviceBuffer, type Elem } from './backend';
import { gPowerTable } from '../field/g-powers';
import { ArrayDeviceBuffer, wordsOf } from './cpu/arrays';
import type { PairGather } from '../kernels/vm/gather';
import type { VmForm, VmKernels } from './vm-kernels';
import type { PlainSteps } from '../kernels/vm/steps';

/** The kernels on words (the capability's, with buffers unwrapped; src/backend/vm-kernels.ts). */
export interface VmArrayKernels {
  /** out (src.length / 4 E values) from src. */
  productsOfFour(src: Uint32Array, out: Uint32Array): void;
  /** The sums of the rows with eq's weights (eq one value a pair, after the bind); with bind,
   * the rows are bound in place first (pair p into row p, a row of ones after an odd count). */
  quarticSums(rows: Uint32Array, eq: Uint32Array, bind?: E): Uint32Array;
  formRows(columns: readonly Uint32Array[], form: VmForm, n: number, out: Uint32Array, at: number): void;
  /** eq of `half` values; with bind, the columns bound into bind.out (one array a column). */
  formPairSums(columns: readonly Uint32Array[], elem: Elem, form: VmForm, eq: Uint32Array, half: number, bind?: { r: E; out: Uint32Array[] }): Uint32Array;
  /** VmKernels.gatherPairs. */
  gatherPairs(dst: Uint32Array, src: Uint32Array, n: number, g: PairGather): void;
  /** VmKernels.steps. */
  readonly steps?: PlainSteps;
}

/** How the kernels reach the backend's arrays. */
export interface VmArrays {
  readonly backend: BackendName;
  /** Words from the backend's pool, contents arbitrary. */
  take(length: number): Uint32Array;
  /** Words from the backend's pool, zero. */
  zeroed(length: number): Uint32Array;
  /** Gives words from take back to the pool (others are ignored). */
  give(words: Uint32Array): void;
}

/** Checks that a view of `length` values from `at`, one every `stride`, fits `buf`. */
export function checkView(buf: DeviceBuffer, at: number, length: number, stride: number): void {
  if (![at, length, stride].every(Number.isInteger) || at < 0 || length < 0 || stride < 1 || (length > 0 && at + stride * (length - 1) >= buf.length)) {
    throw new BackendUsageError(`a view of ${length} values from ${at}${stride === 1 ? '' : ` every ${stride}`} does not fit a buffer of ${buf.length}`);
  }
}

/** The elem the columns share. */
function columnsElem(columns: readonly DeviceBuffer[]): Elem {
  const elem = columns[0]?.elem ?? 'K';
  if (columns.some((c) => c.elem !== elem)) throw new BackendUsageError('the columns of a form are of one kind');
  return elem;
}

export function arrayVmKernels(arrays: VmArrays, kernels: VmArrayKernels): VmKernels {
  const data = (buf: DeviceBuffer) => wordsOf(arrays.backend, buf);
  /** The first `length` values of `buf` as the buffer that takes its place (it is spent). */
  const shrink = (buf: DeviceBuffer, length: number): DeviceBuffer => {
    const a = buf as ArrayDeviceBuffer;
    const words = data(a).subarray(0, length * WORDS[a.elem]);
    a.words = null;
    return new ArrayDeviceBuffer(a.backend, a.elem, length, words, a.view);
  };
  return {
    steps: kernels.steps,
    take: (length) => arrays.take(length),
    zeroed: (length) => arrays.zeroed(length),
    give: (words) => arrays.give(words),
    async own(elem, words) {
      const length = words.length / WORDS[elem];
      if (!Number.isInteger(length) || words.byteOffset !== 0) {
        arrays.give(words);
        throw new BackendUsageError(`own takes whole ${elem} values from take, got ${words.length} words from byte ${words.byteOffset}`);
      }
      return new ArrayDeviceBuffer(arrays.backend, elem, length, words);
    },
    gatherPairs: async (dst, src, n, g) => kernels.gatherPairs(dst, src, n, g),
    view(buf, at, length, stride = 1) {
      checkView(buf, at, length, stride);
      const w = WORDS[buf.elem], words = data(buf);
      if (stride === 1) return new ArrayDeviceBuffer(arrays.backend, buf.elem, length, words.subarray(w * at, w * (at + length)), true);
      // Word by word: a subarray per value would make (and collect) one object each.
      const copy = new Uint32Array(w * length);
      for (let i = 0, o = 0; i < length; i++) for (let s = w * (at + stride * i), k = 0; k < w; k++) copy[o++] = words[s + k];
      return new ArrayDeviceBuffer(arrays.backend, buf.elem, length, copy, true);
    },
    async powers(n) {
      if (!Number.isInteger(n) || n < 1) throw new BackendUsageError(`powers: ${n} is not a positive count`);
      return new ArrayDeviceBuffer(arrays.backend, 'K', n, gPowerTable(n));
    },
    async ones(length, from, written = false) {
      const words = arrays.take(6 * length);
      if (!written) words.fill(0, 0, 6 * from);
      if (length > from) {
        words.fill(0, 6 * from + 1, 6 * from + 6)[6 * from] = 1;
        repeatBlock(words, 6 * from, 6, 6 * length);
      }
      return new ArrayDeviceBuffer(arrays.backend, 'E', length, words);
    },
    async productsOfFour(src, out) {
      const n = src.length / 4;
      if (src.elem !== 'E' || out.elem !== 'E' || !Number.isInteger(n) || out.length < n) throw new BackendUsageError(`productsOfFour: ${src.length} E values into ${out.length}`);
      kernels.productsOfFour(data(src), data(out).subarray(0, 6 * n));
    },
    async quarticSums(trees, eq, bind) {
      const sums: Uint32Array[] = [];
      const rows = trees.map((t) => {
        const pairs = t.length / 8;
        const weights = bind === undefined ? pairs : Math.ceil(pairs / 2);
        if (t.elem !== 'E' || !Number.isInteger(pairs) || pairs < 1 || eq.length < weights) {
          throw new BackendUsageError(`quarticSums: ${t.length} values are not whole pairs of rows, or ${eq.length} weights are too few`);
        }
        sums.push(kernels.quarticSums(data(t), data(eq).subarray(0, 6 * weights), bind));
        return bind === undefined ? t : shrink(t, 8 * weights);
      });
      return { sums, rows };
    },
    async formRows(columns, form, n, out, at) {
      if (columnsElem(columns) !== 'K' || out.elem !== 'E') throw new BackendUsageError('formRows takes K columns into E values');
      if (!Number.isInteger(n) || n < 0 || !Number.isInteger(at) || at < 0 || at + n > out.length || columns.some((c) => c.length < n)) {
        throw new BackendUsageError(`formRows: ${n} rows from ${at} do not fit the columns or ${out.length} values`);
      }
      kernels.formRows(columns.map(data), form, n, data(out), at);
    },
    async formPairSums(columns, form, eq, half, bind) {
      const elem = columnsElem(columns);
      const rows = (bind === undefined ? 2 : 4) * half;
      if (!Number.isInteger(half) || half < 1 || eq.elem !== 'E' || eq.length < half || columns.some((c) => c.length < rows)) {
        throw new BackendUsageError(`formPairSums: columns of ${rows} values and ${half} weights needed`);
      }
      return kernels.formPairSums(columns.map(data), elem, form, data(eq).subarray(0, 6 * half), half, bind && { r: bind.r, out: bind.out.map(data) });
    },
    async values(columns, r) {
      const w = WORDS[columnsElem(columns)];
      const out = new Uint32Array(6 * columns.length);
      columns.forEach((c, i) => {
        const words = data(c);
        const v = (j: number) => Uint32Array.from({ length: 6 }, (_, k) => (k < w ? words[w * j + k] : 0));
        out.set(r === undefined ? v(0) : eAdd(v(0), eMul(r, eAdd(v(0), v(1)))), 6 * i);
      });
      return out;
    },
  };
}
