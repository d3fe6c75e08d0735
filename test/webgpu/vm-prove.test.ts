// VM proofs on the webgpu backend, every stage on the device: its commitment, the VM kernels in
// WGSL (its own Backend.vm, over the committed stack), Flock's passes and the opening. Every
// vector's proof byte for byte.
import { expect, test } from 'vitest';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { parseProgram } from '../../src/vm/program';
import { proveProgram } from '../../src/vm/prove/prove';
import { parsePublicInputJson } from '../../src/vm/public-input';
import { VM_PROGRAMS, vmBytes, vmSummary, vmText } from '../vm/vm-vectors';
import { describeGpu } from './gpu';

await describeGpu('VM proofs on webgpu', (gpu) => {
  const backend = createWebGpuBackend(gpu.device);

  test('the VM kernels are the backend\'s own (WGSL), not a host backend\'s', async () => {
    const probe = await backend.vm.ones(2, 1);
    expect(probe.constructor.name).toBe('WebGpuBuffer');
    expect(Array.from(await backend.download(probe))).toEqual([0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
    backend.free(probe);
  });

  for (const name of VM_PROGRAMS) {
    test(`${name}.proof`, async () => {
      const program = parseProgram(vmText(name, 'program.json'));
      const pi = parsePublicInputJson(vmText(name, 'public.json'));
      const { proof } = await proveProgram(program, pi, { backend, logInvRate: vmSummary(name).announced.log_inv_rate });
      expect(Buffer.from(proof).equals(Buffer.from(vmBytes(name, 'proof')))).toBe(true);
    }, 300_000);
  }
});
