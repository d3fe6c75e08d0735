// VM proofs on the webgpu backend (its commitment, Flock passes and opening on the device; the VM
// kernels the TypeScript's, or the native module's where it is built, lent through the backend's
// `vm` option): hash.proof and arith.proof byte for byte.
import { expect, test } from 'vitest';
import { nativeVmKernels } from '../../src/backend/native/index';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { parseProgram } from '../../src/vm/program';
import { proveProgram } from '../../src/vm/prove/prove';
import { parsePublicInputJson } from '../../src/vm/public-input';
import { describeNative } from '../native/native';
import { vmBytes, vmText } from '../vm/vm-vectors';
import { describeGpu } from './gpu';

const load = (name: string) => ({ program: parseProgram(vmText(name, 'program.json')), pi: parsePublicInputJson(vmText(name, 'public.json')) });

await describeGpu('VM proofs on webgpu', (gpu) => {
  test('hash.proof with the VM kernels in TypeScript', async () => {
    const { program, pi } = load('hash');
    const { proof } = await proveProgram(program, pi, { backend: createWebGpuBackend(gpu.device) });
    expect(Buffer.from(proof).equals(Buffer.from(vmBytes('hash', 'proof')))).toBe(true);
  }, 300_000);

  describeNative('with the native module\'s kernels lent', (module) => {
    for (const name of ['arith', 'hash']) {
      test(`${name}.proof`, async () => {
        const { program, pi } = load(name);
        module.setThreads(2);
        const kernels = nativeVmKernels(module);
        const backend = createWebGpuBackend(gpu.device, { vm: kernels });
        expect(backend.vm).toBe(kernels);
        const { proof } = await proveProgram(program, pi, { backend });
        expect(Buffer.from(proof).equals(Buffer.from(vmBytes(name, 'proof')))).toBe(true);
      }, 300_000);
    }
  });
});
