// Allocations the native module cannot make (host/native/src/memory.h): with the module's
// allocations over 1 MiB refused from the start of a stage on (limitAllocations, the test's
// stand-in for a machine out of memory), a proof fails in that stage with an AllocationError
// naming what it was allocating and its bytes, gives back every map it held (the module's
// mapped bytes return to where they were), and the module then proves as before. Kernel
// scratch and worker threads fail the same way.
import { afterEach, expect, test } from 'vitest';
import { AllocationError } from '../../src/util/allocation';
import { createNativeBackend } from '../../src/backend/native/index';
import { referenceMessages } from '../../src/workloads/hash-batch/inputs';
import { type HashBatchStage, proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { firstDifference, readInputs, readProof } from '../workloads/vectors';
import { describeNative } from './native';

/** 2^14 messages: μ = 22, every stage's large arrays (32 MiB and more) are the module's maps. */
const LOG_N = 14;
const Q = 8 * 2 ** (8 + LOG_N); // bytes of q_flock, and of each witness column

/** What each stage allocates first over the limit, and its bytes. */
const FIRST_REFUSED: [HashBatchStage, RegExp, number][] = [
  ['witness', /^witness column z \(/, Q],
  ['commit', /^the codeword of encode \(2\^23 K words\)$/, 2 * Q],
  ['zerocheck', /^zerocheck table a \(2097152 E values\)$/, 1.5 * Q],
  ['opening', /^the buffer of alloc \(2\^22 E values\)$/, 3 * Q],
];

describeNative('native allocation failures', (module) => {
  if (module.allocWords === undefined) return; // a build without maps: nothing of its own to refuse
  afterEach(() => module.limitAllocations(null));
  const threads = module.threads();
  const messages = referenceMessages(2 ** LOG_N);

  for (const [stage, what, bytes] of FIRST_REFUSED) {
    test(`refused in the ${stage}: an AllocationError naming it, every map given back`, async () => {
      const held = module.heldBytes();
      // Every map is released explicitly (a leaked one would only go when V8 collects it).
      const maps: ArrayBuffer[] = [];
      const released = new Set<ArrayBuffer>();
      const allocWords = (bytes: number, dense?: boolean) => {
        maps.push(module.allocWords!(bytes, dense));
        return maps[maps.length - 1];
      };
      const releaseWords = (buffer: ArrayBuffer) => {
        released.add(buffer);
        module.releaseWords!(buffer);
      };
      // A map the pool grows is given back by the move (its pages are the new buffer's).
      const resizeWords = module.resizeWords && ((buffer: ArrayBuffer, bytes: number, dense?: boolean) => {
        const moved = module.resizeWords!(buffer, bytes, dense);
        released.add(buffer);
        maps.push(moved);
        return moved;
      });
      const backend = createNativeBackend({ ...module, allocWords, releaseWords, resizeWords }, { threads });
      let reached: HashBatchStage | null = null;
      const onProgress = (s: HashBatchStage, done: number) => {
        if (done === 1) return;
        reached = s;
        if (s === stage) module.limitAllocations(16 * 2 ** 20);
      };
      const error = await proveHashBatch(messages, { backend, statement: 'none', onProgress }).catch((e: unknown) => e);
      expect(reached).toBe(stage);
      expect(error).toBeInstanceOf(AllocationError);
      expect(error).toMatchObject({ memory: 'native', bytes, reason: 'over the limit set by limitAllocations' });
      expect((error as AllocationError).what).toMatch(what);
      expect((error as Error).message).toMatch(new RegExp(`^could not allocate .* \\(${bytes} bytes\\) of native-module memory for `));
      await backend.dispose();
      if (stage !== 'witness') expect(maps.length).toBeGreaterThanOrEqual(3); // the columns at least
      expect(maps.filter((m) => !released.has(m))).toHaveLength(0);
      expect(module.heldBytes()).toBeLessThanOrEqual(held);
    }, 60_000);
  }

  test('then, the limit lifted, the same module proves the reference batch', async () => {
    const backend = createNativeBackend(module, { threads });
    const { proof } = await proveHashBatch(readInputs(13), { backend, statement: 'none' });
    expect(firstDifference(proof, readProof(13))).toBe(-1);
    await backend.dispose();
  }, 60_000);

  test("a kernel's scratch and a worker thread over the limit are AllocationErrors too", () => {
    const point = new Uint32Array(6 * 13), seed = Uint32Array.of(1, 0, 0, 0, 0, 0), out = new Uint32Array(6 << 13);
    module.limitAllocations(1024);
    expect(() => module.eqTable(point, seed, out)).toThrow(AllocationError);
    try {
      module.eqTable(point, seed, out);
    } catch (e) {
      expect(e).toMatchObject({ memory: 'native', what: 'kernel scratch (eqTable)', bytes: 98304 });
    }
    expect(() => module.setThreads(threads + 1)).toThrow(/could not allocate .* for a worker thread's stack \(setThreads\): over the limit/);
    expect(module.threads()).toBe(1); // the pool keeps the threads it has
    module.limitAllocations(null);
    module.setThreads(threads);
    expect(module.threads()).toBe(threads);
    module.eqTable(point, seed, out);
  });
});
