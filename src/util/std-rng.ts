// The generator behind the reference test inputs (docs/protocol.md §10.2): rand 0.9's
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

  // One ChaCha12 block into `block`, then the counter steps. The state lives in int32
  // locals (no array traffic inside the rounds): about four times faster than quarter
  // rounds over a Uint32Array, which matters to XMSS signing, whose grinding draws
  // 24 words per attempt.
  private refill(): void {
    const s = this.input;
    const s0 = s[0] | 0, s1 = s[1] | 0, s2 = s[2] | 0, s3 = s[3] | 0, s4 = s[4] | 0, s5 = s[5] | 0, s6 = s[6] | 0, s7 = s[7] | 0;
    const s8 = s[8] | 0, s9 = s[9] | 0, s10 = s[10] | 0, s11 = s[11] | 0, s12 = s[12] | 0, s13 = s[13] | 0, s14 = s[14] | 0, s15 = s[15] | 0;
    let x0 = s0, x1 = s1, x2 = s2, x3 = s3, x4 = s4, x5 = s5, x6 = s6, x7 = s7;
    let x8 = s8, x9 = s9, x10 = s10, x11 = s11, x12 = s12, x13 = s13, x14 = s14, x15 = s15;
    for (let r = 0; r < DOUBLE_ROUNDS; r++) {
      // Columns QR(0,4,8,12) QR(1,5,9,13) QR(2,6,10,14) QR(3,7,11,15), each a = a+b; d ^= a; d <<<= 16; c += d; b ^= c; b <<<= 12; then 8 and 7.
      x0 = (x0 + x4) | 0; x12 ^= x0; x12 = (x12 << 16) | (x12 >>> 16); x8 = (x8 + x12) | 0; x4 ^= x8; x4 = (x4 << 12) | (x4 >>> 20);
      x0 = (x0 + x4) | 0; x12 ^= x0; x12 = (x12 << 8) | (x12 >>> 24); x8 = (x8 + x12) | 0; x4 ^= x8; x4 = (x4 << 7) | (x4 >>> 25);
      x1 = (x1 + x5) | 0; x13 ^= x1; x13 = (x13 << 16) | (x13 >>> 16); x9 = (x9 + x13) | 0; x5 ^= x9; x5 = (x5 << 12) | (x5 >>> 20);
      x1 = (x1 + x5) | 0; x13 ^= x1; x13 = (x13 << 8) | (x13 >>> 24); x9 = (x9 + x13) | 0; x5 ^= x9; x5 = (x5 << 7) | (x5 >>> 25);
      x2 = (x2 + x6) | 0; x14 ^= x2; x14 = (x14 << 16) | (x14 >>> 16); x10 = (x10 + x14) | 0; x6 ^= x10; x6 = (x6 << 12) | (x6 >>> 20);
      x2 = (x2 + x6) | 0; x14 ^= x2; x14 = (x14 << 8) | (x14 >>> 24); x10 = (x10 + x14) | 0; x6 ^= x10; x6 = (x6 << 7) | (x6 >>> 25);
      x3 = (x3 + x7) | 0; x15 ^= x3; x15 = (x15 << 16) | (x15 >>> 16); x11 = (x11 + x15) | 0; x7 ^= x11; x7 = (x7 << 12) | (x7 >>> 20);
      x3 = (x3 + x7) | 0; x15 ^= x3; x15 = (x15 << 8) | (x15 >>> 24); x11 = (x11 + x15) | 0; x7 ^= x11; x7 = (x7 << 7) | (x7 >>> 25);
      // Diagonals QR(0,5,10,15) QR(1,6,11,12) QR(2,7,8,13) QR(3,4,9,14).
      x0 = (x0 + x5) | 0; x15 ^= x0; x15 = (x15 << 16) | (x15 >>> 16); x10 = (x10 + x15) | 0; x5 ^= x10; x5 = (x5 << 12) | (x5 >>> 20);
      x0 = (x0 + x5) | 0; x15 ^= x0; x15 = (x15 << 8) | (x15 >>> 24); x10 = (x10 + x15) | 0; x5 ^= x10; x5 = (x5 << 7) | (x5 >>> 25);
      x1 = (x1 + x6) | 0; x12 ^= x1; x12 = (x12 << 16) | (x12 >>> 16); x11 = (x11 + x12) | 0; x6 ^= x11; x6 = (x6 << 12) | (x6 >>> 20);
      x1 = (x1 + x6) | 0; x12 ^= x1; x12 = (x12 << 8) | (x12 >>> 24); x11 = (x11 + x12) | 0; x6 ^= x11; x6 = (x6 << 7) | (x6 >>> 25);
      x2 = (x2 + x7) | 0; x13 ^= x2; x13 = (x13 << 16) | (x13 >>> 16); x8 = (x8 + x13) | 0; x7 ^= x8; x7 = (x7 << 12) | (x7 >>> 20);
      x2 = (x2 + x7) | 0; x13 ^= x2; x13 = (x13 << 8) | (x13 >>> 24); x8 = (x8 + x13) | 0; x7 ^= x8; x7 = (x7 << 7) | (x7 >>> 25);
      x3 = (x3 + x4) | 0; x14 ^= x3; x14 = (x14 << 16) | (x14 >>> 16); x9 = (x9 + x14) | 0; x4 ^= x9; x4 = (x4 << 12) | (x4 >>> 20);
      x3 = (x3 + x4) | 0; x14 ^= x3; x14 = (x14 << 8) | (x14 >>> 24); x9 = (x9 + x14) | 0; x4 ^= x9; x4 = (x4 << 7) | (x4 >>> 25);
    }
    const b = this.block;
    b[0] = x0 + s0; b[1] = x1 + s1; b[2] = x2 + s2; b[3] = x3 + s3; b[4] = x4 + s4; b[5] = x5 + s5; b[6] = x6 + s6; b[7] = x7 + s7;
    b[8] = x8 + s8; b[9] = x9 + s9; b[10] = x10 + s10; b[11] = x11 + s11; b[12] = x12 + s12; b[13] = x13 + s13; b[14] = x14 + s14; b[15] = x15 + s15;
    // Advance the 64-bit block counter.
    s[12] = (s[12] + 1) >>> 0;
    if (s[12] === 0) s[13] = (s[13] + 1) >>> 0;
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
