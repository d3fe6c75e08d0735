// withHostPasses: a device backend borrows exactly the Flock passes it lacks, its own stay,
// the zerocheck entries come back as the device's buffers, and disposing it disposes both;
// and webgpu with the native module's passes proves the reference bytes (n = 2^9) and the cpu
// backend's bound proof, at 1 and 2 native threads.
import { describe, expect, test } from 'vitest';
import type { Backend } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { withHostPasses } from '../../src/backend/host-passes';
import { createNativeBackend } from '../../src/backend/native/index';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { seededMessages } from '../../src/workloads/hash-batch/inputs';
import { proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { describeNative } from '../native/native';
import { describeGpu } from '../webgpu/gpu';
import { firstDifference, readInputs, readProof } from '../workloads/vectors';

describe('withHostPasses', () => {
  test('lends the missing passes only, uploads lent entries to the device, disposes both', async () => {
    const calls: string[] = [];
    const device: Backend = { ...createCpuBackend(), async flockWitness() { calls.push('device witness'); }, async dispose() { calls.push('device disposed'); } };
    const hostBase = createCpuBackend();
    const host: Backend = {
      ...hostBase,
      async skipSums() { calls.push('host skipSums'); },
      async flockWitness() { calls.push('host witness'); },
      async zerocheckEntries(_col, _at, count) { calls.push('host entries'); return hostBase.upload('E', new Uint32Array(6 * count).fill(7)); },
      async dispose() { calls.push('host disposed'); },
    };
    const { backend, lent } = withHostPasses(device, host);
    expect(lent.sort()).toEqual(['skipSums', 'zerocheckEntries']);
    expect(backend.foldBlocks).toBeUndefined();
    const cols = new Uint32Array(8);
    await backend.skipSums!(new Uint32Array(0), { a: cols, b: cols, c: cols }, 0, 0, { lo: new Uint32Array(0), hi: new Uint32Array(0) }, new Uint32Array(0));
    await backend.flockWitness!(cols, 0, cols, cols, cols);
    const entries = await backend.zerocheckEntries!(cols, 0, 3, new Uint32Array(0), new Uint32Array(0));
    expect(await device.download(entries)).toEqual(new Uint32Array(18).fill(7));
    await backend.dispose();
    expect(calls).toEqual(['host skipSums', 'device witness', 'host entries', 'device disposed', 'host disposed']);
  });
});

await describeGpu('webgpu with the native module\'s Flock passes', (gpu) => {
  describeNative('native passes', (module) => {
    for (const threads of [1, 2]) {
      test(`${threads} native thread${threads > 1 ? 's' : ''}: the n = 2^9 reference proof, and a bound proof equal to the cpu backend's`, async () => {
        const { backend, lent } = withHostPasses(createWebGpuBackend(gpu.device), createNativeBackend(module, { threads }));
        expect(lent.sort()).toEqual(['flockWitness', 'foldBlocks', 'skipSums', 'vm', 'zerocheckEntries']);
        const { proof } = await proveHashBatch(readInputs(9), { backend, statement: 'none' });
        expect(firstDifference(proof, readProof(9))).toBe(-1);
        const messages = seededMessages(300, { lo: 300, hi: threads });
        const bound = await proveHashBatch(messages, { backend, statement: 'bound' });
        const cpu = await proveHashBatch(messages, { backend: createCpuBackend(), statement: 'bound' });
        expect(firstDifference(bound.proof, cpu.proof)).toBe(-1);
      });
    }
  });
});
