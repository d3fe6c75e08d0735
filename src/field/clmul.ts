// Carry-less 64×64 → 128-bit products and reduction modulo x^64 + x^4 + x^3 + x + 1,
// on signed 32-bit words (what JS bitwise operators produce, so V8 keeps them unboxed).
// Products are XOR-accumulated into a caller's Int32Array so that callers that sum many
// products (E multiplication, inner products) reduce once per sum: reduction is linear.

/** a·n for n < 16, three words each: a 64-bit value times a nibble has up to 67 bits. */
const TABLE = new Int32Array(48);

function put(n: number, w0: number, w1: number, w2: number): void {
  const j = 3 * n;
  TABLE[j] = w0;
  TABLE[j + 1] = w1;
  TABLE[j + 2] = w2;
}

/** acc[at..at+4) ^= a·b as a 128-bit polynomial; a = (a0, a1), b = (b0, b1) lo/hi words. */
export function clmulAcc(acc: Int32Array, at: number, a0: number, a1: number, b0: number, b1: number): void {
  // a·x, a·x^2, a·x^3 kept in locals; every table row is an XOR of at most four of them.
  const c0 = a0 << 1, c1 = (a1 << 1) | (a0 >>> 31), c2 = a1 >>> 31;
  const d0 = a0 << 2, d1 = (a1 << 2) | (a0 >>> 30), d2 = a1 >>> 30;
  const e0 = a0 << 3, e1 = (a1 << 3) | (a0 >>> 29), e2 = a1 >>> 29;
  put(1, a0, a1, 0);
  put(2, c0, c1, c2);
  put(3, a0 ^ c0, a1 ^ c1, c2);
  put(4, d0, d1, d2);
  put(5, a0 ^ d0, a1 ^ d1, d2);
  put(6, c0 ^ d0, c1 ^ d1, c2 ^ d2);
  put(7, a0 ^ c0 ^ d0, a1 ^ c1 ^ d1, c2 ^ d2);
  put(8, e0, e1, e2);
  put(9, a0 ^ e0, a1 ^ e1, e2);
  put(10, c0 ^ e0, c1 ^ e1, c2 ^ e2);
  put(11, a0 ^ c0 ^ e0, a1 ^ c1 ^ e1, c2 ^ e2);
  put(12, d0 ^ e0, d1 ^ e1, d2 ^ e2);
  put(13, a0 ^ d0 ^ e0, a1 ^ d1 ^ e1, d2 ^ e2);
  put(14, c0 ^ d0 ^ e0, c1 ^ d1 ^ e1, c2 ^ d2 ^ e2);
  put(15, a0 ^ c0 ^ d0 ^ e0, a1 ^ c1 ^ d1 ^ e1, c2 ^ d2 ^ e2);
  const t = TABLE;
  // Nibbles of b from the top; the high word's nibble lands one word up, so a single
  // 4-bit shift of the accumulator serves both halves of b.
  let r0 = 0;
  let r1 = 0;
  let r2 = 0;
  let r3 = 0;
  for (let s = 28; s >= 0; s -= 4) {
    r3 = (r3 << 4) | (r2 >>> 28);
    r2 = (r2 << 4) | (r1 >>> 28);
    r1 = (r1 << 4) | (r0 >>> 28);
    r0 <<= 4;
    let j = ((b0 >>> s) & 15) * 3;
    r0 ^= t[j];
    r1 ^= t[j + 1];
    r2 ^= t[j + 2];
    j = ((b1 >>> s) & 15) * 3;
    r1 ^= t[j];
    r2 ^= t[j + 1];
    r3 ^= t[j + 2];
  }
  acc[at] ^= r0;
  acc[at + 1] ^= r1;
  acc[at + 2] ^= r2;
  acc[at + 3] ^= r3;
}

/** Bit i of a byte moved to bit 2i: squaring over GF(2) interleaves zeros. */
const SPREAD = new Int32Array(256);
for (let v = 0; v < 256; v++) {
  let s = 0;
  for (let i = 0; i < 8; i++) s |= ((v >>> i) & 1) << (2 * i);
  SPREAD[v] = s;
}

/** acc[at..at+4) ^= a² as a 128-bit polynomial. */
export function csquareAcc(acc: Int32Array, at: number, a0: number, a1: number): void {
  const s = SPREAD;
  acc[at] ^= s[a0 & 255] | (s[(a0 >>> 8) & 255] << 16);
  acc[at + 1] ^= s[(a0 >>> 16) & 255] | (s[a0 >>> 24] << 16);
  acc[at + 2] ^= s[a1 & 255] | (s[(a1 >>> 8) & 255] << 16);
  acc[at + 3] ^= s[(a1 >>> 16) & 255] | (s[a1 >>> 24] << 16);
}

/** out[o..o+2) = (acc[at..at+4) mod P) as u32 words. */
export function reduceTo(out: Uint32Array, o: number, acc: Int32Array, at: number): void {
  const r2 = acc[at + 2];
  const r3 = acc[at + 3];
  // x^64 ≡ x^4 + x^3 + x + 1: fold the high word pair, then its ≤ 4-bit spill past x^63.
  const c = (r3 >>> 31) ^ (r3 >>> 29) ^ (r3 >>> 28);
  out[o] = acc[at] ^ r2 ^ (r2 << 1) ^ (r2 << 3) ^ (r2 << 4) ^ c ^ (c << 1) ^ (c << 3) ^ (c << 4);
  out[o + 1] =
    acc[at + 1] ^ r3 ^ ((r3 << 1) | (r2 >>> 31)) ^ ((r3 << 3) | (r2 >>> 29)) ^ ((r3 << 4) | (r2 >>> 28));
}
