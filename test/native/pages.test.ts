// The module's own mapped buffers (host/native/src/pages.h): zeroed, writable, the size asked,
// refused for sizes that are not positive integers, unmapped once dropped; the native backend's pool takes its large
// buffers there and its small ones from V8, and kernels write them as they write V8's.
import { expect, test } from 'vitest';
import { createNativeBackend } from '../../src/backend/native/index';
import { wordsOf } from '../../src/backend/cpu/arrays';
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

  test('dropped buffers are unmapped once collected', async () => {
    if (module.allocWords === undefined) return;
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 48; i++) {
      new Uint32Array(module.allocWords(32 << 20)).fill(i + 1); // every page touched
      await new Promise((resolve) => setImmediate(resolve)); // finalizers run between turns
    }
    expect(process.memoryUsage().rss - before).toBeLessThan(512 << 20); // 1.5 GiB if none were
  });

  test('the backend maps buffers from 32 MiB and leaves smaller ones to V8; kernels write them alike', async () => {
    if (module.allocWords === undefined) return;
    const mapped: number[] = [];
    const allocWords = module.allocWords.bind(module);
    const backend = createNativeBackend({ ...module, allocWords: (bytes: number) => (mapped.push(bytes), allocWords(bytes)) });
    const n = 1 << 22; // K words: 32 MiB
    const big = await backend.alloc('K', n);
    const small = await backend.alloc('K', n - 1);
    expect(mapped).toEqual([8 * n]);
    expect(wordsOf('native', big).every((w) => w === 0)).toBe(true);
    const words = new SplitMix64(7).words(n);
    const a = await backend.upload('K', words); // mapped too
    expect(mapped).toHaveLength(2);
    await backend.mulK(a, a, big);
    const want = new Uint32Array(2 * n);
    module.mulK(words, words, want); // on V8's arrays
    expect(await backend.download(big)).toEqual(want);
    backend.free(small);
    await backend.dispose();
  });
});
