// The ring-switching map Φ: E → E (docs/protocol.md §7), drawn from six challenges f_0..f_5 as the
// composition of the stages a ← a + f_p·a^(2^{d_p}), d = 32, 16, 8, 4, 2, 1. Every stage is
// F2-linear (squaring is), so Φ is too: it is fixed by its values on the 192 F2-basis vectors.
import { type E, eMulAt, eSquareAt } from '../../field/e';
import { ShapeError } from '../../util/errors';

export const RING_MAP_SHIFTS: readonly number[] = [32, 16, 8, 4, 2, 1];

/** Bits of an E element: Φ is known by its images of the 192 basis vectors. */
const E_BITS = 192;

function checkChallenges(f: Uint32Array, what: string): void {
  if (f.length !== 6 * RING_MAP_SHIFTS.length) {
    throw new ShapeError(`${what}: need ${RING_MAP_SHIFTS.length} E challenges (${6 * RING_MAP_SHIFTS.length} words), got ${f.length} words`);
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
