// The host half of the round-sum reductions (round_sums.wgsl and zerocheck.wgsl through
// lib/partials.wgsl): whole workgroups each striding over the terms by all the dispatched
// invocations, one partial of two E sums per workgroup read back and XORed here.
import { scratchBuffer } from './buffer';
import { dispatchGrid } from './grid';
import { WORKGROUP_SIZE, type KernelName } from './kernels';
import type { Recording } from './recording';

/** Workgroups of a reduction at most: enough to fill a GPU, few partials to read. */
const MAX_GROUPS = 1024;

/** u32 words of one workgroup's partial: two E sums. */
const PARTIAL_WORDS = 12;

/**
 * Terms each invocation of a reduction sums at least before its workgroup folds the sums. A
 * GPU wants many invocations; on a CPU-backed adapter the fold (barriers and workgroup
 * memory) costs many terms' products (lavapipe, 2^18 E terms: 169 ms at one term an
 * invocation, 36 ms at 64).
 */
function termsPerInvocation(device: GPUDevice): number {
  return device.adapterInfo?.isFallbackAdapter ? 64 : 8;
}

export interface ReductionContext {
  device: GPUDevice;
  record(what: string): Recording;
  maxPerDimension: number;
}

export interface Reduction {
  /** The recording's name. */
  what: string;
  /** The partials buffer, as errors name it. */
  partialsLabel: string;
  kernel: KernelName;
  terms: number;
  /** Bound before the partials, which come last. */
  inputs: GPUBuffer[];
  /** Uniform parameters before the dispatched invocation count, which comes last. */
  params: number[];
}

/** Runs a reduction kernel and returns the XOR of its workgroups' partials (12 words). */
export async function reduce(ctx: ReductionContext, r: Reduction): Promise<Uint32Array> {
  const wanted = Math.ceil(r.terms / (termsPerInvocation(ctx.device) * WORKGROUP_SIZE));
  const groups = Math.max(1, Math.min(wanted, MAX_GROUPS, ctx.maxPerDimension ** 2));
  const [x, y] = dispatchGrid(groups * WORKGROUP_SIZE, ctx.maxPerDimension);
  const threads = x * y * WORKGROUP_SIZE;
  const bytes = 4 * PARTIAL_WORDS * x * y;
  const partials = await scratchBuffer(ctx.device, r.partialsLabel, bytes);
  try {
    const rec = ctx.record(r.what);
    rec.dispatch(r.kernel, threads, [...r.inputs, partials], [...r.params, threads]);
    rec.read(partials, 0, bytes);
    const [words] = await rec.submit();
    const sums = new Uint32Array(PARTIAL_WORDS);
    for (let i = 0; i < words.length; i++) sums[i % PARTIAL_WORDS] ^= words[i];
    return sums;
  } finally {
    partials.destroy();
  }
}
