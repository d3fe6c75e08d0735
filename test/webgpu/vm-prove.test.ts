// VM proofs on the webgpu backend, every stage on the device: its commitment, the VM kernels in
// WGSL (its own Backend.vm, over the committed stack), Flock's passes and the opening. Every
// vector's proof byte for byte; and one with the run's plain steps and lincheck's weights in the
// native module, as a Node host opens the backend where the module loads.
import { expect, test } from 'vitest';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { parseProgram } from '../../src/vm/program';
import { proveProgram } from '../../src/vm/prove/prove';
import { parsePublicInputJson } from '../../src/vm/public-input';
import { VM_PROGRAMS, vmBytes, vmSummary, vmText } from '../vm/vm-vectors';
import { nativeFlockKernels } from '../../src/backend/native/flock';
import { loadNativeModule } from '../native/native';
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

  const native = loadNativeModule();
  test.skipIf(typeof native === 'string' && process.env.LEANVM_REQUIRE_NATIVE !== '1')('hash.proof with the native stepper taking the run\'s steps and the native lincheck weights', async () => {
    if (typeof native === 'string') throw new Error(`native module required but unavailable: ${native}`);
    let taken = 0;
    const steps = (...args: Parameters<typeof native.vmStepper>) => {
      const s = native.vmStepper(...args);
      return {
        bind: s.bind.bind(s),
        run: () => {
          const n = s.run();
          taken += n;
          return n;
        },
      };
    };
    let combs = 0;
    const nativeComb = nativeFlockKernels(native).comb!;
    const comb = (e: Uint32Array, alpha: Uint32Array) => (combs++, nativeComb(e, alpha));
    const stepped = createWebGpuBackend(gpu.device, { steps, comb });
    expect([stepped.vm.steps, stepped.flock.comb]).toEqual([steps, comb]);
    const program = parseProgram(vmText('hash', 'program.json'));
    const { proof, stats } = await proveProgram(program, parsePublicInputJson(vmText('hash', 'public.json')), { backend: stepped });
    expect(Buffer.from(proof).equals(Buffer.from(vmBytes('hash', 'proof')))).toBe(true);
    expect(taken).toBeGreaterThan(stats.cycles / 2);
    expect(combs).toBe(1);
  }, 300_000);
});
