// VM proofs on the webgpu backend told to bind less than the device (docs/gpu-scale.md): at 2 MiB
// the arith vector's committed stack outgrows a binding, so its table sumcheck's form kernels
// gather their columns a run of rows at a time, and the proof is arith.proof byte for byte; so
// it is with buffers of at most 2 MiB too, every longer operand kept in parts (store.ts)
// (≈ 1½ minutes on lavapipe). LEANVM_VM_SCALE=k adds Fibonacci runs of 2^k cycles
// (bench/vm-programs.ts) at 16 MiB bindings, and at 4 MiB bindings in 16 MiB parts, each the
// native backend's proof byte for byte: the issue's shapes, too slow for CI on a software
// adapter.
import { expect, it } from 'vitest';
import { openBackend } from '../../host/node/backends';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { vmLayout } from '../../src/vm/layout';
import { parseProgram } from '../../src/vm/program';
import { proveProgram } from '../../src/vm/prove/prove';
import { parsePublicInputJson } from '../../src/vm/public-input';
import { fibonacciN, fibonacciProgram } from '../../bench/vm-programs';
import { describeGpu } from '../webgpu/gpu';
import { vmBytes, vmSummary, vmText } from '../vm/vm-vectors';
import { firstDifference } from './vectors';

const MIB = 2 ** 20;
const scale = process.env.LEANVM_VM_SCALE === undefined ? undefined : Number(process.env.LEANVM_VM_SCALE);

await describeGpu('VM proofs on webgpu with a small binding limit', (gpu) => {
  for (const parts of [undefined, 2 * MIB]) {
    it(`arith at 2 MiB bindings${parts === undefined ? '' : ' in 2 MiB parts'}: arith.proof`, async () => {
      const backend = createWebGpuBackend(gpu.device, { maxBindingBytes: 2 * MIB, maxBufferBytes: parts });
      const program = parseProgram(vmText('arith', 'program.json'));
      const pi = parsePublicInputJson(vmText('arith', 'public.json'));
      const { proof, stats } = await proveProgram(program, pi, { backend, logInvRate: vmSummary('arith').announced.log_inv_rate });
      expect(firstDifference(proof, vmBytes('arith', 'proof'))).toBe(-1);
      // The stack the forms' columns are views of outgrows a binding: the kernels gathered them.
      const { stack } = vmLayout({ logMemory: stats.h, taus: stats.taus, logBytecode: Math.log2(program.bytecode.length) });
      expect(8 * stack.nLanes * 2 ** (stack.logN - 6)).toBeGreaterThan(2 * MIB);
    }, 300_000);
  }

  if (scale === undefined) return;
  const { program, publicInput } = fibonacciProgram(fibonacciN(scale));
  let want: Promise<Uint8Array> | undefined;
  const native = () =>
    (want ??= (async () => {
      const { backend } = await openBackend('native');
      try {
        return (await proveProgram(program, publicInput, { backend })).proof;
      } finally {
        await backend.dispose();
      }
    })());
  for (const [mib, parts] of [[16, undefined], [4, 16]] as const) {
    it(`Fibonacci of 2^${scale} cycles at ${mib} MiB bindings${parts === undefined ? '' : ` in ${parts} MiB parts`}: the native proof`, async () => {
      const backend = createWebGpuBackend(gpu.device, { maxBindingBytes: mib * MIB, maxBufferBytes: parts === undefined ? undefined : parts * MIB });
      const t0 = performance.now();
      const { proof, stats } = await proveProgram(program, publicInput, { backend });
      console.log(`fibonacci 2^${scale} (${stats.cycles} cycles) at ${mib} MiB${parts === undefined ? '' : ` in ${parts} MiB parts`} on webgpu: ${(performance.now() - t0).toFixed(0)} ms`);
      expect(firstDifference(proof, await native())).toBe(-1);
    }, 7_200_000);
  }
});
