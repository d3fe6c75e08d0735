// The backends' word pool: what it keeps, which spare a request gets, what it drops (and
// releases) and what it refuses, and how a failed allocation reads.
import { describe, expect, test } from 'vitest';
import { AllocationError } from '../../src/util/allocation';
import { MAX_SHARED_BYTES, WordPool } from '../../src/backend/word-pool';

const BIG = 1 << 15; // words: 128 KiB, above the pool's minimum

describe('WordPool', () => {
  test('a freed buffer comes back for the same length, zeroed when asked; shared only when asked', () => {
    for (const shared of [true, false]) {
      const pool = new WordPool({ shared });
      const a = pool.take(BIG);
      expect(a.buffer).toBeInstanceOf(shared ? SharedArrayBuffer : ArrayBuffer);
      expect(a.every((w) => w === 0)).toBe(true);
      a.fill(7);
      pool.give(a);
      const again = pool.take(BIG);
      expect(again.buffer).toBe(a.buffer);
      expect(again[0]).toBe(7); // take: contents arbitrary
      pool.give(again);
      const zeroed = pool.takeZeroed(BIG);
      expect(zeroed.buffer).toBe(a.buffer);
      expect(zeroed.every((w) => w === 0)).toBe(true);
      expect(pool.take(BIG).buffer).not.toBe(a.buffer); // handed out once only
    }
  });

  test('a smaller request gets the smallest spare that holds it, as a view of its start', () => {
    const pool = new WordPool();
    const [big, mid, small] = [pool.take(4 * BIG), pool.take(2 * BIG), pool.take(BIG)];
    for (const a of [big, mid, small]) a.fill(9);
    for (const a of [small, big, mid]) pool.give(a);
    const half = pool.takeZeroed(BIG + 1);
    expect(half.buffer).toBe(mid.buffer);
    expect(half.length).toBe(BIG + 1);
    expect(half.every((w) => w === 0)).toBe(true);
    expect(mid[BIG + 1]).toBe(9); // only the view is zeroed
    expect(pool.take(BIG).buffer).toBe(small.buffer);
    expect(pool.take(BIG).buffer).toBe(big.buffer); // 4× still fits
    pool.give(half);
    const view = pool.take(BIG / 2);
    expect(view.buffer).toBe(mid.buffer); // 4× still fits
    pool.give(view); // a view comes back as its whole buffer
    expect(pool.take(2 * BIG).buffer).toBe(mid.buffer);
  });

  test('a request past what the pool has held takes a larger spare; one no spare holds drops the oldest, releasing each, until it fits', () => {
    const released: (ArrayBuffer | SharedArrayBuffer)[] = [];
    const pool = new WordPool({ release: (b) => released.push(b) > 0 });
    const [mid, big] = [pool.take(4 * BIG), pool.take(8 * BIG)]; // the most it has held: 12 BIG
    pool.give(mid);
    pool.give(big);
    const small = pool.take(BIG / 4); // below the pool's minimum: no spare touched
    expect(small.buffer).not.toBe(mid.buffer);
    // Past 4× of mid, but a fresh one would pass 12 BIG: mid serves it, nothing is released.
    const view = pool.take(BIG / 2);
    expect(view.buffer).toBe(mid.buffer);
    expect(released).toEqual([]);
    pool.give(view);
    expect(pool.take(2 * BIG).buffer).toBe(mid.buffer); // within 4× of mid (and of big): the smaller
    const larger = pool.take(BIG / 2); // 16× of big, but 4 + 8 + 1/2 would pass 12: big serves it
    expect(larger.buffer).toBe(big.buffer);
    pool.give(larger);
    // Too large for any spare: the oldest go (big) until the new array fits within 12 BIG.
    const again = pool.take(16 * BIG);
    expect([mid.buffer, big.buffer]).not.toContain(again.buffer);
    expect(released).toEqual([big.buffer]);
    pool.give(again);
    pool.clear();
    expect(released).toEqual([big.buffer, again.buffer]);
  });

  test('where a fresh array would drop spares, resize grows the largest it fits instead: its words kept, zeroed when asked, the others dropped as before', () => {
    const moves: [number, number][] = [];
    const released: (ArrayBuffer | SharedArrayBuffer)[] = [];
    // A stand-in for the module's mremap: the old buffer's words copied, the old one retired.
    const retired = new WeakSet<ArrayBuffer>();
    const resize = {
      fits: (bytes: number) => bytes >= 16 * BIG, // bytes: big and past
      move: (buffer: ArrayBuffer, bytes: number) => {
        expect(retired.has(buffer)).toBe(false);
        retired.add(buffer);
        moves.push([buffer.byteLength, bytes]);
        const out = new ArrayBuffer(bytes);
        new Uint32Array(out).set(new Uint32Array(buffer, 0, Math.min(buffer.byteLength, bytes) / 4));
        return out;
      },
    };
    const pool = new WordPool({ resize, release: (b) => released.push(b) > 0 });
    const [small, mid, big] = [pool.take(BIG / 2), pool.take(2 * BIG), pool.take(4 * BIG)]; // held: 6½ BIG
    for (const a of [small, mid, big]) a.fill(5);
    for (const a of [small, mid, big]) pool.give(a);
    // 16 BIG: no spare holds it, and a fresh one would pass 6½: big (the largest resize fits)
    // is grown; small and mid (mid too small for resize) are dropped.
    const grown = pool.takeZeroed(16 * BIG);
    expect(moves).toEqual([[16 * BIG, 64 * BIG]]);
    expect(grown.length).toBe(16 * BIG);
    expect(grown.every((w) => w === 0)).toBe(true);
    expect(released).toEqual([small.buffer, mid.buffer]);
    // take() leaves the kept words as they were.
    grown.fill(3);
    pool.give(grown);
    const larger = pool.take(32 * BIG);
    expect(moves).toEqual([[16 * BIG, 64 * BIG], [64 * BIG, 128 * BIG]]);
    expect(larger[16 * BIG - 1]).toBe(3);
    expect(larger[32 * BIG - 1]).toBe(0);
    expect(released).toEqual([small.buffer, mid.buffer]); // moved, never released
  });

  test('a resize refused (an AllocationError) drops that spare and maps fresh; sizes resize does not fit are never moved', () => {
    const released: (ArrayBuffer | SharedArrayBuffer)[] = [];
    const refused = new AllocationError('native', 'a resized mapped buffer', 0, 'Cannot allocate memory');
    const pool = new WordPool({ resize: { fits: (bytes) => bytes <= 8 * 4 * BIG, move: () => { throw refused; } }, release: (b) => released.push(b) > 0 });
    const a = pool.take(4 * BIG);
    a.fill(1);
    pool.give(a);
    const b = pool.takeZeroed(8 * BIG);
    expect(b.buffer).not.toBe(a.buffer);
    expect(b.every((w) => w === 0)).toBe(true);
    expect(released).toEqual([a.buffer]);
    pool.give(b);
    const c = pool.take(16 * BIG); // past what resize fits: b dropped, not moved
    expect(released).toEqual([a.buffer, b.buffer]);
    expect(c.length).toBe(16 * BIG);
  });

  test('a buffer the allocator cannot make is an AllocationError naming it, however the allocator failed', () => {
    const refused = new AllocationError('native', 'a mapped buffer (allocWords)', 4 * BIG, 'Cannot allocate memory');
    const native = new WordPool({ allocate: () => { throw refused; } });
    const e = (() => { try { native.take(BIG, 'witness column a'); } catch (err) { return err; } })();
    expect(e).toBeInstanceOf(AllocationError);
    expect(e).toMatchObject({ memory: 'native', what: 'witness column a', bytes: 4 * BIG, reason: 'Cannot allocate memory' });
    expect((e as Error).message).toBe('could not allocate 128 KiB (131072 bytes) of native-module memory for witness column a: Cannot allocate memory');
    const v8 = new WordPool({ allocate: () => new ArrayBuffer(2 ** 53) });
    expect(() => v8.take(BIG, 'the codeword')).toThrow(/of JavaScript memory for the codeword: /);
    const other = new WordPool({ allocate: () => { throw new TypeError('not an allocation failure'); } });
    expect(() => other.take(BIG)).toThrow(TypeError);
  });

  test('ignores arrays it did not hand out, offset views, small arrays and a second give', () => {
    const pool = new WordPool({ shared: true });
    const foreign = new Uint32Array(new SharedArrayBuffer(4 * BIG));
    pool.give(foreign);
    expect(pool.take(BIG).buffer).not.toBe(foreign.buffer);
    const a = pool.take(BIG);
    pool.give(a.subarray(8));
    expect(pool.take(BIG).buffer).not.toBe(a.buffer);
    pool.give(a);
    pool.give(a);
    expect(pool.take(BIG).buffer).toBe(a.buffer);
    expect(pool.take(BIG).buffer).not.toBe(a.buffer);
    const small = pool.take(16);
    pool.give(small);
    expect(pool.take(16).buffer).not.toBe(small.buffer);
  });

  test('fresh buffers come from the allocator given, as views of exactly the length asked', () => {
    const sizes: number[] = [];
    const pool = new WordPool({
      allocate: (bytes) => {
        sizes.push(bytes);
        return new ArrayBuffer(bytes + 64); // an allocator may round up
      },
    });
    const a = pool.take(BIG + 1);
    expect(sizes).toEqual([4 * (BIG + 1)]);
    expect(a.length).toBe(BIG + 1);
    pool.give(a);
    expect(pool.take(BIG + 1).buffer).toBe(a.buffer); // reused, not allocated again
    expect(sizes).toHaveLength(1);
    expect(new WordPool({ shared: true, allocate: () => new ArrayBuffer(8) }).take(BIG).buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  test('the allocator hears whether the taker touches every page: take() and takeZeroed(…, dense) do, takeZeroed() need not', () => {
    const dense: boolean[] = [];
    const pool = new WordPool({ allocate: (bytes, d) => (dense.push(d), new ArrayBuffer(bytes)) });
    pool.take(BIG);
    pool.takeZeroed(BIG);
    pool.takeZeroed(BIG, 'a table', true);
    expect(dense).toEqual([true, false, true]);
  });

  test('only takeZeroed() asks the allocator for zeros; take() gets what it gives, and a fresh array from it is zero all the same', () => {
    const zeroed: boolean[] = [];
    // An allocator that clears only when asked: what it hands out otherwise is all ones.
    const pool = new WordPool({ allocate: (bytes, _d, z) => (zeroed.push(z), z ? new ArrayBuffer(bytes) : new Uint32Array(bytes / 4).fill(~0).buffer) });
    expect(pool.take(BIG).every((w) => w === 0xffffffff)).toBe(true);
    expect(pool.takeZeroed(BIG, 'a table', true).every((w) => w === 0)).toBe(true);
    expect(pool.takeZeroed(100).every((w) => w === 0)).toBe(true); // below the pool's minimum too
    expect(zeroed).toEqual([false, true, true]);
  });

  test('collects before a fresh array once 64 MiB it let go (or was told of) are V8\'s to free, and not before', () => {
    let collections = 0;
    const pool = new WordPool({ collect: () => collections++ });
    pool.forget(2 ** 26 - 4 * BIG);
    pool.take(BIG);
    expect(collections).toBe(0);
    const a = pool.take(BIG);
    pool.give(a);
    pool.clear(); // a dropped spare is garbage too
    pool.take(4 * BIG);
    expect(collections).toBe(1);
    pool.take(4 * BIG);
    expect(collections).toBe(1); // the count starts again
  });

  test('keeps spares within its cap, dropping the oldest; clear drops them all', () => {
    const pool = new WordPool({ capBytes: 3 * 4 * BIG });
    const taken = Array.from({ length: 4 }, () => pool.take(BIG));
    for (const t of taken) pool.give(t);
    const again = Array.from({ length: 4 }, () => pool.take(BIG).buffer);
    for (const t of taken.slice(1)) expect(again.slice(0, 3)).toContain(t.buffer);
    expect(taken.map((t) => t.buffer)).not.toContain(again[3]);
    const huge = pool.take(4 * BIG);
    pool.give(huge); // over the cap alone: not kept
    expect(pool.take(4 * BIG).buffer).not.toBe(huge.buffer);
    const spare = pool.take(BIG);
    pool.give(spare);
    pool.clear();
    expect(pool.take(BIG).buffer).not.toBe(spare.buffer);
  });

  test('a shared pool stops sharing at 2^32 bytes, which Node cannot post to a worker', () => {
    const pool = new WordPool({ shared: true });
    expect(pool.take(MAX_SHARED_BYTES / 4).buffer).toBeInstanceOf(SharedArrayBuffer);
    const own = pool.take(2 ** 30); // 4 GiB of untouched pages: address space, not memory
    expect(own.buffer).toBeInstanceOf(ArrayBuffer);
    expect(own.length).toBe(2 ** 30);
  });
});
