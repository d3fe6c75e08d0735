// The generator behind the reference test inputs (PROTOCOL.md §10.2): rand 0.9's
// `StdRng::seed_from_u64`, i.e. a ChaCha12 keystream whose 32-byte key is eight PCG32
// outputs of the seed. A u64 is carried as (lo, hi) u32 words: no BigInt on this path.

const TWO_32 = 0x100000000;

/** High 32 bits of the 64-bit product of two u32, from 16-bit halves (each partial < 2^32). */
function mulHi32(a: number, b: number): number {
  const a0 = a & 0xffff, a1 = a >>> 16, b0 = b & 0xffff, b1 = b >>> 16;
  const p01 = a0 * b1, p10 = a1 * b0;
  const mid = ((a0 * b0) >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
  return (a1 * b1 + Math.floor(p01 / 0x10000) + Math.floor(p10 / 0x10000) + Math.floor(mid / 0x10000)) >>> 0;
}

// PCG32 as rand_core's seed_from_u64 runs it: state = state·MUL + INC (mod 2^64), then
// output rotr32(((state >> 18) ^ state) >> 27, state >> 59) from the new state.
const MUL_LO = 0x4c957f2d, MUL_HI = 0x5851f42d; // 6364136223846793005
const INC_LO = 0x6fbe17f3, INC_HI = 0xa17654e4; // 11634580027462260723

function pcg32Key(seedLo: number, seedHi: number): Uint32Array {
  const key = new Uint32Array(8);
  let lo = seedLo >>> 0, hi = seedHi >>> 0;
  for (let i = 0; i < 8; i++) {
    const pHi = (mulHi32(lo, MUL_LO) + Math.imul(lo, MUL_HI) + Math.imul(hi, MUL_LO)) >>> 0;
    const pLo = Math.imul(lo, MUL_LO) >>> 0;
    const sumLo = pLo + INC_LO;
    lo = sumLo >>> 0;
    hi = (pHi + INC_HI + (sumLo >= TWO_32 ? 1 : 0)) >>> 0;
    // (state >> 18) ^ state, then >> 27, keeping the low 32 bits: bits 27..58 of that XOR.
    const xLo = lo ^ ((lo >>> 18) | (hi << 14)), xHi = hi ^ (hi >>> 18);
    const xorshifted = ((xLo >>> 27) | (xHi << 5)) >>> 0;
    const rot = hi >>> 27;
    key[i] = ((xorshifted >>> rot) | (xorshifted << ((32 - rot) & 31))) >>> 0;
  }
  return key;
}

const SIGMA_WORDS = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]; // "expand 32-byte k"
const DOUBLE_ROUNDS = 6; // ChaCha12

/** rand 0.9 `StdRng` (ChaCha12, 64-bit block counter in words 12–13, stream 0 in 14–15). */
export class StdRng {
  private readonly input = new Uint32Array(16);
  private readonly block = new Uint32Array(16);
  private readonly x = new Uint32Array(16);
  private used = 16;

  private constructor(key: Uint32Array) {
    this.input.set(SIGMA_WORDS, 0);
    this.input.set(key, 4);
  }

  /** `StdRng::seed_from_u64(seed)` for seed = hi·2^32 + lo. */
  static seedFromU64(seedLo: number, seedHi: number): StdRng {
    return new StdRng(pcg32Key(seedLo, seedHi));
  }

  /** `StdRng::from_seed` with the 32-byte key given as 8 LE words. */
  static fromKey(key: Uint32Array): StdRng {
    if (key.length !== 8) throw new RangeError(`StdRng.fromKey: a key is 8 u32 words, got ${key.length}`);
    return new StdRng(key);
  }

  private refill(): void {
    const x = this.x;
    x.set(this.input);
    for (let r = 0; r < DOUBLE_ROUNDS; r++) {
      quarter(x, 0, 4, 8, 12); quarter(x, 1, 5, 9, 13); quarter(x, 2, 6, 10, 14); quarter(x, 3, 7, 11, 15);
      quarter(x, 0, 5, 10, 15); quarter(x, 1, 6, 11, 12); quarter(x, 2, 7, 8, 13); quarter(x, 3, 4, 9, 14);
    }
    for (let i = 0; i < 16; i++) this.block[i] = x[i] + this.input[i];
    // Advance the 64-bit block counter.
    this.input[12] = (this.input[12] + 1) >>> 0;
    if (this.input[12] === 0) this.input[13] = (this.input[13] + 1) >>> 0;
    this.used = 0;
  }

  nextU32(): number {
    if (this.used === 16) this.refill();
    return this.block[this.used++];
  }

  /** Fills `out` with successive next_u32 words. */
  fill(out: Uint32Array): Uint32Array {
    for (let i = 0; i < out.length; i++) out[i] = this.nextU32();
    return out;
  }
}

function quarter(x: Uint32Array, a: number, b: number, c: number, d: number): void {
  let t: number;
  x[a] += x[b]; t = x[d] ^ x[a]; x[d] = (t << 16) | (t >>> 16);
  x[c] += x[d]; t = x[b] ^ x[c]; x[b] = (t << 12) | (t >>> 20);
  x[a] += x[b]; t = x[d] ^ x[a]; x[d] = (t << 8) | (t >>> 24);
  x[c] += x[d]; t = x[b] ^ x[c]; x[b] = (t << 7) | (t >>> 25);
}
