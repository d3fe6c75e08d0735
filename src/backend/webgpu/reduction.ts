// The round-sum reductions (round_sums.wgsl, zerocheck.wgsl and the VM kernels through
// lib/partials.wgsl): whole workgroups each striding over the terms by all the dispatched
// invocations, one partial of a few E sums per workgroup, which partial_sums.wgsl adds on the
// device.
import { scratchBuffer } from './buffer';
import { dispatchGrid } from './grid';
import { WORKGROUP_SIZE, type KernelName } from './kernels';
import type { KernelContext } from './context';
import type { Binding, Recording } from './recording';
import type { Store } from './store';
import { windowOf } from './window';

/** Workgroups of a reduction at most: enough to fill a GPU, few partials to read. */
const MAX_GROUPS = 1024;

/** E sums of one workgroup's partial unless a reduction says otherwise. */
const PARTIAL_SUMS = 2;

/**
 * Terms each invocation of a reduction sums at least before its workgroup folds the sums. A
 * GPU wants many invocations; on a CPU-backed adapter the fold (barriers and workgroup
 * memory) costs many terms' products (lavapipe, 2^18 E terms: 169 ms at one term an
 * invocation, 36 ms at 64).
 */
function termsPerInvocation(device: GPUDevice): number {
  return device.adapterInfo?.isFallbackAdapter ? 64 : 8;
}

export type ReductionContext = Pick<KernelContext, 'device' | 'link' | 'record' | 'maxPerDimension' | 'windows'>;

/** One dispatch of a reduction: over operands whole, or over one run of their windows. */
export interface ReductionPart {
  terms: number;
  /** Bound before the partials, which come last. */
  inputs: Binding[];
  /** Uniform parameters before the dispatched invocation count, which comes last. */
  params: number[];
  /** Work recorded just before its dispatch and just after (copies into and out of scratch
   * buffers that the parts share: vm-gather.ts). */
  before?: (rec: Recording) => void;
  after?: (rec: Recording) => void;
}

export interface Reduction {
  /** The recording's name. */
  what: string;
  /** The partials buffer, as errors name it. */
  partialsLabel: string;
  kernel: KernelName;
  /** Its dispatches, whose sums add up (one unless its operands are in windows). */
  parts: ReductionPart[];
  /** E sums of the result (default 2). */
  sums?: number;
}

/**
 * Records each reduction kernel and the sum of its workgroups' partials on `rec` (a new
 * recording when absent, after any work already on it), submits them together, and returns
 * each one's E sums (12 words for two): 24 bytes a sum read back, one wait for them all.
 */
export async function reduceAll(ctx: ReductionContext, rs: readonly Reduction[], rec: Recording = ctx.record(rs[0].what)): Promise<Uint32Array[]> {
  const scratch: Store[] = [];
  try {
    for (const r of rs) {
      const words = 6 * (r.sums ?? PARTIAL_SUMS);
      const total = await scratchBuffer(ctx.link, `${r.partialsLabel}, added`, 4 * words);
      scratch.push(total);
      // One partials buffer serves the parts in turn: each part's sum adds into the total.
      const shapes = r.parts.map((part) => {
        const wanted = Math.ceil(part.terms / (termsPerInvocation(ctx.device) * WORKGROUP_SIZE));
        const groups = Math.max(1, Math.min(wanted, MAX_GROUPS, ctx.maxPerDimension ** 2, Math.floor(ctx.windows.bytes / (4 * words))));
        const [x, y] = dispatchGrid(groups * WORKGROUP_SIZE, ctx.maxPerDimension);
        return { part, x, y };
      });
      const partials = await scratchBuffer(ctx.link, r.partialsLabel, 4 * words * Math.max(...shapes.map(({ x, y }) => x * y)));
      scratch.push(partials);
      for (const { part, x, y } of shapes) {
        const threads = x * y * WORKGROUP_SIZE;
        part.before?.(rec);
        rec.dispatch(r.kernel, threads, [...part.inputs, windowOf(partials, 0, 4 * words * x * y)], [...part.params, threads]);
        part.after?.(rec);
        rec.dispatch('sumPartials', WORKGROUP_SIZE, [partials, total], [x * y, words]);
      }
      rec.read(total, 0, 4 * words);
    }
    return await rec.submit();
  } finally {
    for (const b of scratch) b.destroy();
  }
}

/** reduceAll of one reduction: its E sums. */
export async function reduce(ctx: ReductionContext, r: Reduction, rec?: Recording): Promise<Uint32Array> {
  return (await reduceAll(ctx, [r], rec))[0];
}
