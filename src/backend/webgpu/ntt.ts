// The additive NTT on the device (shaders/ntt.wgsl) over interleaved K lanes, in place: the
// forward transform that encodes (level 0's blocks, the deeper levels' E lanes as three K lanes
// each) and its transpose that builds a WHIR level's query weights. One twiddle table per
// transform size serves both (src/ntt/twiddles.ts, twiddleRows), made on the device on first
// use from each layer's basis twiddles (subset_sums.wgsl): L(L−1) words sent for 2^(L+1).
import { normalizedRow } from '../../ntt/subspace';
import { checkLogSize } from '../../ntt/twiddles';
import { scratchBuffer } from './buffer';
import { subsetParams } from './subset-sums';
import type { KernelName } from './kernels';
import type { DeviceLink } from './link';
import type { Recording } from './recording';

const RADIX: Record<number, KernelName> = { 1: 'nttRadix2', 2: 'nttRadix4', 3: 'nttRadix8', 4: 'nttRadix16' };

/**
 * Layers per NTT pass at most when the backend is not told: radix-16 groups (16 K words
 * in registers) halve the sweeps over the codeword against radix-4, which is what a GPU
 * spends its time on; on a CPU-backed adapter the K products dominate and radix-4 groups
 * measured fastest (lavapipe, 2^22 words: 9.2 against 11.2 ns per lane-butterfly).
 */
export function defaultGroupLayers(device: GPUDevice): number {
  return device.adapterInfo?.isFallbackAdapter ? 2 : 4;
}

/**
 * The NTT's passes for layers ν .. L−1: whole groups of groupLayers layers, the
 * leftover ones first (they have the largest blocks, hence the fewest distinct twiddles).
 */
export function nttPasses(logMsg: number, logSize: number, groupLayers: number): { layer: number; layers: number }[] {
  const passes: { layer: number; layers: number }[] = [];
  let layer = logSize - logMsg;
  const leftover = logMsg % groupLayers;
  if (leftover > 0) {
    passes.push({ layer, layers: leftover });
    layer += leftover;
  }
  for (; layer < logSize; layer += groupLayers) passes.push({ layer, layers: groupLayers });
  return passes;
}

export class NttKernels {
  private readonly twiddles = new Map<number, Promise<GPUBuffer>>();

  /** groupLayers: layers per forward pass at most, 1 to 4 (radix-2 to radix-16 groups). */
  constructor(
    private readonly link: DeviceLink,
    private readonly record: (what: string) => Recording,
    private readonly groupLayers: number,
  ) {}

  private table(logSize: number): Promise<GPUBuffer> {
    let t = this.twiddles.get(logSize);
    if (!t) {
      t = this.build(logSize);
      this.twiddles.set(logSize, t);
    }
    return t;
  }

  /** twiddleRows(L) on the device: layer ℓ's block b sums the twiddles Ŵ_d(e_{d+1+j}) of b's
   * set bits j (d = L−1−ℓ), words 2..2ℓ+2 of normalizedRow(d). */
  private async build(logSize: number): Promise<GPUBuffer> {
    checkLogSize(logSize);
    const basis = new Uint32Array(Math.max(1, logSize * (logSize - 1)));
    const at: number[] = [];
    for (let layer = 0, w = 0; layer < logSize; w += 2 * layer, layer++) {
      at.push(w);
      basis.set(normalizedRow(logSize - 1 - layer).subarray(2, 2 + 2 * layer), w);
    }
    const bases = await scratchBuffer(this.link, `the basis twiddles of 2^${logSize} points`, basis);
    try {
      const table = await scratchBuffer(this.link, `the twiddles of 2^${logSize} points`, 8 * (2 ** logSize - 1));
      const rec = this.record('twiddles');
      for (let layer = 0; layer < logSize; layer++) {
        rec.dispatch('subsetSums', 2 ** layer, [bases, table], subsetParams({ count: 2 ** layer, bits: layer, width: 2, first: at[layer] / 2, outAt: 2 * (2 ** layer - 1) }));
      }
      await rec.submit();
      return table;
    } finally {
      bases.destroy();
    }
  }

  /** Records layers L−κ .. L−1 on `data`: `lanes` K lanes of 2^L positions holding a message
   * of 2^κ positions tiled 2^(L−κ) times (κ = logMsg, L = logSize). */
  async forward(rec: Recording, data: GPUBuffer, lanes: number, logMsg: number, logSize: number): Promise<void> {
    if (logMsg === 0) return;
    const table = await this.table(logSize);
    for (const { layer, layers } of nttPasses(logMsg, logSize, this.groupLayers)) {
      const count = lanes * 2 ** (logSize - layers);
      rec.dispatch(RADIX[layers], count, [data, table], [count, lanes, layer, logSize - layer - layers]);
    }
  }

  /** Records the transposes of layers L−1 down to `last` on `data` (lanes K lanes of 2^L positions). */
  async transposed(rec: Recording, data: GPUBuffer, lanes: number, last: number, logSize: number): Promise<void> {
    if (last >= logSize) return;
    const table = await this.table(logSize);
    const count = lanes * 2 ** (logSize - 1);
    for (let layer = logSize - 1; layer >= last; layer--) {
      rec.dispatch('nttRadix2Transposed', count, [data, table], [count, lanes, layer, logSize - layer - 1]);
    }
  }
}
