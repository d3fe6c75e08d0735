// The zerocheck's round sums on the GPU (Backend.zerocheckSums): one reduction dispatch over
// the pairs, per-workgroup partials read back and XORed on the host, as the opening's
// roundSums does. The folds between rounds are the opening's fold.
import { zerocheckShape, type Backend } from '../backend';
import { gpuBuffer, scratchBuffer } from './buffer';
import { dispatchGrid } from './grid';
import { WORKGROUP_SIZE } from './kernels';
import { MAX_ROUND_GROUPS, termsPerInvocation } from './opening';
import type { Recording } from './recording';

export interface ZerocheckContext {
  device: GPUDevice;
  live(): void;
  record(what: string): Recording;
  maxPerDimension: number;
}

/** u32 words of one workgroup's partial (G(1), G(∞)). */
const PARTIAL_WORDS = 12;

export function createZerocheckKernels(ctx: ZerocheckContext): Pick<Backend, 'zerocheckSums'> {
  const { device } = ctx;
  const perInvocation = termsPerInvocation(device);
  return {
    async zerocheckSums(a, b, c, eq) {
      ctx.live();
      const pairs = zerocheckShape(a, b, c, eq);
      const groups = Math.max(1, Math.min(Math.ceil(pairs / (perInvocation * WORKGROUP_SIZE)), MAX_ROUND_GROUPS, ctx.maxPerDimension ** 2));
      const [x, y] = dispatchGrid(groups * WORKGROUP_SIZE, ctx.maxPerDimension);
      const threads = x * y * WORKGROUP_SIZE;
      const bytes = 4 * PARTIAL_WORDS * x * y;
      const partials = await scratchBuffer(device, 'zerocheck partial sums', bytes);
      try {
        const rec = ctx.record('zerocheckSums');
        rec.dispatch('zerocheckSums', threads, [...[a, b, c, eq].map((buf) => gpuBuffer(device, buf)), partials], [pairs, threads]);
        rec.read(partials, 0, bytes);
        const [words] = await rec.submit();
        const sums = new Uint32Array(PARTIAL_WORDS);
        for (let i = 0; i < words.length; i++) sums[i % PARTIAL_WORDS] ^= words[i];
        return sums;
      } finally {
        partials.destroy();
      }
    },
  };
}
