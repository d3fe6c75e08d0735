// The module's own buffers (host/native/src/pages.h): mapped ones zeroed, writable, the size
// asked, faulted in at once where dense, refused for sizes that are not positive integers or
// past 2^32 bytes, unmapped once dropped or at once by releaseWords, moved into another size by
// resizeWords; heap ones the same but for the resize, zeroed where asked. The native backend's
// pool takes its buffers there from 64 KiB (maps from 32 MiB), its smallest and huge ones from
// V8, lets V8 nothing to collect, and kernels write them as they write V8's.
import { release } from 'node:os';
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

  test('a dense map (allocWords, resizeWords\' new pages) comes faulted in: writing it afterwards costs almost no page faults, zeroed as a plain one', () => {
    // MADV_POPULATE_WRITE is Linux 5.14's; elsewhere a dense map faults on first touch.
    const [major, minor] = release().split('.').map(Number);
    if (process.platform !== 'linux' || module.allocWords === undefined || major < 5 || (major === 5 && minor < 14)) return;
    const bytes = 16 << 20;
    /** Page faults while every page of the words from `from` is written. */
    const faultsWriting = (words: Uint32Array, from = 0): number => {
      const before = process.resourceUsage().minorPageFault;
      for (let i = from; i < words.length; i += 1024) words[i] |= 1;
      return process.resourceUsage().minorPageFault - before;
    };
    const plain = new Uint32Array(module.allocWords(bytes, false)), dense = new Uint32Array(module.allocWords(bytes, true));
    expect(dense.every((w) => w === 0)).toBe(true);
    expect(faultsWriting(dense)).toBeLessThan(64);
    expect(faultsWriting(plain)).toBeGreaterThanOrEqual(faultsWriting(dense));
    module.releaseWords!(plain.buffer as ArrayBuffer);
    if (module.resizeWords !== undefined) {
      const grown = new Uint32Array(module.resizeWords(dense.buffer as ArrayBuffer, 2 * bytes, true));
      expect(grown[1024]).toBe(1);
      expect(grown.subarray(bytes / 4).every((w) => w === 0)).toBe(true);
      expect(faultsWriting(grown, bytes / 4)).toBeLessThan(64);
      module.releaseWords!(grown.buffer as ArrayBuffer);
    } else module.releaseWords!(dense.buffer as ArrayBuffer);
  });

  test('past 2^32 bytes allocWords refuses (Node 20 makes no larger external buffer: it aborted with a double free); 2^32 maps', () => {
    if (module.allocWords === undefined) return;
    expect(() => module.allocWords!(2 ** 32 + 4096)).toThrow(RangeError);
    const held = module.heldBytes();
    const largest = module.allocWords(2 ** 32); // untouched: no page is faulted in
    expect(largest.byteLength).toBe(2 ** 32);
    expect(module.heldBytes()).toBe(held + 2 ** 32);
    module.releaseWords!(largest);
    expect(largest.byteLength).toBe(0); // detached
    expect(module.heldBytes()).toBe(held);
    expect(() => module.releaseWords!(largest)).toThrow(RangeError);
  });

  test('resizeWords moves a buffer\'s pages into one of another size: contents kept to the smaller size, zero past it, the old detached, the mapped count moved', () => {
    if (module.allocWords === undefined) return;
    if (process.platform === 'linux') expect(module.resizeWords).toBeTypeOf('function');
    if (module.resizeWords === undefined) return;
    const held = module.heldBytes();
    const old = module.allocWords(3 << 20);
    const words = new Uint32Array(old);
    for (let i = 0; i < words.length; i++) words[i] = i * 2654435761;
    const grown = module.resizeWords(old, 5 << 20);
    expect(old.byteLength).toBe(0); // detached
    expect(module.heldBytes()).toBe(held + (5 << 20));
    const g = new Uint32Array(grown);
    expect(g.length).toBe((5 << 20) / 4);
    let same = true;
    for (let i = 0; i < words.length && same; i++) same = g[i] === Math.imul(i, 2654435761) >>> 0;
    expect(same).toBe(true);
    expect(g.subarray((3 << 20) / 4).every((w) => w === 0)).toBe(true);
    const shrunk = module.resizeWords(grown, 1 << 20);
    expect(new Uint32Array(shrunk)[12345]).toBe(Math.imul(12345, 2654435761) >>> 0);
    expect(module.heldBytes()).toBe(held + (1 << 20));
    expect(() => module.resizeWords!(grown, 1 << 20)).toThrow(RangeError); // a detached buffer
    expect(() => module.resizeWords!(new ArrayBuffer(1 << 20), 2 << 20)).toThrow(RangeError); // not the module's
    for (const bad of [0, 1.5, 2 ** 50]) expect(() => module.resizeWords!(shrunk, bad)).toThrow(RangeError);
    module.releaseWords!(shrunk);
    expect(module.heldBytes()).toBe(held);
  });

  test('a resize past limitAllocations is an allocation failure that leaves the buffer as it was', () => {
    if (module.allocWords === undefined || module.resizeWords === undefined) return;
    const buffer = module.allocWords(1 << 20);
    new Uint32Array(buffer).fill(9);
    module.limitAllocations(2 << 20);
    try {
      expect(() => module.resizeWords!(buffer, 4 << 20)).toThrow(/resized mapped buffer/);
    } finally {
      module.limitAllocations(null);
    }
    expect(buffer.byteLength).toBe(1 << 20);
    expect(new Uint32Array(buffer)[1000]).toBe(9);
    module.releaseWords!(buffer);
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

  test('heapWords: the size asked, zeroed unless told not to, held until releaseWords detaches it; never resized; past the limit an allocation failure', () => {
    if (module.heapWords === undefined) return;
    const held = module.heldBytes();
    const buffers = [4, 4100, 3 << 20].map((bytes) => module.heapWords!(bytes));
    expect(module.heldBytes()).toBe(held + 4 + 4100 + (3 << 20));
    for (const b of buffers) {
      const words = new Uint32Array(b);
      expect(words.every((w) => w === 0)).toBe(true);
      words.fill(0xdeadbeef);
      module.releaseWords!(b);
      expect(b.byteLength).toBe(0); // detached
    }
    expect(module.heldBytes()).toBe(held);
    // Unzeroed, the same size: usable, and returned alike (its contents are whatever they are).
    const raw = module.heapWords(1 << 20, false);
    expect(raw.byteLength).toBe(1 << 20);
    new Uint32Array(raw).fill(7);
    if (module.resizeWords !== undefined) expect(() => module.resizeWords!(raw, 2 << 20)).toThrow(/not a heapWords one/);
    module.releaseWords!(raw);
    expect(() => module.releaseWords!(raw)).toThrow(RangeError);
    for (const bad of [0, -8, 1.5, Number.NaN, 2 ** 50]) expect(() => module.heapWords!(bad)).toThrow(RangeError);
    module.limitAllocations(1 << 20);
    try {
      expect(() => module.heapWords!(2 << 20)).toThrow(/a heap buffer/);
    } finally {
      module.limitAllocations(null);
    }
    expect(module.heldBytes()).toBe(held);
  });

  test('the backend\'s pool lets V8 nothing to collect: the buffers it drops go back to the module at once', async () => {
    if (module.heapWords === undefined) return;
    let collections = 0;
    const held = module.heldBytes();
    const backend = createNativeBackend(module, { collect: () => collections++ });
    // Each larger than the spare before it by more than the pool's fit: the spare is dropped
    // (the pool stays within what it has held), 276 MiB in all, past the pool's collection
    // threshold (64 MiB) had V8 held them.
    for (let mib = 1; mib <= 24; mib++) backend.free(await backend.alloc('K', mib << 17));
    expect(collections).toBe(0);
    expect(module.heldBytes()).toBeLessThanOrEqual(held + (24 << 20));
    await backend.dispose();
    expect(module.heldBytes()).toBe(held);
  });

  test('the backend maps buffers from 32 MiB, takes those from 64 KiB from the heap and leaves smaller and huge ones to V8; kernels write them alike', async () => {
    if (module.allocWords === undefined || module.heapWords === undefined) return;
    const mapped: number[] = [], heap: number[] = [];
    const allocWords = module.allocWords.bind(module), heapWords = module.heapWords.bind(module);
    const backend = createNativeBackend({
      ...module,
      allocWords: (bytes: number) => (mapped.push(bytes), allocWords(bytes)),
      heapWords: (bytes: number, zeroed?: boolean) => (heap.push(bytes), heapWords(bytes, zeroed)),
    });
    const n = 1 << 22; // K words: 32 MiB
    const big = await backend.alloc('K', n);
    const small = await backend.alloc('K', n - 1);
    const tiny = await backend.alloc('K', (1 << 13) - 1); // below 64 KiB: V8's
    expect(mapped).toEqual([8 * n]);
    expect(heap).toEqual([8 * (n - 1)]);
    expect(wordsOf('native', small).every((w) => w === 0)).toBe(true);
    backend.free(tiny);
    const huge = await backend.alloc('K', 2 ** 29 + 1); // past 2^32 bytes: V8's (untouched)
    expect(mapped).toEqual([8 * n]);
    expect(heap).toHaveLength(1);
    backend.free(huge);
    expect(wordsOf('native', big).every((w) => w === 0)).toBe(true);
    const words = new SplitMix64(7).words(n);
    const a = await backend.upload('K', words); // mapped too
    expect(mapped).toHaveLength(2);
    await backend.mulK(a, a, big);
    const want = new Uint32Array(2 * n);
    module.mulK(words, words, want); // on V8's arrays
    // Byte comparison: toEqual walks 8 Mi elements one by one (over a minute).
    expect(Buffer.compare(Buffer.from((await backend.download(big)).buffer), Buffer.from(want.buffer))).toBe(0);
    backend.free(small);
    await backend.dispose();
  });
});
