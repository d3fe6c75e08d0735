// proveHashBatch on the WebGPU backend writes the reference proofs byte for byte (the commit
// and the WHIR opening's bulk work on the device, the Flock reduction on the host). CI's
// lavapipe affords n = 2^7 .. 2^9; LEANVM_FULL_RANGE=1 (a real GPU) runs all seven.
import { expect, it } from 'vitest';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { describeGpu } from '../webgpu/gpu';
import { digestHex, firstDifference, PUBLISHED, readInputs, readProof, SIZES } from './vectors';

const FULL_RANGE = process.env.LEANVM_FULL_RANGE === '1';

await describeGpu('proveHashBatch on webgpu against the reference proofs', (gpu) => {
  const backend = createWebGpuBackend(gpu.device); // its device is destroyed by describeGpu
  for (const k of FULL_RANGE ? SIZES : SIZES.slice(0, 3)) {
    it(`n = 2^${k}: the proof file's bytes and digest`, async () => {
      const { proof } = await proveHashBatch(readInputs(k), { backend, statement: 'none' });
      expect(firstDifference(proof, readProof(k))).toBe(-1);
      expect([proof.length, digestHex(proof)]).toEqual(PUBLISHED[k]);
    });
  }
});
