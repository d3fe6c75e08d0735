import { test } from 'vitest';
import { requestNodeGpu } from '../../host/node/dawn';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { SplitMix64 } from '../../src/util/splitmix64';
test('bench', async () => {
  const g = await requestNodeGpu();
  if ('unavailable' in g) throw new Error('no gpu');
  const b = createWebGpuBackend(g.device);
  for (const [logN, rate] of [[20, 1], [22, 1]]) {
    const msg = await b.upload('K', new SplitMix64(1).words(2 ** logN));
    const ts: number[] = [];
    for (let i = 0; i < 6; i++) {
      const t0 = performance.now();
      const cw = await b.encode(msg, logN, rate);
      await b.finish();
      ts.push(performance.now() - t0);
      b.free(cw);
    }
    const m = Math.min(...ts);
    const bf = 64 * (logN - 6) * 2 ** (logN - 6 + rate - 1);
    console.log(`RESULT 2^${logN} rate ${rate}: encode ${m.toFixed(1)} ms, ${(m * 1e6 / bf).toFixed(2)} ns/lane-bfly`);
  }
  g.device.destroy();
});
