// The native opening kernels give the cpu backend's bytes: roundSums (K and E tables), fold,
// foldRound (against fold, fold and roundSums), eqTable, laneDots and laneCombine, mapByTables, addScaled (offsets, strides, scales), addEq and zerocheckSums, on random
// inputs of odd and power-of-two lengths, queryWeights, every stride kind (1, inner, a last unit without
// a high half, the whole table), on every path at one thread and on the best path at 1, 2
// and 3 threads (lengths past the kernels' 2048-value grain, so the pool splits them).
import { afterAll, expect, test } from 'vitest';
import type { Backend, DeviceBuffer, Elem } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createNativeBackend } from '../../src/backend/native/index';
import { eLinearTables } from '../../src/field/e-linear';
import { coordinateWeights } from '../../src/pcs/ring-switch/map';
import { SplitMix64 } from '../../src/util/splitmix64';
import { firstDifference } from '../workloads/vectors';
import { expectSameOutputs } from '../same-words';
import { describeNative, eachPath } from './native';

const WORDS: Record<Elem, number> = { K: 2, E: 6 };

/** [values, stride] pairs: odd unit counts, strides past the chunk (and not a multiple of
 * it, so runs of pairs end mid-chunk), stride = n. */
const ROUNDS: [number, number][] = [[1, 1], [2, 1], [3, 1], [7, 7], [12, 4], [20, 4], [130, 10], [257, 1], [1000, 8], [9001, 1], [10000, 5000], [12288, 1024], [6000, 300], [6300, 300]];
const EQ_COORDS = [0, 1, 2, 5, 8, 13, 15];
/** [src values, acc values, at, stride]. */
const SLICES: [number, number, number, number][] = [[1, 1, 0, 1], [5, 9, 4, 1], [130, 400, 3, 3], [300, 4800, 7, 16], [5000, 5000, 0, 1], [4099, 9000, 800, 2]];

async function put(backend: Backend, elem: Elem, words: Uint32Array): Promise<DeviceBuffer> {
  return backend.upload(elem, words);
}

/** The two tables folded at `stride` and the next round's sums at `next`: by foldRound where
 * the backend has it, else (or `byParts`) by its parts (the cpu backend, the reference). */
async function foldRound(backend: Backend, f: DeviceBuffer, b: DeviceBuffer, stride: number, r: Uint32Array, next: number, byParts = false): Promise<Uint32Array[]> {
  if (backend.foldRound !== undefined && !byParts) {
    const o = await backend.foldRound(f, b, stride, r, next);
    return [await backend.download(o.f), await backend.download(o.b), o.sums];
  }
  const [ff, bf] = [await backend.fold(f, stride, r), await backend.fold(b, stride, r)];
  return [await backend.download(ff), await backend.download(bf), await backend.roundSums(ff, bf, next)];
}

/** Every kernel's outputs on one backend, from one seed: the words a comparison checks. */
async function outputs(backend: Backend, seed: number): Promise<Uint32Array[]> {
  const rng = new SplitMix64(seed);
  const out: Uint32Array[] = [];
  const words = (u32: number): Uint32Array => rng.words(u32 / 2);
  const e = (): Uint32Array => words(6);
  for (const [n, stride] of ROUNDS) {
    for (const elem of ['K', 'E'] as const) {
      const f = await put(backend, elem, words(WORDS[elem] * n)), b = await put(backend, 'E', words(6 * n));
      out.push(await backend.roundSums(f, b, stride));
      const folded = await backend.fold(f, stride, e());
      out.push(await backend.download(folded));
      // The next round paired at 1, at the same stride, and over the whole folded table.
      for (const next of new Set([1, stride, folded.length])) out.push(...(await foldRound(backend, f, b, stride, e(), next)));
    }
  }
  for (const coords of EQ_COORDS) {
    out.push(await backend.download(await backend.eqTable(words(6 * coords), e())));
  }
  // The lane kernels: [lanes, lane words, table values, first value, stride]: one lane, a table
  // past the chunk and the grain, strided ones, more than 64 lanes, a table ending at the lane's end.
  for (const [lanes, laneWords, n, at, stride] of [[1, 1, 1, 0, 1], [3, 700, 130, 5, 4], [39, 4096, 4096, 0, 1], [5, 9000, 2500, 3, 3], [70, 300, 299, 1, 1], [2, 5000, 4999, 1, 1]]) {
    const f = await put(backend, 'K', words(2 * lanes * laneWords));
    out.push(await backend.laneDots!(f, laneWords, await put(backend, 'E', words(6 * n)), at, stride));
    out.push(await backend.download(await backend.laneCombine!(f, laneWords, words(6 * lanes))));
  }
  const tables = eLinearTables(coordinateWeights(words(36)));
  for (const n of [1, 3, 2049, 5000]) {
    const buf = await put(backend, 'E', words(6 * n));
    await backend.mapByTables(buf, tables);
    out.push(await backend.download(buf));
  }
  // addEq: [coordinates, acc values, at, stride]: no coordinates, tables below, at and past the
  // 2^12-value low table, strided past a chunk's values, ending at acc's last value; each
  // added as it is and mapped by the byte tables above.
  for (const [coords, m, at, stride] of [[0, 3, 2, 1], [3, 40, 5, 4], [8, 300, 44, 1], [12, 2 * 4096, 1, 2], [13, 8200, 7, 1], [14, 3 * 16384, 2, 3], [9, 512 * 16, 15, 16]]) {
    for (const map of [undefined, tables]) {
      const acc = await put(backend, 'E', words(6 * m));
      await backend.addEq(acc, words(6 * coords), e(), at, stride, map);
      out.push(await backend.download(acc));
    }
  }
  for (const [n, m, at, stride] of SLICES) {
    const acc = await put(backend, 'E', words(6 * m)), src = await put(backend, 'E', words(6 * n));
    await backend.addScaled(acc, src, at, e(), stride);
    await backend.addScaled(acc, src, at + 1 <= m - 1 - stride * (n - 1) ? at + 1 : at, undefined, stride);
    out.push(await backend.download(acc));
  }
  // [m, ν, queries]: no variables, a split past the 2^12-value low table, and (the last three)
  // enough queries that the native backend takes the transposed route, past its batches and
  // the pool's grain.
  for (const [m, rate, count] of [[0, 1, 3], [1, 1, 2], [5, 2, 10], [13, 1, 20], [14, 2, 40], [4, 1, 90], [15, 1, 200], [12, 3, 300]]) {
    const queries = Array.from(words(2 * count), (x) => x % 2 ** (m + rate));
    queries[count - 1] = queries[0]; // a duplicate counts twice
    out.push(await backend.download(await backend.queryWeights(queries.slice(0, count), words(6 * count), m, rate)));
  }
  for (const n of [1, 2, 3, 100, 2047, 6001]) {
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => put(backend, 'E', words(12 * n))));
    out.push(await backend.zerocheckSums(a, b, c, await put(backend, 'E', words(6 * n))));
  }
  return out;
}

describeNative('the native opening kernels', (module) => {
  const before = module.threads();
  afterAll(() => module.setThreads(before));
  const cpu = createCpuBackend();
  let want: Uint32Array[] | null = null;
  const reference = async (): Promise<Uint32Array[]> => (want ??= await outputs(cpu, 7));

  eachPath(module, 'every kernel gives the cpu backend bytes at one thread', async () => {
    const native = createNativeBackend(module, { threads: 1 });
    expectSameOutputs(await outputs(native, 7), await reference(), 'at one thread');
    await native.dispose();
  });

  test('every kernel gives the cpu backend bytes at 1, 2 and 3 threads', async () => {
    for (const threads of [1, 2, 3]) {
      const native = createNativeBackend(module, { threads });
      const got = await outputs(native, 7);
      expectSameOutputs(got, await reference(), `at ${threads} threads`);
      await native.dispose();
    }
  });

  test('foldRound on tables past the caches (stored around them) equals its parts at 1 and 2 threads', async () => {
    // 2^21 values at stride 2^14, the next round at the same stride: 48 MiB of folded tables.
    // The parts (fold, roundSums) give the cpu backend's bytes above.
    const rng = new SplitMix64(11);
    const n = 2 ** 21, stride = 2 ** 14;
    const [f, b, r] = [rng.words(3 * n), rng.words(3 * n), rng.words(3)];
    for (const threads of [1, 2]) {
      const native = createNativeBackend(module, { threads });
      const [fb, bb] = [await put(native, 'E', f), await put(native, 'E', b)];
      const [got, want] = [await foldRound(native, fb, bb, stride, r, stride), await foldRound(native, fb, bb, stride, r, stride, true)];
      got.forEach((words, i) => expect(firstDifference(words, want[i]), `output ${i} at ${threads} threads`).toBe(-1));
      await native.dispose();
    }
  });

  test('kernels refuse operands that do not fit', async () => {
    const native = createNativeBackend(module, { threads: 1 });
    const e3 = await native.alloc('E', 3);
    await expect(native.fold(e3, 2, new Uint32Array(6))).rejects.toThrow(/stride/);
    await expect(native.roundSums(e3, e3, 2)).rejects.toThrow(/stride/);
    await expect(native.addScaled(e3, await native.alloc('E', 2), 1, undefined, 2)).rejects.toThrow(/do not fit/);
    await expect(native.addEq(e3, new Uint32Array(12), new Uint32Array(6), 0, 1)).rejects.toThrow(/do not fit/);
    expect(() => module.addEq(new Uint32Array(6 * 4), new Uint32Array(12), new Uint32Array(6), 1, 1, null)).toThrow(/does not fit/);
    // stride·(n − 1) = 2^44·2^20 wraps to 0 in 64 bits: still refused, nothing written past acc.
    expect(() => module.addScaled(new Uint32Array(6 * 4), new Uint32Array(6 * (2 ** 20 + 1)), 0, 2 ** 44, null)).toThrow(/does not fit/);
    expect(() => module.fold(new Uint32Array(6), true, 1, new Uint32Array(12), new Uint32Array(6))).toThrow(/one E element/);
    await native.dispose();
  });
});
