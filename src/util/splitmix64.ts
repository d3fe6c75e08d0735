// SplitMix64 on u32 pairs (no BigInt): the generator the reference vectors are drawn from
// (vectors/README.md), also used for reproducible random inputs in self-checks and benches.

/** (a · b) mod 2^64 for u64 values given as u32 halves; returns [lo, hi]. */
function mul64(aLo: number, aHi: number, bLo: number, bHi: number): [number, number] {
  // Full 32×32 product of the low halves from 16-bit pieces, then the cross terms mod 2^32.
  const a0 = aLo & 0xffff, a1 = aLo >>> 16, b0 = bLo & 0xffff, b1 = bLo >>> 16;
  const p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const mid = (p00 >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
  const lo = ((mid & 0xffff) << 16) | (p00 & 0xffff);
  const carry = p11 + (p01 >>> 16) + (p10 >>> 16) + (mid >>> 16);
  const hi = (carry + Math.imul(aLo, bHi) + Math.imul(aHi, bLo)) >>> 0;
  return [lo >>> 0, hi];
}

/** z ^ (z >> s) on a u64 held as [lo, hi], for 0 < s < 32. */
function xorShiftRight(lo: number, hi: number, s: number): [number, number] {
  return [(lo ^ ((lo >>> s) | (hi << (32 - s)))) >>> 0, (hi ^ (hi >>> s)) >>> 0];
}

export class SplitMix64 {
  private lo: number;
  private hi: number;

  /** Seed as a 16-digit hex string (u64), e.g. '0123456789abcdef', or a safe integer below 2^32. */
  constructor(seed: string | number) {
    if (typeof seed === 'number') {
      this.lo = seed >>> 0;
      this.hi = 0;
    } else {
      const h = seed.padStart(16, '0');
      this.hi = parseInt(h.slice(0, 8), 16) >>> 0;
      this.lo = parseInt(h.slice(8), 16) >>> 0;
    }
  }

  /** The next u64 as [lo, hi]. */
  next(): [number, number] {
    const lo = (this.lo + 0x7f4a7c15) >>> 0;
    this.hi = (this.hi + 0x9e3779b9 + (lo < this.lo ? 1 : 0)) >>> 0;
    this.lo = lo;
    let z = xorShiftRight(this.lo, this.hi, 30);
    z = mul64(z[0], z[1], 0x1ce4e5b9, 0xbf58476d);
    z = xorShiftRight(z[0], z[1], 27);
    z = mul64(z[0], z[1], 0x133111eb, 0x94d049bb);
    // z >> 31 crosses the word boundary differently: shift by 31 = hi into lo.
    return [(z[0] ^ ((z[0] >>> 31) | (z[1] << 1))) >>> 0, (z[1] ^ (z[1] >>> 31)) >>> 0];
  }

  /** `count` u64 draws as 2·count u32 words, low word first: a packed array of K elements. */
  words(count: number): Uint32Array {
    const out = new Uint32Array(2 * count);
    for (let i = 0; i < count; i++) {
      const [lo, hi] = this.next();
      out[2 * i] = lo;
      out[2 * i + 1] = hi;
    }
    return out;
  }
}
