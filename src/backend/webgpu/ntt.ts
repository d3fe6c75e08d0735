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
import type { KernelContext } from './context';
import type { DeviceLink } from './link';
import type { Recording } from './recording';
import type { Store } from './store';
import { runs, windowAround, windowOf, windowUnits, type Windows } from './window';

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

/** The split radix-2 layers of a transform whose blocks outgrow a window: layer ℓ's pairs lie
 * lanes · 2^(L−1−ℓ) words apart, so its blocks (twice that) fit a window of `words` words
 * from the first layer ℓ with lanes · 2^(L−ℓ) ≤ words. */
function firstWindowedLayer(lanes: number, logSize: number, words: number): number {
  let layer = 0;
  while (layer < logSize && lanes * 2 ** (logSize - layer) > words) layer++;
  return layer;
}

export class NttKernels {
  /** groupLayers: layers per forward pass at most, 1 to 4 (radix-2 to radix-16 groups). */
  constructor(
    private readonly link: DeviceLink,
    private readonly record: (what: string) => Recording,
    private readonly once: KernelContext['once'],
    private readonly groupLayers: number,
    private readonly windows: Windows,
  ) {}

  /** The twiddles of 2^logSize points, made once for the device. */
  private table(logSize: number): Promise<Store> {
    return this.once(`twiddles ${logSize}`, () => this.build(logSize));
  }

  /** twiddleRows(L) on the device: layer ℓ's block b sums the twiddles Ŵ_d(e_{d+1+j}) of b's
   * set bits j (d = L−1−ℓ), words 2..2ℓ+2 of normalizedRow(d); a layer longer than a window
   * in windows of it. */
  private async build(logSize: number): Promise<Store> {
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
      try {
        // A layer's entries start anywhere: a window holds one alignment fewer.
        const per = (this.windows.bytes - this.windows.align) / 8;
        const rec = this.record('twiddles');
        for (let layer = 0; layer < logSize; layer++) {
          for (const [first, count] of runs(2 ** layer, per)) {
            const { binding, skip } = windowAround(this.windows, table, 8 * (2 ** layer - 1 + first), 8 * count);
            rec.dispatch('subsetSums', count, [bases, binding], subsetParams({ count, bits: layer, width: 2, first: at[layer] / 2, outAt: skip / 4, atEntry: first }));
          }
        }
        await rec.submit();
        return table;
      } catch (e) {
        table.destroy();
        throw e;
      }
    } finally {
      bases.destroy();
    }
  }

  /** Records layer `layer` of 2^L positions as split pairs (ntt_radix2_split): per block, the
   * windows of its lower half with those of its upper half. */
  private split(rec: Recording, data: Store, table: Store, lanes: number, layer: number, logSize: number, transposed: boolean): void {
    const half = lanes * 2 ** (logSize - 1 - layer);
    const per = Math.min(half, windowUnits(this.windows, 8));
    for (let blk = 0; blk < 2 ** layer; blk++) {
      const tw = windowAround(this.windows, table, 8 * (2 ** layer - 1 + blk), 8);
      for (const [first, count] of runs(half, per)) {
        const lo = 8 * (2 * blk * half + first);
        rec.dispatch('nttRadix2Split', count, [tw.binding, windowOf(data, lo, 8 * count), windowOf(data, lo + 8 * half, 8 * count)], [count, tw.skip / 8, transposed ? 1 : 0]);
      }
    }
  }

  /** Records one pass of `layers` layers from `layer` over `data` in windows of whole blocks. */
  private pass(rec: Recording, data: Store, table: Store, lanes: number, layer: number, layers: number, logSize: number, name: KernelName): void {
    const span = lanes * 2 ** (logSize - layer);
    const blocks = 2 ** layer;
    const whole = data.size <= this.windows.bytes;
    const perChunk = whole ? blocks : Math.min(blocks, windowUnits(this.windows, 8 * span));
    const tableFits = table.size <= this.windows.bytes;
    for (const [b0, nb] of runs(blocks, perChunk)) {
      const count = nb * lanes * 2 ** (logSize - layer - layers);
      // One layer's twiddles for these blocks, or the whole table when it fits a binding.
      const tw = tableFits ? { binding: table, skip: 0 } : windowAround(this.windows, table, 8 * (2 ** layer - 1 + b0), 8 * nb);
      const twBase = tableFits ? 0 : 2 ** layer - 1 + b0 - tw.skip / 8;
      const window = whole ? data : windowOf(data, 8 * span * b0, 8 * span * nb);
      rec.dispatch(name, count, [window, tw.binding], [count, lanes, layer, logSize - layer - layers, b0, twBase]);
    }
  }

  /** Records layers L−κ .. L−1 on `data`: `lanes` K lanes of 2^L positions holding a message
   * of 2^κ positions tiled 2^(L−κ) times (κ = logMsg, L = logSize). */
  async forward(rec: Recording, data: Store, lanes: number, logMsg: number, logSize: number): Promise<void> {
    if (logMsg === 0) return;
    const table = await this.table(logSize);
    let layer = logSize - logMsg;
    for (const end = Math.min(logSize, firstWindowedLayer(lanes, logSize, this.windows.bytes / 8)); layer < end; layer++) {
      this.split(rec, data, table, lanes, layer, logSize, false);
    }
    // Radix-2^r passes read r layers' twiddles of their blocks: the whole table, else one layer.
    const groupLayers = table.size <= this.windows.bytes ? this.groupLayers : 1;
    for (const pass of nttPasses(logSize - layer, logSize, groupLayers)) {
      this.pass(rec, data, table, lanes, pass.layer, pass.layers, logSize, RADIX[pass.layers]);
    }
  }

  /** Records the transposes of layers L−1 down to `last` on `data` (lanes K lanes of 2^L positions). */
  async transposed(rec: Recording, data: Store, lanes: number, last: number, logSize: number): Promise<void> {
    if (last >= logSize) return;
    const table = await this.table(logSize);
    const windowed = firstWindowedLayer(lanes, logSize, this.windows.bytes / 8);
    for (let layer = logSize - 1; layer >= last; layer--) {
      if (layer < windowed) this.split(rec, data, table, lanes, layer, logSize, true);
      else this.pass(rec, data, table, lanes, layer, 1, logSize, 'nttRadix2Transposed');
    }
  }
}
