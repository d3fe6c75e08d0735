// Lincheck's row weights (./row-weights.ts) for a prover with a backend: the 2^14 products
// on it in one mulE, where JavaScript would spend some 16,000 products by a constant (8–35 ms
// of a VM proof, the first ones cold); on a device, whose transfers would cost more, on the host.
import type { Backend, DeviceBuffer } from '../../backend/backend';
import type { E } from '../../field/e';
import { eqTableFast } from '../../kernels/flock/eq-table';
import { skipWeights } from '../../kernels/flock/skip-domain';
import { rowWeights } from './row-weights';
import { repeatBlock } from '../../util/repeat';

/**
 * rowWeights(z, χ_in)'s words, multiplied out on `backend` where it is its own host (cpu,
 * native): e[s + 64i] is the skip weight s times eq(χ_in, i), the same field element however
 * the product is formed, so the same bytes.
 */
export async function rowWeightsOn(backend: Backend, z: E, chiIn: Uint32Array): Promise<Uint32Array> {
  // A device's products would cost two 384 KiB uploads and a download: the host makes them.
  if (backend.host.backend !== backend) return rowWeights(z, chiIn);
  const weights = skipWeights(z), eq = eqTableFast(chiIn);
  const words = weights.length * (eq.length / 6);
  // The weights tiled once an eq value, and each eq value repeated once a weight.
  const tiled = new Uint32Array(words), spread = new Uint32Array(words);
  tiled.set(weights);
  repeatBlock(tiled, 0, weights.length, words);
  for (let i = 0, at = 0; i < eq.length; i += 6, at += weights.length) {
    spread.set(eq.subarray(i, i + 6), at);
    repeatBlock(spread, at, 6, at + weights.length);
  }
  const buffers: DeviceBuffer[] = [];
  try {
    for (const w of [tiled, spread]) buffers.push(await backend.upload('E', w));
    buffers.push(await backend.alloc('E', words / 6));
    const [a, b, out] = buffers;
    await backend.mulE(a, b, out);
    return await backend.download(out);
  } finally {
    for (const buf of buffers) backend.free(buf);
  }
}
