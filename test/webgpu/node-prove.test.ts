// A recursion node proved on webgpu (issue 31): the smallest node, 1→1 over a leaf of two fresh
// signers (344,064 rows, a stack of 2^24 words), its file byte for byte the native backend's
// (cpu where the module is not built) and valid at the root. At 32 MiB bindings, so its stack
// and codeword are read in windows (docs/gpu-scale.md), as a 2→1 node's are at lavapipe's own
// 128 MiB. Minutes on lavapipe; the device check's node phase proves 2→1 and 4→1 on a GPU.
import { expect, test } from 'vitest';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { stackLog } from '../../src/vm/layout';
import { encodeTreeAggregate } from '../../src/workloads/recursion/aggregate-file';
import { proveNode } from '../../src/workloads/recursion/node-prove';
import { verifyTreeAggregate } from '../../src/workloads/recursion/verify';
import { aggregate } from '../../src/workloads/xmss-aggregate';
import { randomBytes, xorshift32 } from '../hash/prng';
import { nativeOrCpu } from '../native/fast-backend';
import { freshSigners } from '../workloads/recursion-guest/children';
import { describeGpu } from './gpu';

await describeGpu('a recursion node on webgpu', (gpu) => {
  test('1→1 over a leaf of two signers: the native backend\'s file, valid at the root', async () => {
    const next = xorshift32(0x6e6f6431);
    const message = randomBytes(next, 32);
    const epoch = 3;
    const reference = await nativeOrCpu('webgpu node');
    try {
      const leaf = await aggregate({ message, epoch, signers: freshSigners(next, message, epoch, 2) }, { backend: reference });
      const request = { message, epoch, children: [{ aggregate: { kind: 'leaf' as const, ...leaf.aggregate } }] };
      let log = 0;
      const webgpu = await proveNode(request, { backend: createWebGpuBackend(gpu.device, { maxBindingBytes: 2 ** 25 }), onShape: (shape) => (log = stackLog(shape)) });
      // 2^24 K words (64 MiB) and a codeword twice that: both past the 32 MiB binding
      expect(log).toBe(24);
      const want = await proveNode(request, { backend: reference });
      expect(Buffer.from(encodeTreeAggregate(webgpu.aggregate)).equals(Buffer.from(encodeTreeAggregate(want.aggregate)))).toBe(true);
      const verdict = verifyTreeAggregate(webgpu.aggregate, { message, epoch });
      expect(verdict.valid && verdict.n).toBe(2);
    } finally {
      await reference.dispose();
    }
  }, 900_000);
});
