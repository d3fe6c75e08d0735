// The native VM capability (Backend.vm) gives the cpu backend's words on every kernel
// (test/vm/vm-kernel-cases.ts) from random inputs of several sizes (below and past a thread's
// grain, odd ones too), on every path at 1, 2 and 3 threads; then every vector program's proof
// on the native backend at 1 and 2 threads is NAME.proof byte for byte.
import { afterAll, expect, test } from 'vitest';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createNativeBackend } from '../../src/backend/native/index';
import { parseProgram } from '../../src/vm/program';
import { proveProgram } from '../../src/vm/prove/prove';
import { parsePublicInputJson } from '../../src/vm/public-input';
import { differences, vmKernelMisuse, vmKernelOutputs } from '../vm/vm-kernel-cases';
import { VM_PROGRAMS, vmBytes, vmSummary, vmText } from '../vm/vm-vectors';
import { describeNative, eachPath } from './native';

describeNative('the native VM kernels', (module) => {
  const before = module.threads();
  afterAll(() => module.setThreads(before));
  const sizes = [2, 6, 10, 128, 1024, 8192];

  eachPath(module, 'every kernel gives the TypeScript words at 1, 2 and 3 threads', async () => {
    const want = await vmKernelOutputs(createCpuBackend(), 1, sizes);
    for (const threads of [1, 2, 3]) {
      const got = await vmKernelOutputs(createNativeBackend(module, { threads }), 1, sizes);
      expect(differences(got, want), `${threads} threads`).toEqual([]);
    }
  });

  test('misuse is a BackendUsageError, as on cpu', async () => {
    const want = await vmKernelMisuse(createCpuBackend());
    expect(want).toHaveLength(7);
    expect(await vmKernelMisuse(createNativeBackend(module))).toEqual(want);
  });

  for (const name of VM_PROGRAMS) {
    test(`${name}: the native proof is ${name}.proof at 1 and 2 threads`, async () => {
      const program = parseProgram(vmText(name, 'program.json'));
      const pi = parsePublicInputJson(vmText(name, 'public.json'));
      for (const threads of [1, 2]) {
        const backend = createNativeBackend(module, { threads });
        const { proof } = await proveProgram(program, pi, { backend, logInvRate: vmSummary(name).announced.log_inv_rate });
        await backend.dispose();
        expect(Buffer.from(proof).equals(Buffer.from(vmBytes(name, 'proof'))), `${threads} threads`).toBe(true);
      }
    }, 120_000);
  }
});
