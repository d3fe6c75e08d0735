// The univariate-skip domain (docs/protocol.md §1.3, §9.3): the nodes S = PHI[0..64) are the F2-span
// of φ8(t^0..t^5), a subspace of K, and the transmitted values sit on the coset Λ = PHI[64..128);
// S ∪ Λ = PHI[0..128) is again a subspace. On a subspace U every node's Lagrange denominator
// Π_{u'≠u}(u − u') is the same constant (the product of U's nonzero elements), and the
// numerator is V_U(z)/(z − u) with V_U(z) = Π_{u∈U}(z − u), so the whole basis costs one
// batch inversion. φ8 is a field embedding, so over Λ the basis lives in GF(2^8) itself.
import { type E, eBatchInv, eMulAt, eMulKAt, eOne } from '../../field/e';
import { gf8Inv, gf8Mul } from '../../field/gf8';
import { kMulAt } from '../../field/k';
import { PHI } from '../../field/phi8';
import { ShapeError } from '../../util/errors';

/** Nodes of the skip domain S (= 2^K_SKIP). */
export const SKIP_NODES = 64;

/** GF(2^8) Lagrange basis of S at the coset: LAMBDA_LAGRANGE[64·i + s] = ℓ_s(64 + i). */
export const LAMBDA_LAGRANGE = new Uint8Array(SKIP_NODES * SKIP_NODES);
{
  let d = 1; // Π of S's nonzero elements
  for (let u = 1; u < SKIP_NODES; u++) d = gf8Mul(d, u);
  const dInv = gf8Inv(d);
  for (let i = 0; i < SKIP_NODES; i++) {
    const mu = SKIP_NODES + i;
    let v = 1; // V_S(μ)
    for (let s = 0; s < SKIP_NODES; s++) v = gf8Mul(v, mu ^ s);
    const scale = gf8Mul(v, dInv);
    for (let s = 0; s < SKIP_NODES; s++) LAMBDA_LAGRANGE[SKIP_NODES * i + s] = gf8Mul(scale, gf8Inv(mu ^ s));
  }
}

/** 1 / Π of the nonzero elements of span(PHI[0..2^k)), k = 6 and 7, in K. */
const DENOM_INV = new Map<number, Uint32Array>();
for (const k of [6, 7]) {
  const d = Uint32Array.of(1, 0);
  for (let u = 1; u < 1 << k; u++) kMulAt(d, 0, d, 0, PHI, 2 * u);
  // a^(2^64 − 2) through E's inversion keeps this file to the E API.
  DENOM_INV.set(k, eBatchInv(Uint32Array.of(d[0], d[1], 0, 0, 0, 0)).slice(0, 2));
}

/** L_u(z) for the 2^k nodes PHI[0..2^k), k ∈ {6, 7}, packed (6·2^k words). */
export function subspaceLagrange(z: E, k: number): Uint32Array {
  const dInv = DENOM_INV.get(k);
  if (dInv === undefined) throw new ShapeError(`subspaceLagrange: only 64 or 128 nodes (k = 6, 7), got k = ${k}`);
  const n = 1 << k;
  const diffs = new Uint32Array(6 * n);
  const v = eOne();
  for (let u = 0; u < n; u++) {
    diffs.set(z.subarray(0, 6), 6 * u);
    diffs[6 * u] ^= PHI[2 * u];
    diffs[6 * u + 1] ^= PHI[2 * u + 1];
    if ((diffs[6 * u] | diffs[6 * u + 1] | diffs[6 * u + 2] | diffs[6 * u + 3] | diffs[6 * u + 4] | diffs[6 * u + 5]) === 0) {
      const delta = new Uint32Array(6 * n); // z is a node
      delta[6 * u] = 1;
      return delta;
    }
    eMulAt(v, 0, v, 0, diffs, 6 * u);
  }
  eMulKAt(v, 0, v, 0, dInv, 0);
  const out = eBatchInv(diffs);
  for (let u = 0; u < n; u++) eMulAt(out, 6 * u, out, 6 * u, v, 0);
  return out;
}

/** The skip Lagrange weights L_s(z), s < 64. */
export function skipWeights(z: E): Uint32Array {
  return subspaceLagrange(z, 6);
}

/**
 * The value at z of the polynomial of degree < 128 with the given 64 values on S (null: all
 * zero, the round-1 message's case) and 64 values on Λ.
 */
export function interpolateSkip(z: E, onS: Uint32Array | null, onLambda: Uint32Array): E {
  if (onLambda.length !== 6 * SKIP_NODES || (onS !== null && onS.length !== 6 * SKIP_NODES)) {
    throw new ShapeError(`interpolateSkip: need ${SKIP_NODES} E values per half of the domain`);
  }
  const weights = subspaceLagrange(z, 7);
  const acc = new Uint32Array(6), t = new Uint32Array(6);
  for (let u = 0; u < 2 * SKIP_NODES; u++) {
    const values = u < SKIP_NODES ? onS : onLambda;
    if (values === null) continue;
    eMulAt(t, 0, weights, 6 * u, values, 6 * (u % SKIP_NODES));
    for (let i = 0; i < 6; i++) acc[i] ^= t[i];
  }
  return acc;
}
