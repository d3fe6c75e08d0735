// Operands larger than one storage binding. An operand may hold gigabytes (in parts past the
// device's maxBufferSize: store.ts), but a kernel binds at most maxStorageBufferBindingSize of it
// at once (128 MiB on lavapipe and many browsers' defaults). A kernel over a larger operand
// binds windows of it — a byte offset and a length — and is dispatched once per window (or per
// pair of windows where its accesses are two ranges apart, as the NTT's widest butterflies
// are). The window and part sizes are set here from the device's limits, or smaller when the
// backend is told (WebGpuBackendOptions), so tests on a software adapter split operands exactly
// as a large GPU's jobs split.
import { BackendUsageError } from '../backend';
import type { KernelName } from './kernels';
import type { Binding, Recording } from './recording';
import type { Store } from './store';

export interface Windows {
  /** Bytes a binding spans at most: a power of two. */
  readonly bytes: number;
  /** Bytes one buffer holds at most: a power of two, at least `bytes`; longer operands are
   * kept in parts of this size (store.ts). */
  readonly partBytes: number;
  /** A window's byte offset is a multiple of this (minStorageBufferOffsetAlignment). */
  readonly align: number;
}

/** The largest power of two at most n. */
function floorPow2(n: number): number {
  return 2 ** Math.floor(Math.log2(n));
}

/** The windows of `device`, bindings at most `maxBindingBytes` long and buffers at most
 * `maxBufferBytes` when given (a test's smaller limits). */
export function deviceWindows(device: GPUDevice, maxBindingBytes?: number, maxBufferBytes?: number): Windows {
  const align = device.limits.minStorageBufferOffsetAlignment;
  for (const [name, given] of [['maxBindingBytes', maxBindingBytes], ['maxBufferBytes', maxBufferBytes]] as const) {
    if (given !== undefined && (!Number.isSafeInteger(given) || given < 64 * align)) {
      throw new BackendUsageError(`${name} must be an integer of at least ${64 * align} bytes, got ${given}`);
    }
  }
  const partBytes = floorPow2(Math.min(device.limits.maxBufferSize, maxBufferBytes ?? Infinity));
  const bytes = floorPow2(Math.min(device.limits.maxStorageBufferBindingSize, partBytes, maxBindingBytes ?? Infinity));
  return { bytes, partBytes, align };
}

/** `size` bytes of an operand's storage from byte `offset`: what a kernel binds of it. */
export interface StoreWindow {
  readonly buffer: Store;
  readonly offset: number;
  readonly size: number;
}

/** A binding of `size` bytes of `buffer` from byte `offset`. */
export function windowOf(buffer: Store, offset: number, size: number): StoreWindow {
  return { buffer, offset, size };
}

/** The fewest units of `unitBytes`, a power-of-two multiple of `multiple`, whose bytes are a
 * multiple of the alignment. */
function alignedStep(w: Windows, unitBytes: number, multiple = 1): number {
  let step = multiple;
  while ((step * unitBytes) % w.align !== 0) step *= 2;
  return step;
}

/** The units (of `unitBytes` each) a window holds that start at an aligned byte offset when a
 * window starts at a multiple of them: at most `w.bytes` long, a multiple of `multiple` units. */
export function windowUnits(w: Windows, unitBytes: number, multiple = 1): number {
  const step = alignedStep(w, unitBytes, multiple);
  const units = Math.floor(w.bytes / unitBytes / step) * step;
  if (units < step) throw new BackendUsageError(`a binding of ${w.bytes} bytes holds no aligned run of ${step} units of ${unitBytes} bytes`);
  return units;
}

/** The aligned window of `buffer` from `offset` (bytes, rounded down to the alignment) holding
 * `bytes` more bytes, and where the wanted bytes start inside it. */
export function windowAround(w: Windows, buffer: Store, offset: number, bytes: number): { binding: StoreWindow; skip: number } {
  const start = offset - (offset % w.align);
  const size = Math.min(offset - start + Math.max(bytes, 4), buffer.size - start);
  if (size > w.bytes) throw new BackendUsageError(`${bytes} bytes from ${offset} do not fit one binding of ${w.bytes}`);
  return { binding: windowOf(buffer, start, size), skip: offset - start };
}

/** [first, count] runs of `per` covering 0 .. total. */
export function* runs(total: number, per: number): Generator<[number, number]> {
  for (let first = 0; first < total; first += per) yield [first, Math.min(per, total - first)];
}

/** The most elements a run of several operands' windows holds: every operand's window (of
 * `unitBytes[i]` an element) fits a binding and starts aligned; a multiple of `multiple`. */
export function commonUnits(w: Windows, unitBytes: readonly number[], multiple = 1): number {
  const step = Math.max(...unitBytes.map((u) => alignedStep(w, u, multiple)));
  return Math.min(...unitBytes.map((u) => windowUnits(w, u, step)));
}

/** An operand of an elementwise dispatch: bound whole, or in windows of `unit`-byte elements. */
export type Operand = Store | { readonly windowed: Store; readonly unit: number };

/**
 * Runs of `count` elements that fit a window of every windowed operand, each with those
 * operands' windows bound (the others whole): the bindings of an elementwise kernel, whose
 * invocation i touches only element i of each windowed operand.
 */
export function elementRuns(w: Windows, count: number, operands: readonly Operand[]): { first: number; n: number; bound: Binding[] }[] {
  const windowed = operands.filter((o): o is Exclude<Operand, Store> => 'windowed' in o);
  const whole = windowed.every((o) => o.unit * count <= w.bytes);
  const per = whole ? count : commonUnits(w, windowed.map((o) => o.unit));
  return [...runs(count, per)].map(([first, n]) => ({
    first,
    n,
    bound: operands.map((o) => ('windowed' in o ? (whole ? o.windowed : windowOf(o.windowed, first * o.unit, n * o.unit)) : o)),
  }));
}

/** Records kernel `name` over `count` elements (elementRuns); `params(n)` are the uniform
 * words of a run of n. */
export function dispatchElementwise(w: Windows, rec: Recording, name: KernelName, count: number, operands: readonly Operand[], params: (n: number) => number[]): void {
  for (const { n, bound } of elementRuns(w, count, operands)) rec.dispatch(name, n, bound, params(n));
}

/** An operand of a dispatch over invocations whose invocation i touches values at + per·i up
 * to at + per·(i + 1) of `buffer`, `unit` bytes a value. */
export interface Span {
  readonly buffer: Store;
  readonly at: number;
  readonly per: number;
  readonly unit: number;
}

/** A span's binding in a run, and its `at` as the run's kernel sees it. */
export interface SpanBinding {
  readonly binding: Binding;
  readonly at: number;
}

/**
 * Runs of `count` invocations (at most `most` a run), each with every span's binding — its
 * buffer whole where that fits a binding, else the aligned window holding the run's values, cut
 * at the buffer's end — and the run's first value in that binding (`at`).
 */
export function spanRuns(w: Windows, count: number, spans: readonly Span[], most = count): { first: number; n: number; bound: SpanBinding[] }[] {
  const windowed = spans.filter((s) => s.buffer.size > w.bytes);
  const per = Math.min(Math.max(1, most), ...windowed.map((s) => Math.floor((Math.floor(w.bytes / s.unit) - alignedStep(w, s.unit)) / s.per)));
  if (per < 1) throw new BackendUsageError(`a binding of ${w.bytes} bytes holds no invocation's values`);
  return [...runs(count, per)].map(([first, n]) => ({
    first,
    n,
    bound: spans.map((s) => {
      if (s.buffer.size <= w.bytes) return { binding: s.buffer, at: s.at + s.per * first };
      const v = s.at + s.per * first;
      const start = v - (v % alignedStep(w, s.unit));
      const end = Math.min(v + s.per * n, Math.floor(s.buffer.size / s.unit));
      return { binding: windowOf(s.buffer, start * s.unit, (end - start) * s.unit), at: v - start };
    }),
  }));
}
