// The hash-batch statement's reference inputs (docs/protocol.md §10.2): n one-block messages drawn
// exactly as the reference test draws them, so our proofs can be compared with its vectors.
// A u64 seed is carried as (lo, hi) u32 words.
import { StdRng } from '../../util/std-rng';

// 0x9E3779B97F4A7C15, which the reference test XORs with n
const SEED_LO = 0x7f4a7c15, SEED_HI = 0x9e3779b9;

export interface Seed {
  readonly lo: number;
  readonly hi: number;
}

/** The reference test's seed for n messages: 0x9E3779B97F4A7C15 ^ n. */
export function referenceSeed(n: number): Seed {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`referenceSeed: n must be a positive integer, got ${n}`);
  const nLo = n % 0x100000000, nHi = Math.floor(n / 0x100000000);
  return { lo: (SEED_LO ^ nLo) >>> 0, hi: (SEED_HI ^ nHi) >>> 0 };
}

/** n messages, n × 16 u32 words: 16 successive next_u32 of StdRng::seed_from_u64(seed) per message. */
export function seededMessages(n: number, seed: Seed): Uint32Array {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`seededMessages: n must be a positive integer, got ${n}`);
  return StdRng.seedFromU64(seed.lo, seed.hi).fill(new Uint32Array(16 * n));
}

/** The reference test's n messages. */
export function referenceMessages(n: number): Uint32Array {
  return seededMessages(n, referenceSeed(n));
}
