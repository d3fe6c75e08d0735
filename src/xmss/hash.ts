// The tweakable hash Th(P, tweak, M) = the first 16 bytes of BLAKE2s-256(tweak ‖ P ‖ M), on LE
// u32 words: a 16-byte tweak [type (1) | sub (u32) | index (u32) | 7 zero bytes], the 16-byte
// public parameter P, then the payload. Compressions per call: a chain step (48 bytes) 1, a
// Merkle node (64 bytes) 1, the encoding digest (96 bytes) 2, a leaf (704 bytes) 11.
import { blake2sWordsInto, compressInto, LAST_BLOCK, PARAM_IV } from '../hash/blake2s';
import { DIGEST_WORDS, MESSAGE_WORDS, RANDOMNESS_WORDS, TIPS_WORDS } from './params';

export const TWEAK_CHAIN = 0;
export const TWEAK_LEAF = 1;
export const TWEAK_MERKLE = 2;
export const TWEAK_ENCODING = 3;

/** The tweak (type, sub, index) as 4 LE words at out[offset..]; sub and index are u32. */
export function writeTweak(out: Uint32Array, offset: number, type: number, sub: number, index: number): void {
  out[offset] = type | (sub << 8);
  out[offset + 1] = (sub >>> 24) | (index << 8);
  out[offset + 2] = index >>> 24;
  out[offset + 3] = 0;
}

/** Every hash of one public parameter, with its own scratch blocks (allocation-free calls). */
export class TweakHasher {
  // [tweak 4][P 4][payload]: a chain step's payload is one value, zero-padded to the block.
  private readonly chainBlock = new Uint32Array(16);
  private readonly nodeBlock = new Uint32Array(16);
  private readonly encodingBlock = new Uint32Array(16);
  private readonly randomnessBlock = new Uint32Array(16);
  private readonly leafWords = new Uint32Array(8 + TIPS_WORDS);
  private readonly out = new Uint32Array(8);

  /** `publicParam`: P as 4 words. */
  constructor(publicParam: Uint32Array) {
    for (const block of [this.chainBlock, this.nodeBlock, this.encodingBlock, this.leafWords]) block.set(publicParam.subarray(0, 4), 4);
  }

  /** Walks chain `chain` at `epoch` from value `start` for `steps` steps, in place on the 4
   * words at v[offset..]; the step from value s to s + 1 has tweak (chain, 8·chain + s, epoch). */
  walk(v: Uint32Array, offset: number, epoch: number, chain: number, start: number, steps: number): void {
    if (steps === 0) return;
    const b = this.chainBlock, out = this.out;
    for (let i = 0; i < DIGEST_WORDS; i++) b[8 + i] = v[offset + i];
    for (let s = start; s < start + steps; s++) {
      writeTweak(b, 0, TWEAK_CHAIN, 8 * chain + s, epoch);
      compressInto(out, 0, PARAM_IV, 0, b, 0, 48, 0, LAST_BLOCK);
      b[8] = out[0]; b[9] = out[1]; b[10] = out[2]; b[11] = out[3];
    }
    for (let i = 0; i < DIGEST_WORDS; i++) v[offset + i] = b[8 + i];
  }

  /** The leaf of `epoch`: Th(P, (1, 0, epoch), the 42 chain ends at ends[0..168]) into dst[dstOffset..+4]. */
  leaf(ends: Uint32Array, epoch: number, dst: Uint32Array, dstOffset: number): void {
    const w = this.leafWords;
    writeTweak(w, 0, TWEAK_LEAF, 0, epoch);
    w.set(ends.subarray(0, TIPS_WORDS), 8);
    blake2sWordsInto(this.out, 0, w);
    for (let i = 0; i < DIGEST_WORDS; i++) dst[dstOffset + i] = this.out[i];
  }

  /** The Merkle node at (level, index): Th(P, (2, level, index), left ‖ right) into dst[dstOffset..+4]. */
  node(
    level: number, index: number, left: Uint32Array, leftOffset: number, right: Uint32Array, rightOffset: number,
    dst: Uint32Array, dstOffset: number,
  ): void {
    const b = this.nodeBlock, out = this.out;
    writeTweak(b, 0, TWEAK_MERKLE, level, index);
    for (let i = 0; i < DIGEST_WORDS; i++) {
      b[8 + i] = left[leftOffset + i];
      b[12 + i] = right[rightOffset + i];
    }
    compressInto(out, 0, PARAM_IV, 0, b, 0, 64, 0, LAST_BLOCK);
    for (let i = 0; i < DIGEST_WORDS; i++) dst[dstOffset + i] = out[i];
  }

  /** The encoding digest's first block, (3, 0, epoch) ‖ P ‖ message (8 words), compressed
   * into state[0..8]: it does not depend on the randomness, so grinding compresses it once. */
  encodingPrefix(epoch: number, message: Uint32Array, state: Uint32Array): void {
    const b = this.encodingBlock;
    writeTweak(b, 0, TWEAK_ENCODING, 0, epoch);
    b.set(message.subarray(0, MESSAGE_WORDS), 8);
    compressInto(state, 0, PARAM_IV, 0, b, 0, 64, 0, 0);
  }

  /** D = Th(P, (3, 0, epoch), message ‖ randomness ‖ 8 zero bytes) into dst[0..4], from the
   * encodingPrefix state and the 6 randomness words at randomness[offset..]. */
  encodingDigest(state: Uint32Array, randomness: Uint32Array, offset: number, dst: Uint32Array): void {
    const b = this.randomnessBlock, out = this.out;
    for (let i = 0; i < RANDOMNESS_WORDS; i++) b[i] = randomness[offset + i];
    compressInto(out, 0, state, 0, b, 0, 96, 0, LAST_BLOCK);
    for (let i = 0; i < DIGEST_WORDS; i++) dst[i] = out[i];
  }
}
