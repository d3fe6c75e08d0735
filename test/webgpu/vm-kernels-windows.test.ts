// The webgpu backend's VM kernels told to bind at most 16 KiB (docs/gpu-scale.md) give the cpu
// backend's words on every kernel (test/vm/vm-kernel-cases.ts): their tables, trees and the
// columns' source buffers are 1.5 to 30 times a binding, so every kernel runs in windows, the form
// kernels on columns gathered a run of rows at a time, strided views and binds in place among them.
// Told also to make buffers of at most 32 KiB, the backend keeps those operands in parts, and the
// kernels' windows across a part's end go through copies: the same words.
import { expect, test } from 'vitest';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { differences, vmKernelOutputs } from '../vm/vm-kernel-cases';
import { describeGpu } from './gpu';

await describeGpu('the webgpu VM kernels in windows', (gpu) => {
  test('every kernel at 16 KiB bindings, in one buffer an operand or in 32 KiB parts, gives the cpu backend\'s words', async () => {
    const sizes = [10, 1030];
    const want = await vmKernelOutputs(createCpuBackend(), 11, sizes);
    for (const maxBufferBytes of [undefined, 32768]) {
      const got = await vmKernelOutputs(createWebGpuBackend(gpu.device, { maxBindingBytes: 16384, maxBufferBytes }), 11, sizes);
      expect(differences(got, want)).toEqual([]);
    }
  }, 240_000);
});
