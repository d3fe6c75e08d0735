// E = K[y] / (y^3 + y + 1) = GF(2^192). An element is three K limbs (c0, c1, c2), meaning
// c0 + c1·y + c2·y², stored as six u32 words [c0lo, c0hi, c1lo, c1hi, c2lo, c2hi];
// arrays of n elements are packed as 6n words.
import { batchInvert } from './batchinv';
import { clmulAcc, csquareAcc, reduceTo } from './clmul';
import { ShapeError } from '../util/errors';
import { checkExponent, exponentBits } from './exponent';
import { type K, kInv, kMulAt } from './k';

export type E = Uint32Array;

/** Unreduced 128-bit words: six Karatsuba products (0..24), then three result limbs (24..36). */
const ACC = new Int32Array(36);
const K_COPY = new Uint32Array(2);

export function eZero(): E {
  return new Uint32Array(6);
}

export function eOne(): E {
  return Uint32Array.of(1, 0, 0, 0, 0, 0);
}

/** K ⊂ E as (k, 0, 0). */
export function eFromK(k: K): E {
  return Uint32Array.of(k[0], k[1], 0, 0, 0, 0);
}

export function eFromLimbs(c0: K, c1: K, c2: K): E {
  return Uint32Array.of(c0[0], c0[1], c1[0], c1[1], c2[0], c2[1]);
}

/** Limb i (0, 1 or 2) as a fresh K. */
export function eLimb(a: E, i: number): K {
  return a.slice(2 * i, 2 * i + 2);
}

export function eEq(a: E, b: E): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3] && a[4] === b[4] && a[5] === b[5];
}

export function eIsZero(a: E): boolean {
  return (a[0] | a[1] | a[2] | a[3] | a[4] | a[5]) === 0;
}

export function eAdd(a: E, b: E): E {
  return Uint32Array.of(a[0] ^ b[0], a[1] ^ b[1], a[2] ^ b[2], a[3] ^ b[3], a[4] ^ b[4], a[5] ^ b[5]);
}

/**
 * out[o..o+6) = a[ai..ai+6) · b[bi..bi+6). Karatsuba gives the schoolbook coefficients
 * p0..p4 from six products m_ij (m_ii = a_i·b_i, m_ij = (a_i + a_j)(b_i + b_j)); folding
 * y^3 = y + 1, y^4 = y^2 + y into (p0+p3, p1+p3+p4, p2+p4) leaves
 * r0 = m00+m11+m22+m12, r1 = m00+m01+m12, r2 = m00+m11+m02, all unreduced until the three
 * final reductions. Inputs are read before out is written.
 */
export function eMulAt(out: Uint32Array, o: number, a: Uint32Array, ai: number, b: Uint32Array, bi: number): void {
  const a0 = a[ai] | 0, a1 = a[ai + 1] | 0, a2 = a[ai + 2] | 0, a3 = a[ai + 3] | 0, a4 = a[ai + 4] | 0, a5 = a[ai + 5] | 0;
  const b0 = b[bi] | 0, b1 = b[bi + 1] | 0, b2 = b[bi + 2] | 0, b3 = b[bi + 3] | 0, b4 = b[bi + 4] | 0, b5 = b[bi + 5] | 0;
  const p = ACC;
  p.fill(0, 0, 24);
  clmulAcc(p, 0, a0, a1, b0, b1);
  clmulAcc(p, 4, a2, a3, b2, b3);
  clmulAcc(p, 8, a4, a5, b4, b5);
  clmulAcc(p, 12, a0 ^ a2, a1 ^ a3, b0 ^ b2, b1 ^ b3);
  clmulAcc(p, 16, a0 ^ a4, a1 ^ a5, b0 ^ b4, b1 ^ b5);
  clmulAcc(p, 20, a2 ^ a4, a3 ^ a5, b2 ^ b4, b3 ^ b5);
  for (let w = 0; w < 4; w++) {
    const m00 = p[w], m11 = p[4 + w], m22 = p[8 + w], m01 = p[12 + w], m02 = p[16 + w], m12 = p[20 + w];
    p[24 + w] = m00 ^ m11 ^ m22 ^ m12;
    p[28 + w] = m00 ^ m01 ^ m12;
    p[32 + w] = m00 ^ m11 ^ m02;
  }
  reduceTo(out, o, p, 24);
  reduceTo(out, o + 2, p, 28);
  reduceTo(out, o + 4, p, 32);
}

/** out[o..o+6) = a[ai..ai+6)²: limb squares land at y^0, y^2, y^4, giving (s0, s2, s1 + s2). */
export function eSquareAt(out: Uint32Array, o: number, a: Uint32Array, ai: number): void {
  const a0 = a[ai] | 0, a1 = a[ai + 1] | 0, a2 = a[ai + 2] | 0, a3 = a[ai + 3] | 0, a4 = a[ai + 4] | 0, a5 = a[ai + 5] | 0;
  ACC.fill(0, 24, 36);
  csquareAcc(ACC, 24, a0, a1);
  csquareAcc(ACC, 28, a4, a5);
  csquareAcc(ACC, 32, a2, a3);
  csquareAcc(ACC, 32, a4, a5);
  reduceTo(out, o, ACC, 24);
  reduceTo(out, o + 2, ACC, 28);
  reduceTo(out, o + 4, ACC, 32);
}

/** out[o..o+6) = a[ai..ai+6) · k[ki..ki+2): the mixed E × K product is limbwise. */
export function eMulKAt(out: Uint32Array, o: number, a: Uint32Array, ai: number, k: Uint32Array, ki: number): void {
  // Copied first: out may overlap k.
  K_COPY[0] = k[ki];
  K_COPY[1] = k[ki + 1];
  kMulAt(out, o, a, ai, K_COPY, 0);
  kMulAt(out, o + 2, a, ai + 2, K_COPY, 0);
  kMulAt(out, o + 4, a, ai + 4, K_COPY, 0);
}

/** Σ_i a_i·k_i for n E elements a[ai..ai+6n) and n K elements k[ki..ki+2n): the E × K product
 * is limbwise and reduction linear, so the sum stays unreduced until its three reductions. */
export function eKDot(a: Uint32Array, ai: number, k: Uint32Array, ki: number, n: number): E {
  const p = ACC;
  p.fill(0, 0, 12);
  for (let i = 0, j = ai, l = ki; i < n; i++, j += 6, l += 2) {
    const k0 = k[l] | 0, k1 = k[l + 1] | 0;
    clmulAcc(p, 0, a[j] | 0, a[j + 1] | 0, k0, k1);
    clmulAcc(p, 4, a[j + 2] | 0, a[j + 3] | 0, k0, k1);
    clmulAcc(p, 8, a[j + 4] | 0, a[j + 5] | 0, k0, k1);
  }
  const out = new Uint32Array(6);
  reduceTo(out, 0, p, 0);
  reduceTo(out, 2, p, 4);
  reduceTo(out, 4, p, 8);
  return out;
}

export function eMul(a: E, b: E): E {
  const out = new Uint32Array(6);
  eMulAt(out, 0, a, 0, b, 0);
  return out;
}

export function eSquare(a: E): E {
  const out = new Uint32Array(6);
  eSquareAt(out, 0, a, 0);
  return out;
}

export function eMulK(a: E, k: K): E {
  const out = new Uint32Array(6);
  eMulKAt(out, 0, a, 0, k, 0);
  return out;
}

/** Element-wise products of two packed arrays of n elements (6n words each); out may alias a or b. */
export function eMulArrays(a: Uint32Array, b: Uint32Array, out: Uint32Array): void {
  if (a.length !== b.length || out.length !== a.length || a.length % 6 !== 0) {
    throw new ShapeError(
      `eMulArrays: packed E arrays must have equal lengths that are multiples of 6 (a ${a.length}, b ${b.length}, out ${out.length})`,
    );
  }
  for (let i = 0; i < a.length; i += 6) eMulAt(out, i, a, i, b, i);
}

/** a^(2^64): y^(2^64) = y², and squaring is additive, so (c0, c1, c2) ↦ (c0, c2, c1 + c2). */
export function eFrobenius(a: E): E {
  return Uint32Array.of(a[0], a[1], a[4], a[5], a[2] ^ a[4], a[3] ^ a[5]);
}

/** a^(2^k); k is taken mod 192 because a^(2^192) = a. */
export function eFrobPow(a: E, k: number): E {
  checkExponent(k, 'eFrobPow');
  const r = k % 192;
  let out: E = a.slice(0, 6);
  for (let i = 0; i < Math.floor(r / 64); i++) out = eFrobenius(out);
  for (let i = r % 64; i > 0; i--) eSquareAt(out, 0, out, 0);
  return out;
}

/** a^e for a non-negative safe integer e (0^0 = 1). */
export function ePow(a: E, e: number): E {
  const out = eOne();
  for (const bit of exponentBits(e, 'ePow')) {
    eSquareAt(out, 0, out, 0);
    if (bit) eMulAt(out, 0, out, 0, a, 0);
  }
  return out;
}

/**
 * a^-1 (0 for a = 0) via the norm: with φ the Frobenius, b = φ(a)·φ²(a) makes a·b = N(a) ∈ K,
 * so a^-1 = b · N(a)^-1 and only a K inversion is needed. φ²(a) = (c0, c1 + c2, c1).
 */
export function eInv(a: E): E {
  const phi2 = Uint32Array.of(a[0], a[1], a[2] ^ a[4], a[3] ^ a[5], a[2], a[3]);
  const b = eMul(eFrobenius(a), phi2);
  const norm = eMul(a, b); // (N, 0, 0)
  return eMulK(b, kInv(norm.subarray(0, 2)));
}

const E_OPS = { width: 6, one: eOne, mulAt: eMulAt, inv: eInv };

/** Inverses of a packed array (6n words) by Montgomery's trick; zeros map to zero. Returns out (fresh unless given; may be arr). */
export function eBatchInv(arr: Uint32Array, out: Uint32Array = new Uint32Array(arr.length)): Uint32Array {
  return batchInvert(E_OPS, arr, out, 'eBatchInv');
}

/** The element stored as 24 bytes c0 ‖ c1 ‖ c2 (each 8 bytes little-endian) at bytes[offset..). */
export function eFromBytes(bytes: Uint8Array, offset = 0): E {
  if (!Number.isInteger(offset) || offset < 0 || offset + 24 > bytes.length) {
    throw new ShapeError(`eFromBytes: need 24 bytes at offset ${offset}, buffer has ${bytes.length}`);
  }
  const v = new DataView(bytes.buffer, bytes.byteOffset + offset, 24);
  const out = new Uint32Array(6);
  for (let i = 0; i < 6; i++) out[i] = v.getUint32(4 * i, true);
  return out;
}

/** The 24 bytes c0 ‖ c1 ‖ c2, each limb little-endian. */
export function eToBytes(a: E): Uint8Array {
  const bytes = new Uint8Array(24);
  const v = new DataView(bytes.buffer);
  for (let i = 0; i < 6; i++) v.setUint32(4 * i, a[i], true);
  return bytes;
}
