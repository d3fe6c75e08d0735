// proveHashBatch on the WebGPU backend writes the reference proofs byte for byte (the commit
// and the WHIR opening's bulk work on the device, the Flock reduction on the host), and bound
// proofs (docs/bound-statement.md) byte for byte the cpu backend's: all seven vectors
// (n = 2^7 .. 2^13) and three bound batches, ≈ 45 s on lavapipe.
import { expect, it } from 'vitest';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { seededMessages } from '../../src/workloads/hash-batch/inputs';
import { proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { verifyHashBatch } from '../../src/workloads/hash-batch/verify';
import { describeGpu } from '../webgpu/gpu';
import { digestHex, firstDifference, PUBLISHED, readInputs, readProof, SIZES } from './vectors';

await describeGpu('proveHashBatch on webgpu against the reference proofs', (gpu) => {
  const backend = createWebGpuBackend(gpu.device); // its device is destroyed by describeGpu
  for (const k of SIZES) {
    it(`n = 2^${k}: the proof file's bytes and digest`, async () => {
      const { proof } = await proveHashBatch(readInputs(k), { backend, statement: 'none' });
      expect(firstDifference(proof, readProof(k))).toBe(-1);
      expect([proof.length, digestHex(proof)]).toEqual(PUBLISHED[k]);
    });
  }

  for (const n of [200, 5000, 2 ** 13 + 1]) {
    it(`a bound proof of ${n} messages: the cpu backend's bytes, valid for its messages only`, async () => {
      const messages = seededMessages(n, { lo: n, hi: 0x69 });
      const { proof } = await proveHashBatch(messages, { backend, statement: 'bound' });
      const cpu = await proveHashBatch(messages, { backend: createCpuBackend(), statement: 'bound' });
      expect(firstDifference(proof, cpu.proof)).toBe(-1);
      expect(verifyHashBatch(messages, proof, { statement: 'bound' })).toEqual({ valid: true });
      expect(verifyHashBatch(seededMessages(n, { lo: n, hi: 0x6a }), proof, { statement: 'bound' }).valid).toBe(false);
    });
  }
});
