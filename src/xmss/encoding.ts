// The target-sum encoding: the 16-byte digest D, read as two LE 64-bit halves, holds 21
// three-bit digits in bits 0..62 of each half (digit i < 21 in half 0, digit 21 + r at bits
// 3r.. of half 1). D encodes iff bit 63 of both halves is zero and the 42 digits sum to 195;
// the signer grinds the randomness until it does (about 2^15 attempts on average).
import { DIGITS_PER_HALF, RANDOMNESS_WORDS, XMSS_CHAINS, XMSS_TARGET_SUM } from './params';
import type { TweakHasher } from './hash';

/** A source of u32 words: rand 0.9's StdRng, or any other generator. */
export interface RandomSource {
  nextU32(): number;
}

// Digits of one half (lo, hi words) into digits[first..first + 21]; returns their sum.
function halfDigits(lo: number, hi: number, digits: Uint8Array, first: number): number {
  let sum = 0;
  for (let r = 0; r < DIGITS_PER_HALF; r++) {
    const p = 3 * r;
    const d = p <= 29 ? (lo >>> p) & 7 : p >= 32 ? (hi >>> (p - 32)) & 7 : ((lo >>> p) | (hi << (32 - p))) & 7;
    digits[first + r] = d;
    sum += d;
  }
  return sum;
}

/** Writes D's 42 digits (D as 4 words) into `digits` and says whether they are a valid encoding. */
export function encodeDigest(d: Uint32Array, digits: Uint8Array): boolean {
  if ((d[1] >>> 31) !== 0 || (d[3] >>> 31) !== 0) return false;
  return halfDigits(d[0], d[1], digits, 0) + halfDigits(d[2], d[3], digits, DIGITS_PER_HALF) === XMSS_TARGET_SUM;
}

/** A valid encoding for (epoch, message) under `hasher`'s public parameter, and the randomness and draws it took. */
export interface Grind {
  /** 6 words: the 24 randomness bytes, LE. */
  randomness: Uint32Array;
  digits: Uint8Array;
  attempts: number;
}

/**
 * Draws randomness until the encoding is valid, as the reference signer does: each attempt
 * takes 24 successive u32 outputs of `rng` and keeps their low bytes (rand's `random::<[u8;
 * 24]>()`), so a seeded StdRng reproduces the reference's randomness and attempt count.
 * One compression per attempt: the message block's state is shared.
 */
export function grindEncoding(hasher: TweakHasher, epoch: number, message: Uint32Array, rng: RandomSource): Grind {
  const state = new Uint32Array(8);
  hasher.encodingPrefix(epoch, message, state);
  const randomness = new Uint32Array(RANDOMNESS_WORDS);
  const d = new Uint32Array(4);
  const digits = new Uint8Array(XMSS_CHAINS);
  for (let attempts = 1; ; attempts++) {
    for (let w = 0; w < RANDOMNESS_WORDS; w++) {
      let word = 0;
      for (let k = 0; k < 4; k++) word |= (rng.nextU32() & 0xff) << (8 * k);
      randomness[w] = word;
    }
    hasher.encodingDigest(state, randomness, 0, d);
    if (encodeDigest(d, digits)) return { randomness, digits, attempts };
  }
}
