// The zerocheck's round sums on the GPU (Backend.zerocheckSums): one reduction dispatch over
// the pairs, as the opening's roundSums does. The folds between rounds are the opening's fold.
import { zerocheckShape, type Backend } from '../backend';
import { gpuBuffer } from './buffer';
import type { KernelContext } from './context';
import { reduce } from './reduction';

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
        terms: pairs,
        inputs: [a, b, c, eq].map((buf) => gpuBuffer(ctx.device, buf)),
        params: [pairs],
      });
    },
  };
}
