// The one way GPU tests get a device. No adapter: the tests are skipped with the reason in
// their name, unless LEANVM_REQUIRE_WEBGPU=1 (CI on a GPU runner), where that is a failure.
import { afterAll, describe, test } from 'vitest';
import { requestNodeGpu, type NodeGpu } from '../../host/node/dawn';

/**
 * Declares `name` as a suite over one Dawn device opened for this file: the adapter is logged
 * once (so CI logs show what ran), and the device is destroyed in afterAll so the forked
 * worker exits. Call once per file, at the top level, with `await`.
 */
export async function describeGpu(name: string, body: (gpu: NodeGpu) => void): Promise<void> {
  const gpu = await requestNodeGpu();
  if ('unavailable' in gpu) {
    if (process.env.LEANVM_REQUIRE_WEBGPU === '1') {
      throw new Error(`WebGPU required but unavailable: ${gpu.unavailable}`);
    }
    console.warn(`${name}: skipped, WebGPU unavailable: ${gpu.unavailable}`);
    test.skip(`${name} (skipped: WebGPU unavailable: ${gpu.unavailable})`, () => {});
    return;
  }
  const { vendor, architecture, description } = gpu.adapterInfo;
  console.log(`${name}: WebGPU adapter vendor=${vendor} architecture=${architecture} description=${description}`);
  afterAll(() => gpu.device.destroy());
  describe(name, () => body(gpu));
}
