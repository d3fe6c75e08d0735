// Buffers the device refuses: from the start of a stage on, every storage buffer of 256 KiB or
// more is asked for at a size over the device's maxBufferSize, which Dawn refuses as it would a
// buffer it cannot hold. The proof fails in that stage with an AllocationError naming the
// buffer and its bytes (never with a proof made from a buffer that does not exist), and the
// device then proves the reference batch byte for byte. A buffer kept in parts (past the buffer
// limit: src/backend/webgpu/store.ts) one of whose parts is refused is refused whole, the parts
// made before it destroyed. (The witness's columns are made on the device too.)
import { expect, test } from 'vitest';
import { AllocationError } from '../../src/util/allocation';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { type HashBatchStage, proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { firstDifference, readInputs, readProof } from '../workloads/vectors';
import { describeGpu } from './gpu';

/** n = 2^10: μ = 18, so q_flock is 2 MiB and every stage's first buffer of 256 KiB or more is its own. */
const LOG_N = 10;

/** What each stage asks the device for first from 256 KiB on. */
const FIRST_REFUSED: [HashBatchStage, string][] = [
  ['witness', `a buffer of ${2 ** 18} K elements`], // column z
  ['commit', `a buffer of ${2 ** 19} K elements`], // the codeword
  ['zerocheck', "the skip pass's weight tables"],
  ['opening', `a buffer of ${2 ** 18} E elements`],
];

await describeGpu('webgpu allocation failures', (gpu) => {
  const { device } = gpu;
  const createBuffer = device.createBuffer.bind(device);

  /** From now on, large storage buffers are asked for at a size the device refuses. */
  function refuseLargeBuffers(): void {
    device.createBuffer = (d: GPUBufferDescriptor) =>
      createBuffer((d.usage & GPUBufferUsage.STORAGE) !== 0 && d.size >= 2 ** 18 ? { ...d, size: device.limits.maxBufferSize + 4 } : d);
  }

  for (const [stage, what] of FIRST_REFUSED) {
    test(`refused in the ${stage}: an AllocationError naming the buffer`, async () => {
      const backend = createWebGpuBackend(device);
      let reached: HashBatchStage | null = null;
      const onProgress = (s: HashBatchStage, done: number) => {
        if (done === 1) return;
        reached = s;
        if (s === stage) refuseLargeBuffers();
      };
      try {
        const error = await proveHashBatch(readInputs(LOG_N), { backend, statement: 'none', onProgress }).catch((e: unknown) => e);
        expect(reached).toBe(stage);
        expect(error).toBeInstanceOf(AllocationError);
        expect(error).toMatchObject({ memory: 'gpu', what });
        expect((error as AllocationError).bytes).toBeGreaterThanOrEqual(2 ** 18);
        expect((error as Error).message).toMatch(new RegExp(`^could not allocate .* of GPU memory for ${what}: `));
      } finally {
        delete (device as { createBuffer?: unknown }).createBuffer;
      }
    }, 120_000);
  }

  test('then the device proves the reference batch byte for byte', async () => {
    expect(device.createBuffer).toBe(Object.getPrototypeOf(device).createBuffer);
    const { proof } = await proveHashBatch(readInputs(LOG_N), { backend: createWebGpuBackend(device), statement: 'none' });
    expect(firstDifference(proof, readProof(LOG_N))).toBe(-1);
  }, 120_000);

  test('a buffer in parts whose third part is refused: an AllocationError naming the buffer, no part kept', async () => {
    const part = 2 ** 16;
    const backend = createWebGpuBackend(device, { maxBufferBytes: part });
    const before = backend.held();
    let parts = 0;
    device.createBuffer = (d: GPUBufferDescriptor) => createBuffer((d.usage & GPUBufferUsage.STORAGE) !== 0 && d.size === part && ++parts === 3 ? { ...d, size: device.limits.maxBufferSize + 4 } : d);
    try {
      const values = (5 * part) / 8;
      const refused = await backend.alloc('K', values).catch((e: unknown) => e);
      expect(parts).toBe(5);
      expect(refused).toBeInstanceOf(AllocationError);
      expect(refused).toMatchObject({ memory: 'gpu', what: `a buffer of ${values} K elements`, bytes: 5 * part });
      expect(backend.held()).toEqual(before);
    } finally {
      delete (device as { createBuffer?: unknown }).createBuffer;
    }
  });
});
