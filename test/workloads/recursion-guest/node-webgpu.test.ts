// The smallest node of the default node program, one leaf of one signer, proved on webgpu: the native
// backend's proof byte for byte. The leaf and the native proof are made on native. On lavapipe
// with 2 cores the webgpu proof took 182 s (a machine at load ~17; the whole file 55 CPU
// seconds), past what CI gives these tests: LEANVM_NODE_WEBGPU=1 runs it (docs/recursion-guest.md §12).
import { expect, it } from 'vitest';
import { openBackend } from '../../../host/node/backends';
import { createWebGpuBackend } from '../../../src/backend/webgpu/index';
import { type NodeRequest, proveNode } from '../../../src/workloads/recursion/node-prove';
import { aggregate } from '../../../src/workloads/xmss-aggregate';
import { randomBytes, xorshift32 } from '../../hash/prng';
import { describeGpu } from '../../webgpu/gpu';
import { firstDifference } from '../vectors';
import { freshSigners } from './children';

const next = xorshift32(0x77677075);
const message = randomBytes(next, 32);
const EPOCH = 17;

if (process.env.LEANVM_NODE_WEBGPU !== '1') it.skip('the smallest node on webgpu (skipped: LEANVM_NODE_WEBGPU=1 runs it)', () => {});
else await describeGpu('the smallest node on webgpu', (gpu) => {
  it('a 1→1 node over a leaf of one signer: the native proof', async () => {
    const { backend: native } = await openBackend('native');
    let request: NodeRequest, want: Uint8Array;
    try {
      const leaf = (await aggregate({ message, epoch: EPOCH, signers: freshSigners(next, message, EPOCH, 1) }, { backend: native })).aggregate;
      request = { message, epoch: EPOCH, children: [{ aggregate: { kind: 'leaf', ...leaf } }] };
      want = (await proveNode(request, { backend: native })).aggregate.proof;
    } finally {
      await native.dispose();
    }
    const backend = createWebGpuBackend(gpu.device);
    const t = performance.now();
    const { aggregate: node, stats } = await proveNode(request, { backend });
    console.log(`1→1 node on webgpu: ${stats.cycles} cycles, ${stats.proofBytes} bytes, ${((performance.now() - t) / 1000).toFixed(1)} s (${Object.entries(stats.stageMs).map(([k, v]) => `${k} ${Math.round(v)}`).join(', ')} ms)`);
    expect(firstDifference(node.proof, want)).toBe(-1);
  }, 7_200_000);
});
