import { test } from 'vitest';
import { requestNodeGpu } from '../../host/node/dawn';
test('info', async () => {
  const g = await requestNodeGpu();
  if ('unavailable' in g) throw new Error('no gpu');
  console.log('RESULT', JSON.stringify((g.device as any).adapterInfo), (g.device as any).adapterInfo?.isFallbackAdapter);
  g.device.destroy();
});
