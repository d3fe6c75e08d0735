// The twiddle walk's steps as the addon takes them: the transform code has one source of
// twiddles (src/ntt/twiddles.ts), and the C++ side walks the same table.
import { MAX_LOG_SIZE, twiddleDeltas } from '../../ntt/twiddles';

/** Row d holds Δ_d[0 .. 62−d] (2 words each), zero-padded to 63 K words. */
export function twiddleDeltaTable(): Uint32Array {
  const rowWords = 2 * MAX_LOG_SIZE;
  const table = new Uint32Array(MAX_LOG_SIZE * rowWords);
  for (let d = 0; d < MAX_LOG_SIZE; d++) table.set(twiddleDeltas(d), d * rowWords);
  return table;
}
