// Hash proofs on the webgpu backend told to bind at most 2 MiB or 4 MiB (docs/gpu-scale.md):
// every operand past that — stack, codeword, Merkle layers, Flock's columns and tables, the
// opening's tables — is split into windows, as on a device whose limit that is, and the proofs
// are the reference proof files byte for byte. ≈ 1½ minutes on lavapipe. LEANVM_HASH_SCALE=k,…
// adds bound batches of 2^k compressions at 16 MiB bindings, each the native backend's proof
// byte for byte: the shapes, too slow for CI on a software adapter.
import { expect, it } from 'vitest';
import { openBackend } from '../../host/node/backends';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { seededMessages } from '../../src/workloads/hash-batch/inputs';
import { proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { describeGpu } from '../webgpu/gpu';
import { firstDifference, readInputs, readProof } from './vectors';

const scale = (process.env.LEANVM_HASH_SCALE ?? '').split(',').filter((k) => k !== '').map(Number);

await describeGpu('proveHashBatch on webgpu with a small binding limit', (gpu) => {
  for (const [k, mib] of [[10, 2], [12, 4]] as const) {
    it(`n = 2^${k} at ${mib} MiB bindings: the proof file's bytes`, async () => {
      const backend = createWebGpuBackend(gpu.device, { maxBindingBytes: mib * 2 ** 20 });
      const { proof } = await proveHashBatch(readInputs(k), { backend, statement: 'none' });
      expect(firstDifference(proof, readProof(k))).toBe(-1);
    }, 300_000);
  }

  for (const k of scale) {
    it(`a bound batch of 2^${k} at 16 MiB bindings: the native proof`, async () => {
      const messages = seededMessages(2 ** k, { lo: k, hi: 0x33 });
      const t0 = performance.now();
      const { proof } = await proveHashBatch(messages, { backend: createWebGpuBackend(gpu.device, { maxBindingBytes: 16 * 2 ** 20 }), statement: 'bound' });
      console.log(`hash batch 2^${k} at 16 MiB on webgpu: ${(performance.now() - t0).toFixed(0)} ms`);
      const { backend } = await openBackend('native');
      try {
        expect(firstDifference(proof, (await proveHashBatch(messages, { backend, statement: 'bound' })).proof)).toBe(-1);
      } finally {
        await backend.dispose();
      }
    }, 7_200_000);
  }
});
