// The WebGPU backend's buffers: round trips, and the misuse it must reject with a
// BackendUsageError before anything reaches the GPU.
import { beforeAll, expect, test } from 'vitest';
import { BackendUsageError, type Backend } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { gpuChecked } from '../../src/backend/webgpu/errors';
import { WebGpuError, createWebGpuBackend } from '../../src/backend/webgpu/index';
import { requestNodeGpu } from '../../host/node/dawn';
import { SplitMix64 } from '../../src/util/splitmix64';
import { describeGpu } from './gpu';

await describeGpu('webgpu backend buffers', (gpu) => {
  let webgpu: Backend;
  beforeAll(() => {
    webgpu = createWebGpuBackend(gpu.device);
  });

  test('upload then download returns the words; alloc is zeroed', async () => {
    const words = new SplitMix64(9).words(3 * 1001);
    for (const elem of ['K', 'E'] as const) {
      const buf = await webgpu.upload(elem, words);
      expect(buf).toMatchObject({ elem, length: elem === 'K' ? 3003 : 1001 });
      expect(await webgpu.download(buf)).toEqual(words);
      webgpu.free(buf);
    }
    const zero = await webgpu.alloc('E', 5);
    expect(await webgpu.download(zero)).toEqual(new Uint32Array(30));
    webgpu.free(zero);
  });

  test('kernels reject operands of the wrong kind, length or owner', async () => {
    const k4 = await webgpu.alloc('K', 4);
    const k5 = await webgpu.alloc('K', 5);
    const e4 = await webgpu.alloc('E', 4);
    const out = await webgpu.alloc('K', 4);
    const foreign = await createCpuBackend().alloc('K', 4);
    await expect(webgpu.mulK(k4, e4, out)).rejects.toThrow(new BackendUsageError('expected a buffer of K elements, got E'));
    await expect(webgpu.mulE(e4, e4, k4)).rejects.toThrow(BackendUsageError);
    await expect(webgpu.mulK(k4, k5, out)).rejects.toThrow(/lengths differ: 4 and 5/);
    await expect(webgpu.mulK(k4, foreign, out)).rejects.toThrow(/does not belong to this webgpu backend/);
    await expect(webgpu.mulK(k4, k4, k4)).rejects.toThrow(/out must not be an input buffer/);
    for (const buf of [k4, k5, e4, out]) webgpu.free(buf);
  });

  test('freed buffers are rejected everywhere', async () => {
    const a = await webgpu.alloc('K', 4);
    const b = await webgpu.alloc('K', 4);
    webgpu.free(a);
    await expect(webgpu.download(a)).rejects.toThrow(/used after free/);
    await expect(webgpu.mulK(a, b, b)).rejects.toThrow(/used after free/);
    expect(() => webgpu.free(a)).toThrow(/used after free/);
    webgpu.free(b);
  });

  test('bad sizes are rejected before allocating', async () => {
    await expect(webgpu.upload('E', new Uint32Array(7))).rejects.toThrow(/7 words is not a whole number of E elements/);
    await expect(webgpu.alloc('K', -1)).rejects.toThrow(BackendUsageError);
    await expect(webgpu.alloc('K', 1.5)).rejects.toThrow(BackendUsageError);
    // More bytes than a double counts exactly (an operand past one buffer is kept in parts: store.ts).
    await expect(webgpu.alloc('E', 2 ** 50)).rejects.toThrow(BackendUsageError);
  });

  test('errors the GPU reports surface as WebGpuError', async () => {
    // MAP_READ combines with COPY_DST alone: a validation error, reported asynchronously.
    const invalid = () => gpu.device.createBuffer({ size: 8, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.STORAGE });
    await expect(gpuChecked(gpu.device, 'bad buffer', invalid)).rejects.toThrow(WebGpuError);
    await expect(gpuChecked(gpu.device, 'fine', () => 7)).resolves.toBe(7);
  });

  test('dispose destroys the device; the backend refuses work afterwards', async () => {
    const own = await requestNodeGpu();
    if ('unavailable' in own) throw new Error(own.unavailable);
    const backend = createWebGpuBackend(own.device);
    const buf = await backend.upload('K', new Uint32Array([1, 2]));
    await backend.dispose();
    expect((await own.device.lost).reason).toBe('destroyed');
    await expect(backend.download(buf)).rejects.toThrow(/used after dispose/);
    await expect(backend.alloc('K', 1)).rejects.toThrow(/used after dispose/);
  });
});
