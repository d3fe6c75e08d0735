// The cpu backend's arrays V8 refuses: an AllocationError naming what was being allocated and
// its bytes (here sizes past what V8 makes at all, so the refusal is the real one), and the
// backend works on afterwards.
import { expect, test } from 'vitest';
import { AllocationError, formatBytes, jsWords } from '../../src/backend/allocation';
import { createCpuBackend } from '../../src/backend/cpu/index';

test('jsWords: an AllocationError of JavaScript memory, with the bytes and V8\'s reason', () => {
  const e = (() => {
    try {
      jsWords(2 ** 40, 'a test table');
    } catch (err) {
      return err;
    }
  })();
  expect(e).toBeInstanceOf(AllocationError);
  expect(e).toMatchObject({ memory: 'js', what: 'a test table', bytes: 2 ** 42 });
  expect((e as Error).message).toMatch(/^could not allocate 4096\.0 GiB \(4398046511104 bytes\) of JavaScript memory for a test table: /);
  expect(jsWords(3, 'three words')).toEqual(new Uint32Array(3));
});

test('formatBytes', () => {
  expect([100, 48 * 1024, 512 * 2 ** 20, 3 * 2 ** 30].map(formatBytes)).toEqual(['100 bytes', '48 KiB', '512 MiB', '3.0 GiB']);
});

test('the cpu backend: alloc, an eq table and the witness words V8 cannot make are AllocationErrors; then it runs on', async () => {
  const cpu = createCpuBackend();
  await expect(cpu.alloc('E', 2 ** 38)).rejects.toThrow(AllocationError);
  await expect(cpu.alloc('E', 2 ** 38)).rejects.toMatchObject({ memory: 'js', what: `the buffer of alloc (${2 ** 38} E values)`, bytes: 24 * 2 ** 38 });
  await expect(cpu.eqTable(new Uint32Array(6 * 40), Uint32Array.of(1, 0, 0, 0, 0, 0))).rejects.toMatchObject({ memory: 'js', what: 'the table of eqTable' });
  expect(() => cpu.hostWords!(2 ** 40, 'witness column z')).toThrow(/of JavaScript memory for witness column z \(1099511627776 u32 words\)/);
  const small = await cpu.eqTable(new Uint32Array(6 * 3), Uint32Array.of(1, 0, 0, 0, 0, 0));
  expect(small.length).toBe(8);
  cpu.free(small);
  await cpu.dispose();
});
