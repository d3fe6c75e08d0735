// The cpu backend's recycled arrays: a freed buffer comes back zeroed, only buffers handed
// out are taken back (once), spares are capped, and the kind (shared or not) is kept.
import { describe, expect, test } from 'vitest';
import { RecycledWords } from '../../src/backend/cpu/recycled-words';

describe('RecycledWords', () => {
  test('reuses a freed buffer of the same size, zeroed; shared only when asked', () => {
    for (const shared of [true, false]) {
      const memory = new RecycledWords(shared);
      const a = memory.take(64);
      expect(a.buffer).toBeInstanceOf(shared ? SharedArrayBuffer : ArrayBuffer);
      a.fill(7);
      memory.give(a);
      const b = memory.take(64);
      expect(b.buffer).toBe(a.buffer);
      expect(b.every((w) => w === 0)).toBe(true);
      expect(memory.take(64).buffer).not.toBe(a.buffer); // b is live: a fresh one
      expect(memory.take(32).length).toBe(32);
    }
  });

  test('ignores buffers it did not hand out, and a second give', () => {
    const memory = new RecycledWords(true);
    const foreign = new Uint32Array(new SharedArrayBuffer(256));
    memory.give(foreign);
    memory.give(new Uint32Array(64));
    expect(memory.take(64).buffer).not.toBe(foreign.buffer);
    const a = memory.take(32);
    memory.give(a);
    memory.give(a);
    expect(memory.take(32).buffer).toBe(a.buffer);
    expect(memory.take(32).buffer).not.toBe(a.buffer);
  });

  test('keeps at most four spares, dropping the oldest; clear drops them all', () => {
    const memory = new RecycledWords(false);
    const taken = Array.from({ length: 5 }, () => memory.take(16));
    for (const t of taken) memory.give(t);
    const again = Array.from({ length: 5 }, () => memory.take(16).buffer);
    for (const t of taken.slice(1)) expect(again.slice(0, 4)).toContain(t.buffer);
    expect(taken.map((t) => t.buffer)).not.toContain(again[4]);
    const spare = memory.take(8);
    memory.give(spare);
    memory.clear();
    expect(memory.take(8).buffer).not.toBe(spare.buffer);
  });
});
