import { expect, test } from 'vitest';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { parseProgram } from '../../src/vm/program';
import { proveProgram } from '../../src/vm/prove/prove';
import { parsePublicInputJson } from '../../src/vm/public-input';
import { vmBytes, vmSummary, vmText } from '../vm/vm-vectors';
import { describeGpu } from './gpu';

await describeGpu('VM proofs on webgpu in windows', (gpu) => {
  for (const name of ['arith'] as const) {
    test(`${name}.proof`, async () => {
      const backend = createWebGpuBackend(gpu.device, { maxBindingBytes: 2 * 2 ** 20 });
      const program = parseProgram(vmText(name, 'program.json'));
      const pi = parsePublicInputJson(vmText(name, 'public.json'));
      const { proof } = await proveProgram(program, pi, { backend, logInvRate: vmSummary(name).announced.log_inv_rate });
      expect(Buffer.from(proof).equals(Buffer.from(vmBytes(name, 'proof')))).toBe(true);
    }, 300_000);
  }
});
