// Hash proofs on the webgpu backend told to bind at most 2 MiB or 4 MiB (docs/gpu-scale.md):
// every operand past that — stack, codeword, Merkle layers, Flock's columns and tables, the
// opening's tables — is split into windows, as on a device whose limit that is, and the proofs
// are the reference proof files byte for byte; told also to make buffers of at most 2 MiB
// (maxBufferBytes), the backend keeps every longer operand in parts (store.ts), as on a GPU whose
// maxBufferSize a batch's operands outgrow, with the same bytes. ≈ 2 minutes on lavapipe.
// LEANVM_HASH_SCALE=k,… adds bound batches of 2^k compressions at 16 MiB bindings in 64 MiB
// parts, each the native backend's proof byte for byte: the shapes, too slow for CI on a
// software adapter.
import { expect, it } from 'vitest';
import { openBackend } from '../../host/node/backends';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { seededMessages } from '../../src/workloads/hash-batch/inputs';
import { proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { totalTraffic } from '../../src/workloads/hash-batch/traffic';
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

  it('n = 2^11 at 2 MiB bindings in 2 MiB parts: the proof file\'s bytes, with the host traffic of one buffer an operand', async () => {
    const prove = (maxBufferBytes?: number) => proveHashBatch(readInputs(11), { backend: createWebGpuBackend(gpu.device, { maxBindingBytes: 2 ** 21, maxBufferBytes }), statement: 'none' });
    const parted = await prove(2 ** 21);
    expect(firstDifference(parted.proof, readProof(11))).toBe(-1);
    const whole = await prove();
    expect(totalTraffic(parted.stats.traffic!)).toEqual(totalTraffic(whole.stats.traffic!));
  }, 300_000);

  for (const k of scale) {
    it(`a bound batch of 2^${k} at 16 MiB bindings in 64 MiB parts: the native proof`, async () => {
      const messages = seededMessages(2 ** k, { lo: k, hi: 0x33 });
      const t0 = performance.now();
      const webgpu = createWebGpuBackend(gpu.device, { maxBindingBytes: 16 * 2 ** 20, maxBufferBytes: 64 * 2 ** 20 });
      const { proof } = await proveHashBatch(messages, { backend: webgpu, statement: 'bound' });
      console.log(`hash batch 2^${k} at 16 MiB in 64 MiB parts on webgpu: ${(performance.now() - t0).toFixed(0)} ms`);
      const { backend } = await openBackend('native');
      try {
        expect(firstDifference(proof, (await proveHashBatch(messages, { backend, statement: 'bound' })).proof)).toBe(-1);
      } finally {
        await backend.dispose();
      }
    }, 7_200_000);
  }
});
