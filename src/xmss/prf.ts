// The key derivation PRF(seed, domain, a, b): the first 16 bytes of keyed BLAKE2s-256 (key =
// the 32-byte seed) of domain (u32 LE) ‖ a (u64 LE) ‖ b (u64 LE). Never on the verification
// path. The key block is compressed once per seed, so each value costs one compression.
import { compressInto, keyedState, LAST_BLOCK } from '../hash/blake2s';
import { DIGEST_WORDS } from './params';

/** chain i's start (secret value 0) at epoch e: PRF(seed, 1000, e, i). */
export const PRF_CHAIN_START = 1000;
/** the public parameter P: PRF(seed, 1001, 0, 0). */
export const PRF_PUBLIC_PARAM = 1001;
/** the filler for the tree node at (level, index), outside the key's epoch range: PRF(seed, 1002, level, index). */
export const PRF_FILLER = 1002;

const TWO_32 = 2 ** 32;

export class SeedPrf {
  private readonly state: Uint32Array;
  private readonly block = new Uint32Array(16);
  private readonly out = new Uint32Array(8);

  constructor(seed: Uint8Array) {
    this.state = keyedState(seed);
  }

  /** PRF(seed, domain, a, b) into dst[dstOffset..+4]; a, b are integers below 2^53. */
  into(domain: number, a: number, b: number, dst: Uint32Array, dstOffset: number): void {
    const m = this.block;
    m[0] = domain;
    m[1] = a % TWO_32; m[2] = Math.floor(a / TWO_32);
    m[3] = b % TWO_32; m[4] = Math.floor(b / TWO_32);
    compressInto(this.out, 0, this.state, 0, m, 0, 84, 0, LAST_BLOCK);
    for (let i = 0; i < DIGEST_WORDS; i++) dst[dstOffset + i] = this.out[i];
  }
}
