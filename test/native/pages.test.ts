// The module's own mapped buffers (host/native/src/pages.h): zeroed, writable, the size asked,
// refused for sizes that are not positive integers; the native backend's pool takes its large
// buffers there and its small ones from V8, and kernels writing them match the cpu backend.
import { expect, test } from 'vitest';
import { createNativeBackend } from '../../src/backend/native/index';
import { wordsOf } from '../../src/backend/cpu/arrays';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { SplitMix64 } from '../../src/util/splitmix64';
import { describeNative } from './native';

describeNative('native mapped buffers', (module) => {
  test('allocWords: zeroed and writable, of the size asked; bad sizes refused', () => {
    if (process.platform === 'linux') expect(module.allocWords).toBeTypeOf('function');
    if (module.allocWords === undefined) return;
    for (const bytes of [4, 4100, 3 << 20]) {
      const words = new Uint32Array(module.allocWords(bytes));
      expect(words.length).toBe(bytes / 4);
      expect(words.every((w) => w === 0)).toBe(true);
      words.fill(0xdeadbeef);
      expect(words[words.length - 1]).toBe(0xdeadbeef);
    }
    for (const bad of [0, -8, 1.5, Number.NaN, 2 ** 50]) expect(() => module.allocWords!(bad)).toThrow(RangeError);
  });

  test('the backend maps buffers from 64 KiB and leaves smaller ones to V8, with the same results', async () => {
    if (module.allocWords === undefined) return;
    const mapped: number[] = [];
    const allocWords = module.allocWords.bind(module);
    const backend = createNativeBackend({ ...module, allocWords: (bytes: number) => (mapped.push(bytes), allocWords(bytes)) });
    const big = await backend.alloc('K', 1 << 13); // 64 KiB
    const small = await backend.alloc('K', (1 << 13) - 1);
    expect(mapped).toEqual([1 << 16]);
    expect(wordsOf('native', big).every((w) => w === 0)).toBe(true);
    const words = new SplitMix64(7).words(1 << 13);
    const a = await backend.upload('K', words);
    await backend.mulK(a, a, big);
    const cpu = createCpuBackend();
    const c = await cpu.upload('K', words);
    const want = await cpu.alloc('K', 1 << 13);
    await cpu.mulK(c, c, want);
    expect(await backend.download(big)).toEqual(await cpu.download(want));
    backend.free(small);
    await backend.dispose();
  });
});
