// The ring-switching map Φ: E → E (docs/protocol.md §7), drawn from six challenges f_0..f_5 as the
// composition of the stages a ← a + f_p·a^(2^{d_p}), d = 32, 16, 8, 4, 2, 1. Every stage is
// F2-linear (squaring is), so Φ is too: it is fixed by its values on the 192 F2-basis vectors.
import { type E, eMulAt, eSquareAt } from '../../field/e';
import { RingSwitchError } from './errors';

export const RING_MAP_SHIFTS: readonly number[] = [32, 16, 8, 4, 2, 1];

/** Bits of an E element, and the byte tables that evaluate Φ 8 bits at a time. */
const E_BITS = 192;
const E_BYTES = 24;
/** Words of the output of phiByteTables: 24 tables × 256 entries × 6 words. */
export const PHI_TABLE_WORDS = 6 * 256 * E_BYTES;

function checkChallenges(f: Uint32Array, what: string): void {
  if (f.length !== 6 * RING_MAP_SHIFTS.length) {
    throw new RingSwitchError(`${what}: need ${RING_MAP_SHIFTS.length} E challenges (${6 * RING_MAP_SHIFTS.length} words), got ${f.length} words`);
  }
}

/** Φ(a) by the six stages; f = the challenges f_0..f_5 packed (36 words). */
export function phi(a: E, f: Uint32Array): E {
  checkChallenges(f, 'phi');
  const v = Uint32Array.from(a);
  const frob = new Uint32Array(6);
  RING_MAP_SHIFTS.forEach((shift, p) => {
    frob.set(v);
    for (let i = 0; i < shift; i++) eSquareAt(frob, 0, frob, 0);
    eMulAt(frob, 0, frob, 0, f, 6 * p);
    for (let t = 0; t < 6; t++) v[t] ^= frob[t];
  });
  return v;
}

/**
 * The Frobenius expansion Φ(a) = Σ_{k<64} c_k·a^(2^k) (64 packed E): expanding the product of
 * the stages (1 + f_p·σ^{d_p}), with σ the squaring map and σ^d·f = f^(2^d)·σ^d, gives
 * c_k = Π_{p : k & d_p} f_p^(2^(k mod d_p)).
 */
export function phiCoefficients(f: Uint32Array): Uint32Array {
  checkChallenges(f, 'phiCoefficients');
  // powers[p][j] = f_p^(2^j) for j < d_p, at word offset 6·(base_p + j).
  const bases: number[] = [];
  let total = 0;
  for (const shift of RING_MAP_SHIFTS) {
    bases.push(total);
    total += shift;
  }
  const powers = new Uint32Array(6 * total);
  RING_MAP_SHIFTS.forEach((shift, p) => {
    const at = 6 * bases[p];
    powers.set(f.subarray(6 * p, 6 * p + 6), at);
    for (let j = 1; j < shift; j++) eSquareAt(powers, at + 6 * j, powers, at + 6 * (j - 1));
  });
  const c = new Uint32Array(6 * 64);
  for (let k = 0; k < 64; k++) {
    c[6 * k] = 1;
    RING_MAP_SHIFTS.forEach((shift, p) => {
      if ((k & shift) !== 0) eMulAt(c, 6 * k, c, 6 * k, powers, 6 * (bases[p] + (k % shift)));
    });
  }
  return c;
}

/**
 * cw[w] = Φ(b_w) for the 192 F2-basis vectors (packed E, 1152 words): b_w is the E element
 * whose only set bit is bit w of its six-word image (w < 64: (x^w, 0, 0), then limb 1, limb 2).
 */
export function coordinateWeights(f: Uint32Array): Uint32Array {
  checkChallenges(f, 'coordinateWeights');
  const cw = new Uint32Array(6 * E_BITS);
  const basis = new Uint32Array(6);
  for (let w = 0; w < E_BITS; w++) {
    basis.fill(0);
    basis[w >>> 5] = 1 << (w & 31);
    cw.set(phi(basis, f), 6 * w);
  }
  return cw;
}

/**
 * Subset sums of the coordinate weights per byte of an E element: table t (< 24) entry v is
 * Σ_{bits i of v} cw[8t + i], at word offset 6·(256t + v). Φ(e) is then 24 lookups and XORs.
 */
export function phiByteTables(cw: Uint32Array): Uint32Array {
  if (cw.length !== 6 * E_BITS) throw new RingSwitchError(`phiByteTables: need ${E_BITS} coordinate weights (${6 * E_BITS} words), got ${cw.length} words`);
  const tables = new Uint32Array(PHI_TABLE_WORDS);
  for (let t = 0; t < E_BYTES; t++) {
    const base = 6 * 256 * t;
    for (let v = 1; v < 256; v++) {
      // v = (v without its lowest bit) + that bit: one earlier entry plus one weight.
      const low = 31 - Math.clz32(v & -v);
      const prev = base + 6 * (v & (v - 1));
      const weight = 6 * (8 * t + low);
      const o = base + 6 * v;
      for (let i = 0; i < 6; i++) tables[o + i] = tables[prev + i] ^ cw[weight + i];
    }
  }
  return tables;
}

/** out[o..o+6) = Φ(src[si..si+6)) by the byte tables; src may be out (it is read first). */
export function phiByTablesAt(tables: Uint32Array, src: Uint32Array, si: number, out: Uint32Array, o: number): void {
  let a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0;
  for (let word = 0; word < 6; word++) {
    const x = src[si + word];
    for (let b = 0; b < 4; b++) {
      const e = 6 * (256 * (4 * word + b) + ((x >>> (8 * b)) & 0xff));
      a0 ^= tables[e];
      a1 ^= tables[e + 1];
      a2 ^= tables[e + 2];
      a3 ^= tables[e + 3];
      a4 ^= tables[e + 4];
      a5 ^= tables[e + 5];
    }
  }
  out[o] = a0;
  out[o + 1] = a1;
  out[o + 2] = a2;
  out[o + 3] = a3;
  out[o + 4] = a4;
  out[o + 5] = a5;
}
