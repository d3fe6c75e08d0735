// K = GF(2^64) = GF(2)[x] / (x^64 + x^4 + x^3 + x + 1). An element is two u32 words
// [lo, hi] (the little-endian u64 of the proof bytes and GPU buffers); bit i is the
// coefficient of x^i. Arrays of n elements are packed as 2n words.
import { batchInvert } from './batchinv';
import { clmulAcc, csquareAcc, reduceTo } from './clmul';
import { ShapeError } from '../util/errors';
import { checkExponent, exponentBits } from './exponent';

export type K = Uint32Array;

/** Words of the unreduced 128-bit product; module-level so the hot paths do not allocate. */
const ACC = new Int32Array(4);

export function kZero(): K {
  return new Uint32Array(2);
}

export function kOne(): K {
  return Uint32Array.of(1, 0);
}

/** The element with the given low and high 32-bit words. */
export function kFromWords(lo: number, hi: number): K {
  return Uint32Array.of(lo, hi);
}

export function kEq(a: K, b: K): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

export function kIsZero(a: K): boolean {
  return (a[0] | a[1]) === 0;
}

export function kAdd(a: K, b: K): K {
  return Uint32Array.of(a[0] ^ b[0], a[1] ^ b[1]);
}

/** out[o..o+2) = a[ai..ai+2) · b[bi..bi+2). Reads both inputs before writing, so out may alias them. */
export function kMulAt(out: Uint32Array, o: number, a: Uint32Array, ai: number, b: Uint32Array, bi: number): void {
  ACC[0] = ACC[1] = ACC[2] = ACC[3] = 0;
  clmulAcc(ACC, 0, a[ai] | 0, a[ai + 1] | 0, b[bi] | 0, b[bi + 1] | 0);
  reduceTo(out, o, ACC, 0);
}

/** out[o..o+2) = a[ai..ai+2)². */
export function kSquareAt(out: Uint32Array, o: number, a: Uint32Array, ai: number): void {
  ACC[0] = ACC[1] = ACC[2] = ACC[3] = 0;
  csquareAcc(ACC, 0, a[ai] | 0, a[ai + 1] | 0);
  reduceTo(out, o, ACC, 0);
}

export function kMul(a: K, b: K): K {
  const out = new Uint32Array(2);
  kMulAt(out, 0, a, 0, b, 0);
  return out;
}

export function kSquare(a: K): K {
  const out = new Uint32Array(2);
  kSquareAt(out, 0, a, 0);
  return out;
}

/** Element-wise products of two packed arrays of n elements (2n words each); out may alias a or b. */
export function kMulArrays(a: Uint32Array, b: Uint32Array, out: Uint32Array): void {
  if (a.length !== b.length || out.length !== a.length || (a.length & 1) !== 0) {
    throw new ShapeError(
      `kMulArrays: packed K arrays must have equal even word lengths (a ${a.length}, b ${b.length}, out ${out.length})`,
    );
  }
  for (let i = 0; i < a.length; i += 2) kMulAt(out, i, a, i, b, i);
}

/** a^(2^k): k squarings; k is taken mod 64 because a^(2^64) = a. */
export function kFrobPow(a: K, k: number): K {
  checkExponent(k, 'kFrobPow');
  const out = Uint32Array.of(a[0], a[1]);
  for (let i = k % 64; i > 0; i--) kSquareAt(out, 0, out, 0);
  return out;
}

/** a^e for a non-negative safe integer e (0^0 = 1). */
export function kPow(a: K, e: number): K {
  const out = kOne();
  for (const bit of exponentBits(e, 'kPow')) {
    kSquareAt(out, 0, out, 0);
    if (bit) kMulAt(out, 0, out, 0, a, 0);
  }
  return out;
}

/**
 * a^(2^64 - 2) = a^-1 (0 for a = 0), by Itoh–Tsujii: build a^(2^m - 1) for m = 63 along its
 * binary digits (m → 2m costs m squarings and a product, m → m+1 one squaring and a product).
 */
export function kInv(a: K): K {
  const beta = Uint32Array.of(a[0], a[1]); // a^(2^m - 1), m = 1
  const t = new Uint32Array(2);
  let m = 1;
  for (let bit = 4; bit >= 0; bit--) {
    t.set(beta);
    for (let i = 0; i < m; i++) kSquareAt(t, 0, t, 0);
    kMulAt(beta, 0, t, 0, beta, 0);
    m *= 2;
    if ((63 >>> bit) & 1) {
      kSquareAt(beta, 0, beta, 0);
      kMulAt(beta, 0, beta, 0, a, 0);
      m += 1;
    }
  }
  kSquareAt(beta, 0, beta, 0);
  return beta;
}

const K_OPS = { width: 2, one: kOne, mulAt: kMulAt, inv: kInv };

/** Inverses of a packed array (2n words) by Montgomery's trick; zeros map to zero. Returns out (fresh unless given; may be arr). */
export function kBatchInv(arr: Uint32Array, out: Uint32Array = new Uint32Array(arr.length)): Uint32Array {
  return batchInvert(K_OPS, arr, out, 'kBatchInv');
}

const HEX = /^(?:0x)?([0-9a-fA-F]{1,16})$/;

/** Parses up to 16 hex digits (optional 0x prefix), most significant first. */
export function kFromHex(hex: string): K {
  const m = HEX.exec(hex);
  if (m === null) throw new ShapeError(`kFromHex: expected 1 to 16 hex digits, got ${JSON.stringify(hex)}`);
  const digits = m[1].padStart(16, '0');
  return Uint32Array.of(parseInt(digits.slice(8), 16), parseInt(digits.slice(0, 8), 16));
}

/** 16 lowercase hex digits, most significant first, no prefix. */
export function kToHex(a: K): string {
  return a[1].toString(16).padStart(8, '0') + a[0].toString(16).padStart(8, '0');
}

/** The element stored as 8 little-endian bytes at bytes[offset..offset+8). */
export function kFromBytes(bytes: Uint8Array, offset = 0): K {
  if (!Number.isInteger(offset) || offset < 0 || offset + 8 > bytes.length) {
    throw new ShapeError(`kFromBytes: need 8 bytes at offset ${offset}, buffer has ${bytes.length}`);
  }
  const v = new DataView(bytes.buffer, bytes.byteOffset + offset, 8);
  return Uint32Array.of(v.getUint32(0, true), v.getUint32(4, true));
}

/** The 8 little-endian bytes of a. */
export function kToBytes(a: K): Uint8Array {
  const bytes = new Uint8Array(8);
  const v = new DataView(bytes.buffer);
  v.setUint32(0, a[0], true);
  v.setUint32(4, a[1], true);
  return bytes;
}
