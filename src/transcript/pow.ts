// Grinding (proof of work), docs/protocol.md §3.2: a nonce n passes `bits` when word 0 of
// C(base, (n.c0, n.c1, n.c2, POW_NONCE)) has its low `bits` bits zero.
import { compressBlockInto } from '../hash/blake2s';
import { TAG_POW_NONCE } from './tags';

const TWO_32 = 0x100000000;

// The block base ‖ (nonce, POW_NONCE) and its digest, reused by every check.
const BLOCK = new Uint32Array(16);
const DIGEST = new Uint32Array(8);

export function checkBits(bits: number): void {
  if (!Number.isInteger(bits) || bits < 0 || bits > 63) {
    throw new RangeError(`grinding bits must be an integer in [0, 63], got ${bits}`);
  }
}

/** Low and high u32 masks of the low `bits` bits of a u64 digest word. */
export function powMasks(bits: number): [number, number] {
  if (bits >= 32) return [0xffffffff, bits === 32 ? 0 : 2 ** (bits - 32) - 1];
  return [2 ** bits - 1, 0];
}

function loadBlock(base: Uint32Array, nonce: Uint32Array, nonceOffset: number): void {
  BLOCK.set(base.subarray(0, 8), 0);
  for (let i = 0; i < 6; i++) BLOCK[8 + i] = nonce[nonceOffset + i];
  BLOCK[14] = TAG_POW_NONCE;
  BLOCK[15] = 0;
}

/** Whether the E nonce at nonce[nonceOffset..+6] clears `bits` against the 8-word `base`. */
export function powOk(base: Uint32Array, nonce: Uint32Array, bits: number, nonceOffset = 0): boolean {
  checkBits(bits);
  const [lo, hi] = powMasks(bits);
  loadBlock(base, nonce, nonceOffset);
  compressBlockInto(DIGEST, 0, BLOCK, 0);
  return (DIGEST[0] & lo) === 0 && (DIGEST[1] & hi) === 0;
}

/** The smallest low word lo in [from, to) whose nonce (lo, hi) clears `bits` against `base`, or −1. */
export function firstPassing(base: Uint32Array, bits: number, hi: number, from: number, to: number): number {
  checkBits(bits);
  const [maskLo, maskHi] = powMasks(bits);
  loadBlock(base, new Uint32Array(6), 0);
  BLOCK[9] = hi;
  for (let lo = from; lo < to; lo++) {
    BLOCK[8] = lo;
    compressBlockInto(DIGEST, 0, BLOCK, 0);
    if ((DIGEST[0] & maskLo) === 0 && (DIGEST[1] & maskHi) === 0) return lo;
  }
  return -1;
}

/**
 * The smallest passing nonce, as [lo, hi], by rounds of `round` consecutive nonces (the low
 * words run over 2^32 for each high word in turn): `tryRound(hi, lo, count)` answers the
 * smallest passing low word in [lo, lo + count), or −1. The first round with a pass holds the
 * smallest nonce, so any search by rounds finds smallestNonce's.
 */
export async function searchByRounds(bits: number, round: number, tryRound: (hi: number, lo: number, count: number) => Promise<number>): Promise<[number, number]> {
  checkBits(bits);
  for (let hi = 0; hi < TWO_32; hi++) {
    for (let lo = 0; lo < TWO_32; lo += round) {
      const found = await tryRound(hi, lo, Math.min(round, TWO_32 - lo));
      if (found >= 0) return [found, hi];
    }
  }
  throw new RangeError(`no u64 nonce clears ${bits} grinding bits`);
}

/**
 * The smallest u64 n such that E(n, 0, 0) clears `bits` against `base`, as [lo, hi] u32.
 * The outer loop over the high word is there for completeness only: the chance that none
 * of the 2^32 low-word nonces passes is (1 − 2^-bits)^(2^32) ≈ exp(−2^(32−bits)), which is
 * exp(−32768) for the protocol's 17 bits, so in practice the first low-word sweep ends it.
 */
export function smallestNonce(base: Uint32Array, bits: number): [number, number] {
  for (let hi = 0; hi < TWO_32; hi++) {
    const lo = firstPassing(base, bits, hi, 0, TWO_32);
    if (lo >= 0) return [lo, hi];
  }
  throw new Error(`no u64 nonce clears ${bits} grinding bits`);
}
