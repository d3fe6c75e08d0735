// The webgpu backend's VM kernels (WGSL: src/backend/webgpu/vm.ts) give the cpu backend's words
// on every kernel (test/vm/vm-kernel-cases.ts: layer products, GKR round sums as they are and
// with the fused bind, form rows, form pair sums on K and E columns with no bind, a bind into a
// new buffer and one in place; columns views at offsets of two source buffers) on random inputs
// of odd and even sizes, one of them past a workgroup of pairs.
import { expect, test } from 'vitest';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { differences, vmKernelMisuse, vmKernelOutputs } from '../vm/vm-kernel-cases';
import { describeGpu } from './gpu';

await describeGpu('the webgpu VM kernels', (gpu) => {
  test('every kernel gives the cpu backend\'s words', async () => {
    const sizes = [2, 6, 10, 1030];
    const want = await vmKernelOutputs(createCpuBackend(), 7, sizes);
    const got = await vmKernelOutputs(createWebGpuBackend(gpu.device), 7, sizes);
    expect(differences(got, want)).toEqual([]);
  }, 120_000);

  test('misuse is a BackendUsageError, as on cpu', async () => {
    const want = await vmKernelMisuse(createCpuBackend());
    expect(want).toHaveLength(7);
    expect(await vmKernelMisuse(createWebGpuBackend(gpu.device))).toEqual(want);
  });
});
