// The native additive NTT and stack encoding of every path against src/ntt, word for word:
// forwardNtt on random interleaved lanes (every leftover-layer pattern, start layers, lane
// counts that leave SIMD tails, sizes past the cache chunk where the plan switches from
// whole-array passes to per-block passes, blocks too small to run alone), and encode through the Backend interface at
// several stack sizes, rates and lane counts, partly filled stacks included.
import { expect, test } from 'vitest';
import { BackendUsageError } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createNativeBackend } from '../../src/backend/native/index';
import { ShapeError } from '../../src/util/errors';
import { forwardNtt } from '../../src/ntt/transform';
import { SplitMix64 } from '../../src/util/splitmix64';
import type { NativeModule } from '../../src/backend/native/module';
import { describeNative, eachPath } from './native';
import { expectSameWords } from '../same-words';

/** [log positions, lanes, start layer]: small shapes for every path, then chunked ones. */
const SMALL: [number, number, number][] = [
  [0, 1, 0], [1, 1, 0], [1, 5, 1], [2, 3, 0], [3, 1, 0], [4, 2, 1], [5, 7, 0], [6, 8, 2], [7, 1, 3], [8, 64, 1],
  [9, 35, 0], [10, 3, 4], [11, 16, 1],
  // Blocks of fewer than 64 rows, run several to a kernel call (the last WHIR level's 32 rows
  // × 24 lanes at rate 2^10; 4-row blocks whose runs of 16 end mid-run at a task's end).
  [15, 24, 10], [13, 3, 11],
];
/** Blocks past 2^16 words (the plan's chunk on a 1 MiB L2; at most 2^17 on any) in the first 1, 2, 3 and 4 layers. */
const LARGE: [number, number, number][] = [[17, 1, 0], [13, 64, 1], [16, 8, 0], [16, 9, 0]];

function transformBoth(logSize: number, lanes: number, start: number, native: (d: Uint32Array) => void): void {
  const data = new SplitMix64(1000 * logSize + lanes + start).words(lanes << logSize);
  const want = data.slice();
  forwardNtt(want, lanes, start);
  native(data);
  expectSameWords(data, want, `2^${logSize} positions × ${lanes} lanes from layer ${start}`);
}

/** forwardNtt from a tile: the same words as the transform of the tile copied 2^start times,
 * data's own words (garbage here) never read, the tile left as it was. */
function tiledBoth(module: NativeModule, logSize: number, lanes: number, start: number): void {
  const tile = new SplitMix64(7 * logSize + lanes + start).words((lanes << logSize) >> start);
  const want = new Uint32Array(tile.length << start);
  for (let c = 0; c < 2 ** start; c++) want.set(tile, c * tile.length);
  forwardNtt(want, lanes, start);
  const data = new Uint32Array(want.length).fill(0xdeadbeef), before = tile.slice();
  module.forwardNtt(data, lanes, start, tile);
  expectSameWords(data, want, `2^${logSize} positions × ${lanes} lanes tiled from layer ${start}`);
  expect(tile).toEqual(before);
}

/** A stack of 2^logN words whose first `lanes` blocks hold data, the last one partly. */
function stack(logN: number, lanes: number, seed: number): Uint32Array {
  const block = 2 ** (logN - 6);
  const len = lanes === 64 ? 64 * block : (lanes - 1) * block + Math.max(1, block >> 1);
  return new SplitMix64(seed).words(len);
}

describeNative('native NTT and encode', (module) => {
  const native = createNativeBackend(module);
  const cpu = createCpuBackend();

  eachPath(module, 'forwardNtt equals src/ntt forwardNtt on small shapes', () => {
    for (const [l, lanes, start] of SMALL) transformBoth(l, lanes, start, (d) => module.forwardNtt(d, lanes, start));
  });

  test('forwardNtt equals src/ntt forwardNtt on shapes past the cache chunk, on the chosen path', () => {
    for (const [l, lanes, start] of LARGE) transformBoth(l, lanes, start, (d) => module.forwardNtt(d, lanes, start));
  });

  eachPath(module, 'forwardNtt from a tile equals the transform of the tiled copies on small shapes', () => {
    for (const [l, lanes, start] of SMALL) tiledBoth(module, l, lanes, start);
  });

  test('forwardNtt from a tile equals the transform of the tiled copies past the cache chunk, on the chosen path', () => {
    // Blocks of the start layer past a chunk (the tiles run slab by slab), and within one.
    for (const [l, lanes, start] of [...LARGE, [17, 1, 1], [17, 1, 2], [16, 9, 3]] as [number, number, number][]) tiledBoth(module, l, lanes, start);
  });

  eachPath(module, 'encode equals the cpu backend (stacks 2^6..2^14, rates 1/2..1/16, 1 to 64 lanes)', async () => {
    for (const [logN, rate, lanes] of [
      [6, 1, 64], [7, 2, 1], [8, 1, 3], [9, 3, 35], [10, 1, 64], [11, 4, 2], [12, 2, 17], [13, 1, 64], [14, 2, 48],
    ]) {
      const q = stack(logN, lanes, logN * 100 + rate);
      const got = await native.encode(await native.upload('K', q), logN, rate);
      const want = await cpu.encode(await cpu.upload('K', q), logN, rate);
      expect(got.length).toBe(want.length);
      expectSameWords(await native.download(got), await cpu.download(want), `2^${logN} stack, ${lanes} lanes, rate 1/${2 ** rate}`);
    }
  });

  test('encode of stacks past the cache chunk equals the cpu backend, on the chosen path', async () => {
    for (const [logN, rate, lanes] of [[17, 1, 64], [17, 2, 35], [18, 1, 64]]) {
      const q = stack(logN, lanes, logN);
      const got = await native.download(await native.encode(await native.upload('K', q), logN, rate));
      expect(got).toEqual(await cpu.download(await cpu.encode(await cpu.upload('K', q), logN, rate)));
    }
  });

  test('freed codewords are reused for later ones without disturbing live buffers', async () => {
    const [a, b, c] = [1, 2, 3].map((seed) => stack(14, 64, seed));
    const want = async (q: Uint32Array) => cpu.download(await cpu.encode(await cpu.upload('K', q), 14, 1));
    const first = await native.encode(await native.upload('K', a), 14, 1);
    const second = await native.encode(await native.upload('K', b), 14, 1);
    native.free(first);
    const third = await native.encode(await native.upload('K', c), 14, 1); // takes first's array
    expect(await native.download(second)).toEqual(await want(b));
    expect(await native.download(third)).toEqual(await want(c));
    const zeroed = await native.alloc('K', third.length);
    native.free(third);
    expect((await native.download(await native.alloc('K', second.length))).every((w) => w === 0)).toBe(true);
    expect((await native.download(zeroed)).every((w) => w === 0)).toBe(true);
  });

  test('encode rejects what encodeStack rejects, and E buffers', async () => {
    const k = await native.upload('K', new SplitMix64(1).words(128));
    await expect(native.encode(k, 6, 1)).rejects.toThrow(ShapeError);
    await expect(native.encode(k, 8, -1)).rejects.toThrow(ShapeError);
    await expect(native.encode(await native.alloc('E', 64), 8, 1)).rejects.toThrow(BackendUsageError);
    await expect(native.encode(await cpu.upload('K', new Uint32Array(128)), 8, 1)).rejects.toThrow(BackendUsageError);
  });

  test('the addon checks transform shapes', () => {
    expect(() => module.forwardNtt(new Uint32Array(6), 1, 0)).toThrow(RangeError);
    expect(() => module.forwardNtt(new Uint32Array(8), 1, 3)).toThrow(RangeError);
    // A tile must be one block of the start layer, apart from the data.
    expect(() => module.forwardNtt(new Uint32Array(16), 1, 1, new Uint32Array(4))).toThrow(RangeError);
    const shared = new Uint32Array(24);
    expect(() => module.forwardNtt(shared.subarray(0, 16), 1, 1, shared.subarray(8, 16))).toThrow(RangeError);
    expect(() => module.encodeStack(new Uint32Array(2), new Uint32Array(6), 1, 1, 1)).toThrow(RangeError);
    expect(() => module.encodeStack(new Uint32Array(6), new Uint32Array(8), 1, 1, 1)).toThrow(RangeError);
  });
});
