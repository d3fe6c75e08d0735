// Hash proofs on the webgpu backend told to bind at most 2 MiB or 4 MiB (docs/gpu-scale.md):
// every operand past that — stack, codeword, Merkle layers, Flock's columns and tables, the
// opening's tables — is split into windows, as on a device whose limit that is, and the proofs
// are the reference proof files byte for byte. ≈ 1½ minutes on lavapipe.
import { expect, it } from 'vitest';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { describeGpu } from '../webgpu/gpu';
import { firstDifference, readInputs, readProof } from './vectors';

await describeGpu('proveHashBatch on webgpu with a small binding limit', (gpu) => {
  for (const [k, mib] of [[10, 2], [12, 4]] as const) {
    it(`n = 2^${k} at ${mib} MiB bindings: the proof file's bytes`, async () => {
      const backend = createWebGpuBackend(gpu.device, { maxBindingBytes: mib * 2 ** 20 });
      const { proof } = await proveHashBatch(readInputs(k), { backend, statement: 'none' });
      expect(firstDifference(proof, readProof(k))).toBe(-1);
    }, 300_000);
  }
});
