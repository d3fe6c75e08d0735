// The stacked WHIR opening on the WebGPU backend against the cpu backend, byte for byte: the
// serialized proof of one statement (ring claims on a packed column, point claims on mixed
// columns and on strided columns) is the same on both and verifies, at every rate; once with
// the default hand-over of small tables to the host and once with every table kept on the
// device; and the PCS region of the reference proofs blake2s_batch_n7 and n8 (leanVM-b @
// 5df6c37) reproduced on the GPU.
//
// Sizes: stacks of 2^15..2^20 words, ≈ 1 min on lavapipe with 2 cores.
import { beforeAll, describe, expect, test } from 'vitest';
import type { Backend } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { parseProof, serializeProof } from '../../src/transcript';
import { readVector } from '../transcript/trace';
import { proveReference } from '../pcs/reference-replay';
import { type Instance, instance, proveInstance, verifyInstance, withStridedClaims } from '../pcs/stack-instances';
import { describeGpu } from './gpu';

const LABEL = 'webgpu-opening-test';
const MAX_LOG_N = 20;
const RATES = [1, 2, 3, 4];

/**
 * A 2^logN stack (placement floors at 2^15): q_flock of 2^(logN−1) words with two ring claims
 * and three claims on strided columns of it, then point columns of 2^(logN−2) and 2^(logN−4)
 * words and a small one; 58 of 64 lanes.
 */
const mixed = (logN: number, rate: number): Instance =>
  withStridedClaims(instance(100 * logN + rate, rate, logN - 1, 2, [logN - 2, logN - 4, 3], 2, 2), logN + rate, 3);

/** The whole stack is q_flock (64 lanes) with one ring claim and one point claim inside it. */
const qflock = (logN: number, rate: number): Instance => instance(100 * logN + rate, rate, logN, 1, []);

/** First index where two byte strings differ (−1: none). */
const firstDiff = (a: Uint8Array, b: Uint8Array): number => (a.length !== b.length ? Math.min(a.length, b.length) : a.findIndex((x, i) => x !== b[i]));

async function expectSameProof(gpu: Backend, inst: Instance, logN: number): Promise<void> {
  const cpu = await proveInstance(createCpuBackend(), inst, LABEL);
  const ours = await proveInstance(gpu, inst, LABEL);
  expect(cpu.placement.logN).toBe(logN);
  expect(ours.placement).toEqual(cpu.placement);
  expect(firstDiff(serializeProof(ours.proof), serializeProof(cpu.proof)), 'first differing proof byte').toBe(-1);
  verifyInstance(inst, LABEL, ours.root, ours.proof);
}

await describeGpu('webgpu stacked opening', ({ device }) => {
  let gpu: Backend;
  let deviceOnly: Backend;
  beforeAll(() => {
    gpu = createWebGpuBackend(device);
    deviceOnly = createWebGpuBackend(device, { hostBelow: 0 });
  });

  describe('the webgpu proof is the cpu proof, and verifies', () => {
    const cases: [number, number, string, (logN: number, rate: number) => Instance][] = [];
    for (let logN = 15; logN <= MAX_LOG_N; logN++) {
      for (const rate of RATES) cases.push([logN, rate, logN % 2 === 0 ? 'q_flock alone' : 'mixed columns', logN % 2 === 0 ? qflock : mixed]);
    }
    test.each(cases)('2^%i stack, rate 1/2^%i, %s', async (logN, rate, _, make) => {
      await expectSameProof(gpu, make(logN, rate), logN);
    });
  });

  test.each([
    [15, 1],
    [17, 4],
  ])('every table kept on the device: 2^%i stack, rate 1/2^%i', async (logN, rate) => {
    await expectSameProof(deviceOnly, mixed(logN, rate), logN);
  });

  describe('reference proofs: the PCS region on webgpu is the file\'s bytes', () => {
    const cases: [number, string, () => Backend][] = [
      [7, 'default', () => gpu],
      [8, 'default', () => gpu],
      [7, 'every table on the device', () => deviceOnly],
    ];
    test.each(cases)('blake2s_batch_n%i, %s', async (nLog, _, backend) => {
      const bytes = readVector(`blake2s_batch_n${nLog}.proof`);
      const ours = await proveReference(backend(), parseProof(bytes), nLog);
      expect(firstDiff(ours, bytes), 'first differing proof byte').toBe(-1);
    });
  });
});
