// Cancellation on webgpu (lavapipe here): an abort in each stage of a hash batch, of a VM proof and
// of an aggregate (../abort/harness.ts: the typed error from that stage, no backend call after
// the abort, the device holding the buffers it held before the proof, the next proof the same
// bytes as the first, here also the cpu backend's); and a wait for the device given up when the
// abort comes during it, the device usable after.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { AbortError } from '../../src/backend/abort';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { DeviceLink } from '../../src/backend/webgpu/link';
import { deviceWindows } from '../../src/backend/webgpu/window';
import { VM_STAGES, proveProgram } from '../../src/vm/prove/prove';
import { parsePublicInputList } from '../../src/vm/public-input';
import { StdRng } from '../../src/util/std-rng';
import { HASH_BATCH_STAGES, proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { AGGREGATE_STAGES, aggregate } from '../../src/workloads/xmss-aggregate';
import { xmssKeyGen, xmssSignUnsafeInMemory } from '../../src/xmss';
import { compileSource } from '../../src/zkdsl';
import { abortEachStage } from '../abort/harness';
import { nativeOrCpu } from '../native/fast-backend';
import { readInputs, readProof } from '../workloads/vectors';
import { describeGpu } from './gpu';

const fibonacci = compileSource(readFileSync(new URL('../../examples/fibonacci.py', import.meta.url), 'utf8'), {
  file: 'fibonacci.py', defines: new Map([['N_PLACEHOLDER', '24']]),
}).program;
const fibInput = parsePublicInputList('GEN ** 28657,GEN ** 46368');

const message = new Uint8Array(32).fill(0x42);
const key = xmssKeyGen(new Uint8Array(32).fill(1), 6, 8);
const request = { message, epoch: 7, signers: [{ publicKey: key.publicKey, signature: xmssSignUnsafeInMemory(key, message, 7, StdRng.seedFromU64(1, 0)).signature }] };

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

await describeGpu('webgpu cancellation', ({ device }) => {
  test('hash batch (n = 2^7, every round on the device): an abort in each stage; the proof after is the reference one', async () => {
    // hostBelow 0: every round on the device, so each stage has device calls to abort between.
    const backend = createWebGpuBackend(device, { hostBelow: 0 });
    let last: Uint8Array | undefined;
    await abortEachStage(backend, HASH_BATCH_STAGES, async (run) => (last = (await proveHashBatch(readInputs(7), { ...run, statement: 'none' })).proof));
    expect(same(last!, readProof(7))).toBe(true);
  }, 300_000);

  test('VM proof (examples/fibonacci.py, N = 24): an abort in each stage; the proof after is the cpu backend\'s', async () => {
    const backend = createWebGpuBackend(device);
    let last: Uint8Array | undefined;
    await abortEachStage(backend, VM_STAGES, async (run) => (last = (await proveProgram(fibonacci, fibInput, run)).proof));
    expect(same(last!, (await proveProgram(fibonacci, fibInput, { backend: createCpuBackend() })).proof)).toBe(true);
  }, 600_000);

  // One signature, the smallest aggregate: a warm proof is some 1.5 s on lavapipe. The reference
  // is native's where it is built (the same bytes as cpu's: test/native), as the cpu backend is
  // slow at an aggregate.
  test('aggregate of one signature: an abort in each stage; the proof after is the reference backend\'s', async () => {
    const backend = createWebGpuBackend(device);
    let last: Uint8Array | undefined;
    await abortEachStage(backend, AGGREGATE_STAGES, async (run) => (last = (await aggregate(request, run)).aggregate.proof));
    const reference = await nativeOrCpu('webgpu cancellation');
    try {
      expect(same(last!, (await aggregate(request, { backend: reference })).aggregate.proof)).toBe(true);
    } finally {
      await reference.dispose();
    }
  }, 600_000);

  test('an abort during a wait for the device gives it up at once: AbortError before the work is done, the staging buffer destroyed, the device usable', async () => {
    const link = new DeviceLink(device, deviceWindows(device).partBytes);
    const controller = new AbortController();
    const view = link.withSignal(controller.signal);
    const words = Uint32Array.from({ length: 2 ** 16 }, (_, i) => i * 2654435761);
    const src = view.buffer(words.byteLength, GPUBufferUsage.COPY_SRC | GPUBufferUsage.STORAGE, words);
    const held = link.held();
    const read = () => {
      const staging = view.staging(words.byteLength);
      const encoder = device.createCommandEncoder();
      encoder.copyBufferToBuffer(src, 0, staging, 0, words.byteLength);
      view.submit(encoder.finish());
      return view.read([staging]);
    };
    const waiting = read();
    const done = device.queue.onSubmittedWorkDone().then(() => 'done');
    controller.abort(new Error('stop'));
    const first = await Promise.race([waiting.then(() => 'read', (e: unknown) => e), done]);
    expect(first).toBeInstanceOf(AbortError);
    expect((first as AbortError).cause).toEqual(new Error('stop'));
    expect(link.held()).toEqual(held);
    // The aborted view submits nothing more; the link itself reads as before.
    expect(() => view.submit(device.createCommandEncoder().finish())).toThrow(AbortError);
    const staging = link.staging(words.byteLength);
    const encoder = device.createCommandEncoder();
    encoder.copyBufferToBuffer(src, 0, staging, 0, words.byteLength);
    link.submit(encoder.finish());
    expect(await link.read([staging])).toEqual([words]);
    src.destroy();
    expect(link.held()).toEqual({ buffers: 0, bytes: 0 });
  });
});
