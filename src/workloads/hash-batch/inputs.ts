// The hash-batch statement's reference inputs (PROTOCOL.md §10.2): n one-block messages drawn
// exactly as the reference test draws them, so our proofs can be compared with its vectors.
import { StdRng } from './std-rng';

// seed = 0x9E3779B97F4A7C15 ^ n
const SEED_LO = 0x7f4a7c15, SEED_HI = 0x9e3779b9;

/** The reference test's n messages, n × 16 u32 words (16 successive next_u32 per message). */
export function referenceMessages(n: number): Uint32Array {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`referenceMessages: n must be a positive integer, got ${n}`);
  const nLo = n % 0x100000000, nHi = Math.floor(n / 0x100000000);
  const rng = StdRng.seedFromU64((SEED_LO ^ nLo) >>> 0, (SEED_HI ^ nHi) >>> 0);
  return rng.fill(new Uint32Array(16 * n));
}
