// The zerocheck's round sums on the GPU (Backend.zerocheckSums): one reduction dispatch over
// the pairs (in windows of the tables when they outgrow a binding), as the opening's roundSums does. The folds between rounds are the opening's fold.
import { zerocheckShape, type Backend } from '../backend';
import { gpuBuffer } from './buffer';
import type { KernelContext } from './context';
import { reduce } from './reduction';
import { elementRuns } from './window';

export function createZerocheckKernels(ctx: KernelContext): Pick<Backend, 'zerocheckSums'> {
  return {
    async zerocheckSums(a, b, c, eq) {
      ctx.live();
      const pairs = zerocheckShape(a, b, c, eq);
      // The partial is (G(1), G(∞)).
      return reduce(ctx, {
        what: 'zerocheckSums',
        partialsLabel: 'zerocheck partial sums',
        kernel: 'zerocheckSums',
        // Value pairs (2x, 2x+1) of a, b, c and weight x of eq: elementwise over pairs.
        parts: elementRuns(ctx.windows, pairs, [a, b, c, eq].map((buf, i) => ({ windowed: gpuBuffer(ctx.device, buf), unit: i < 3 ? 48 : 24 }))).map(({ n, bound }) => ({
          terms: n,
          inputs: bound,
          params: [n],
        })),
      });
    },
  };
}
