// Cancellation on webgpu (lavapipe here): an abort in each stage of a hash batch and in the bus stage of
// a VM proof (../abort/harness.ts), after which the device holds the buffers it held before the
// proof (its link's count of live buffers) and proves the same bytes again. The aggregate's own
// stages come before any device work (../abort/provers.test.ts covers them on cpu and native).
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { VM_STAGES, proveProgram } from '../../src/vm/prove/prove';
import { parsePublicInputList } from '../../src/vm/public-input';
import { HASH_BATCH_STAGES, proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { compileSource } from '../../src/zkdsl';
import { abortEachStage } from '../abort/harness';
import { readInputs, readProof } from '../workloads/vectors';
import { describeGpu } from './gpu';

const fibonacci = compileSource(readFileSync(new URL('../../examples/fibonacci.py', import.meta.url), 'utf8'), {
  file: 'fibonacci.py', defines: new Map([['N_PLACEHOLDER', '24']]),
}).program;
const fibInput = parsePublicInputList('GEN ** 28657,GEN ** 46368');

await describeGpu('webgpu cancellation', ({ device }) => {
  // hostBelow 0: every round on the device, so each stage has device calls to abort between.
  const backend = createWebGpuBackend(device, { hostBelow: 0 });

  test('hash batch (n = 2^7): an abort in each stage; the proof after is the reference one', async () => {
    let last: Uint8Array | undefined;
    await abortEachStage(backend, HASH_BATCH_STAGES, async (run) => (last = (await proveHashBatch(readInputs(7), { ...run, statement: 'none' })).proof));
    expect(Buffer.from(last!).equals(Buffer.from(readProof(7)))).toBe(true);
  }, 300_000);

  // Lavapipe is slow at the VM's many small rounds: one stage, the largest, on the default backend.
  test('VM proof (examples/fibonacci.py, N = 24): an abort in the bus stage', async () => {
    const vmBackend = createWebGpuBackend(device);
    await abortEachStage(vmBackend, VM_STAGES, async (run) => (await proveProgram(fibonacci, fibInput, run)).proof, ['bus']);
  }, 600_000);
});
