// The cpu backend's arrays V8 refuses: an AllocationError naming what was being allocated and
// its bytes (here sizes past what V8 makes at all, so the refusal is the real one), and the
// backend works on afterwards. Flock's passes on host arrays give back what they took when a
// later array is refused.
import { expect, test } from 'vitest';
import { AllocationError, formatBytes, jsWords } from '../../src/util/allocation';
import { arrayFlockPasses, type FlockArrayKernels } from '../../src/backend/array-flock';
import { WORDS, type DeviceBuffer } from '../../src/backend/backend';
import { ArrayDeviceBuffer } from '../../src/backend/cpu/arrays';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { BLOCK_U32 } from '../../src/kernels/flock/layout';
import { MESSAGE_WORDS } from '../../src/kernels/flock/witness';

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
  const small = await cpu.eqTable(new Uint32Array(6 * 3), Uint32Array.of(1, 0, 0, 0, 0, 0));
  expect(small.length).toBe(8);
  cpu.free(small);
  await cpu.dispose();
});

test("Flock's passes on host arrays: a refused column or table frees those taken, and reports the refusal", async () => {
  const freed: DeviceBuffer[] = [];
  const done: DeviceBuffer[] = [];
  let refuse = '';
  const take = (length: number, what: string): Uint32Array => {
    if (what.startsWith(refuse)) throw new AllocationError('js', what, 4 * length, 'refused by the test');
    return new Uint32Array(length);
  };
  const kernels: FlockArrayKernels = { witness: () => {}, skipSums: () => {}, entries: () => {}, foldBlocks: () => {} };
  const passes = arrayFlockPasses({
    data: (buf) => (buf as ArrayDeviceBuffer).words!,
    wrap: (elem, words) => new ArrayDeviceBuffer('cpu', elem, words.length / WORDS[elem], words),
    take,
    takeZeroed: take,
    free: (buf) => freed.push(buf),
  }, kernels);
  const inputs = { live: 0, messages: new Uint32Array(MESSAGE_WORDS), headers: new Uint32Array(12) };

  refuse = 'witness column b';
  await expect(passes.witness(inputs, 3)).rejects.toMatchObject({ what: `witness column b (${8 * BLOCK_U32} u32 words)`, bytes: 32 * BLOCK_U32 });
  expect(freed.map((b) => b.length)).toEqual([4 * BLOCK_U32, 4 * BLOCK_U32]); // z and a, in K words

  refuse = 'no such array';
  const cols = await passes.witness(inputs, 3);
  freed.length = 0;
  refuse = 'zerocheck table b';
  const weights = { lz: new Uint32Array(6 * 64), lzChi: new Uint32Array(6 * 64) };
  await expect(passes.zerocheckTables(cols, weights, (col) => done.push(col))).rejects.toMatchObject({ what: 'zerocheck table b (1024 E values)' });
  expect(done).toEqual([cols.a]); // a was done with once its table was made
  expect(freed).toHaveLength(1); // and that table was freed with the refusal
  expect(freed[0].elem).toBe('E');
});
